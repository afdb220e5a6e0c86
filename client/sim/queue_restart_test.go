package sim

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A task's lifecycle follows from its id alone: a simulator that did not
// see the submission (the next run of the demo) answers for it exactly as
// the one that took it, through to the video.
func TestQueueTaskOutlivesTheSimulator(t *testing.T) {
	clock := newFakeClock()
	opts := Options{Clock: clock.Now, Pace: time.Second, IDSeed: "run 1"}
	_, first := testSim(t, opts)
	type sub struct{ path, family, id string }
	var subs []sub
	for _, s := range []struct{ path, prompt string }{
		{"videoa/q1/text-to-video", "a cat"},
		{"videob/o3/pro/text-to-video", "a dog"},
		{"videoc3.1/fast", "a bird"},
		{"videoa/q3/text-to-video/turbo", "a fox [[fail]]"},
		{"videoc3.1/fast", "a fish [[fail]]"},
	} {
		h := submitVideo(t, first, s.path, map[string]any{"prompt": s.prompt})
		subs = append(subs, sub{s.path, strings.SplitN(s.path, "/", 2)[0], h["request_id"].(string)})
	}
	clock.Advance(4 * time.Second) // in progress
	before := map[string]map[string]any{}
	for _, s := range subs {
		_, b := send(t, first, http.MethodGet, "/queue/qv/"+s.family+"/requests/"+s.id+"/status?logs=1", nil)
		before[s.id] = decodeJSON(t, b)
	}
	first.Close()

	opts.IDSeed = "run 2"
	_, second := testSim(t, opts)
	for _, s := range subs {
		resp, b := send(t, second, http.MethodGet, "/queue/qv/"+s.family+"/requests/"+s.id+"/status?logs=1", nil)
		got := decodeJSON(t, b)
		if resp.StatusCode != http.StatusAccepted || got["status"] != "IN_PROGRESS" || !sameLifecycle(before[s.id], got) {
			t.Fatalf("%s after a restart: %d %v\nbefore: %v", s.path, resp.StatusCode, got, before[s.id])
		}
		if u, _ := got["status_url"].(string); !strings.HasPrefix(u, second.URL+basePath+"/queue/qv/"+s.family+"/requests/") {
			t.Errorf("%s: status_url %q is not on the simulator that answered", s.path, u)
		}
	}
	clock.Advance(3 * time.Second) // complete
	for _, s := range subs[:3] {
		resp, b := send(t, second, http.MethodGet, "/queue/qv/"+s.family+"/requests/"+s.id, nil)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s result: %d %s", s.path, resp.StatusCode, b)
		}
		video := decodeJSON(t, b)["video"]
		if s.family == "videoc3.1" {
			video = decodeJSON(t, b)["result"].(map[string]any)["video"]
		}
		url := video.(map[string]any)["url"].(string)
		mp4 := open(t, second, http.MethodGet, url, nil)
		body, _ := io.ReadAll(mp4.Body)
		mp4.Body.Close()
		if mp4.StatusCode != http.StatusOK || len(body) < 12 || string(body[4:8]) != "ftyp" {
			t.Fatalf("%s video: %d, %d bytes", s.path, mp4.StatusCode, len(body))
		}
	}
	// The failures are kept in the id too.
	resp, b := send(t, second, http.MethodGet, "/queue/qv/videoa/requests/"+subs[3].id, nil)
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(string(b), "content_policy_violation") {
		t.Errorf("a failed videoa task after a restart: %d %s", resp.StatusCode, b)
	}
	_, b = send(t, second, http.MethodGet, "/queue/qv/videoc3.1/requests/"+subs[4].id, nil)
	if detail, _ := decodeJSON(t, b)["detail"].(map[string]any); detail["type"] != "content_policy_violation" {
		t.Errorf("a failed videoc3.1 task after a restart: %s", b)
	}
}

// sameLifecycle compares two status replies but for their URLs.
func sameLifecycle(a, b map[string]any) bool {
	for _, k := range []string{"status", "queue_position", "logs", "detail", "request_id"} {
		if !reflectEqualJSON(a[k], b[k]) {
			return false
		}
	}
	return true
}

func reflectEqualJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// An id the simulator did not make, or one under another family, is still
// not found.
func TestQueueUnknownIDs(t *testing.T) {
	clock := newFakeClock()
	_, srv := testSim(t, Options{Clock: clock.Now, Pace: time.Second})
	h := submitVideo(t, srv, "videob/o3/pro/text-to-video", map[string]any{"prompt": "a dog"})
	id := h["request_id"].(string)
	flipped := id[:len(id)-1] + string("0123456789abcdef"[(strings.IndexByte("0123456789abcdef", id[len(id)-1])+1)%16])
	for _, path := range []string{
		"/queue/qv/videob/requests/" + flipped + "/status",
		"/queue/qv/videoa/requests/" + id + "/status",
		"/queue/qv/videob/requests/0195f3a0-1234-7abc-8def-0123456789ab/status",
		"/queue/qv/videob/requests/not-an-id/status",
		"/sim/media/" + flipped + ".mp4",
	} {
		if resp, b := send(t, srv, http.MethodGet, path, nil); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d %s", path, resp.StatusCode, b)
		}
	}
}

// FuzzTaskID: an id read from a request never panics; an id the
// simulator made reads back as what went in.
func FuzzTaskID(f *testing.F) {
	f.Add("01a21404-bc6c-70f8-86f3-babd45f65209", int64(1767225600123), uint8(1), uint8(2), []byte("seed"))
	f.Add("not-an-id", int64(-5), uint8(9), uint8(7), []byte{})
	f.Fuzz(func(t *testing.T, id string, ms int64, fam, fate uint8, hash []byte) {
		parseTaskID(id)
		ms &= 1<<47 - 1
		family := idFamilies[int(fam)%len(idFamilies)]
		made := newTaskID(time.UnixMilli(ms), family, int(fate%3), hash)
		created, gotFam, gotFate, ok := parseTaskID(made)
		if !ok || created.UnixMilli() != ms || gotFam != family || gotFate != int(fate%3) {
			t.Fatalf("%s read back as %v %s %d %v", made, created, gotFam, gotFate, ok)
		}
	})
}

package sim

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

// videoBodies are minimal valid bodies per endpoint, by path after /queue/qv/.
var videoBodies = map[string]map[string]any{
	"videoa/q1/text-to-video":                  {"prompt": "a cat"},
	"videoa/q1/reference-to-video":             {"prompt": "@cat runs", "subjects": []any{map[string]any{"id": "cat", "images": []any{"https://example.org/c.png"}, "voice_id": ""}}},
	"videoa/q1/image-to-video":                 {"prompt": "a cat", "image_url": "https://example.org/c.png"},
	"videoa/q1/start-end-to-video":             {"prompt": "a cat", "start_image_url": "https://example.org/a.png", "end_image_url": "https://example.org/b.png"},
	"videoa/q3/reference-to-video/turbo":       {"prompt": "a cat", "reference_image_urls": []any{"https://example.org/c.png"}},
	"videoa/q3/image-to-video/turbo":           {"image_url": "https://example.org/c.png"},
	"videoa/q3/text-to-video/turbo":            {"prompt": "a cat"},
	"videoa/q3/start-end-to-video/turbo":       {"start_image_url": "https://example.org/a.png", "end_image_url": "https://example.org/b.png"},
	"videob/o3/pro/text-to-video":              {"prompt": "a cat"},
	"videob/o3/standard/image-to-video":        {"prompt": "a cat", "image_url": "https://example.org/c.png"},
	"videob/o3/4k/reference-to-video":          {"multi_prompt": []any{map[string]any{"index": 1, "prompt": "a cat", "duration": "5"}}},
	"videob/o3/std/video-to-video/reference":   {"prompt": "a cat", "video_url": "https://example.org/v.mp4"},
	"videob/o3/pro/video-to-video/edit":        {"prompt": "a cat", "video_url": "https://example.org/v.mp4"},
	"videoc3.1/fast":                           {"prompt": "a cat"},
	"videoc3.1/fast/first-last-frame-to-video": {"prompt": "a cat", "first_frame_url": "https://example.org/a.png", "last_frame_url": "https://example.org/b.png"},
	"videoc3.1/fast/image-to-video":            {"prompt": "a cat", "image_url": "https://example.org/c.png"},
}

var formKeys = map[string][]string{
	formA:  {"cancel_url", "request_id", "response_url", "status", "status_url"},
	formA2: {"cancel_url", "logs", "queue_position", "request_id", "response_url", "status", "status_url"},
	formB:  {"logs", "queue_position", "request_id", "response_url", "status", "status_url"},
	formC:  {"detail", "logs", "metrics", "queue_position", "request_id", "response_url", "result", "status", "status_url"},
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// submitVideo posts a submission that must succeed and returns its handle.
func submitVideo(t *testing.T, srv *httptest.Server, path string, body map[string]any) map[string]any {
	t.Helper()
	resp, raw := send(t, srv, http.MethodPost, "/queue/qv/"+path, body)
	if resp.StatusCode != 200 {
		t.Fatalf("submit %s: %d %s", path, resp.StatusCode, raw)
	}
	return decodeJSON(t, raw)
}

func TestQueueForms(t *testing.T) {
	_, srv := testSim(t, Options{})
	if len(videoBodies) != 16 {
		t.Fatalf("%d endpoints in the table, want 16", len(videoBodies))
	}
	for path, body := range videoBodies {
		t.Run(path, func(t *testing.T) {
			e, _, ok := matchEndpoint(path)
			if !ok {
				t.Fatal("no endpoint")
			}
			h := submitVideo(t, srv, path, body)
			if got := keys(h); !reflect.DeepEqual(got, formKeys[e.form]) {
				t.Fatalf("form %s keys %v, want %v", e.form, got, formKeys[e.form])
			}
			id := str(t, h, "request_id")
			family := strings.SplitN(path, "/", 2)[0]
			result := srv.URL + basePath + "/queue/qv/" + family + "/requests/" + id
			if h["status"] != "IN_QUEUE" || h["response_url"] != result || h["status_url"] != result+"/status" {
				t.Errorf("handle %v", h)
			}
			switch e.form {
			case formA:
				if h["cancel_url"] != "" {
					t.Errorf("Form A cancel_url %v", h["cancel_url"])
				}
			case formA2, formB:
				if num(t, h, "queue_position") != 0 || len(list(t, h, "logs")) != 0 {
					t.Errorf("queue_position/logs %v %v", h["queue_position"], h["logs"])
				}
			case formC:
				if h["logs"] != nil || h["result"] != nil || h["detail"] != nil || len(dig(t, h, "metrics").(map[string]any)) != 0 {
					t.Errorf("Form C handle %v", h)
				}
			}
		})
	}
}

// poll GETs a URL from a handle and decodes the reply.
func poll(t *testing.T, srv *httptest.Server, url string) (int, map[string]any) {
	t.Helper()
	resp, raw := send(t, srv, http.MethodGet, url, nil)
	return resp.StatusCode, decodeJSON(t, raw)
}

func TestQueueLifecycle(t *testing.T) {
	clock := newFakeClock()
	_, srv := testSim(t, Options{Pace: time.Second, Clock: clock.Now})
	h := submitVideo(t, srv, "videob/o3/pro/text-to-video", videoBodies["videob/o3/pro/text-to-video"])
	status, result := str(t, h, "status_url"), str(t, h, "response_url")
	for want := 2; want >= 0; want-- {
		code, st := poll(t, srv, status+"?logs=1")
		if code != 202 || st["status"] != "IN_QUEUE" || num(t, st, "queue_position") != want {
			t.Fatalf("queued: %d %v", code, st)
		}
		if code, _ := poll(t, srv, result); code != 400 {
			t.Fatalf("result while queued: %d", code)
		}
		clock.Advance(time.Second)
	}
	for step := 1; step <= 4; step++ {
		code, st := poll(t, srv, status+"?logs=1")
		logs := list(t, st, "logs")
		if code != 202 || st["status"] != "IN_PROGRESS" || len(logs) != step {
			t.Fatalf("step %d: %d %v", step, code, st)
		}
		last := logs[step-1].(map[string]any)
		if last["message"] != fmt.Sprintf("rendering frame %d/120", step*30) || last["level"] == "" || last["timestamp"] == "" {
			t.Errorf("log line %v", last)
		}
		if _, err := time.Parse(time.RFC3339Nano, str(t, last, "timestamp")); err != nil {
			t.Errorf("timestamp: %v", err)
		}
		if _, st := poll(t, srv, status); st["logs"] != nil {
			t.Error("logs without ?logs=1")
		}
		clock.Advance(time.Second)
	}
	code, st := poll(t, srv, status+"?logs=1")
	if code != 200 || st["status"] != "COMPLETED" || len(list(t, st, "logs")) != 5 || st["error"] != nil {
		t.Fatalf("completed: %d %v", code, st)
	}
	code, res := poll(t, srv, result)
	video := dig(t, res, "video").(map[string]any)
	if code != 200 || video["content_type"] != "video/mp4" || num(t, video, "file_size") == 0 || str(t, video, "file_name") == "" {
		t.Fatalf("result: %d %v", code, res)
	}
	checkMedia(t, srv, str(t, video, "url"), num(t, video, "file_size"))
}

// checkMedia downloads the video whole and by range.
func checkMedia(t *testing.T, srv *httptest.Server, url string, size int) {
	t.Helper()
	resp, body := send(t, srv, http.MethodGet, url, nil, "Authorization", "")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "video/mp4" || len(body) != size || string(body[4:8]) != "ftyp" {
		t.Fatalf("media: %d %s, %d bytes", resp.StatusCode, resp.Header.Get("Content-Type"), len(body))
	}
	resp, part := send(t, srv, http.MethodGet, url, nil, "Range", "bytes=100-199")
	if resp.StatusCode != 206 || len(part) != 100 || string(part) != string(body[100:200]) ||
		resp.Header.Get("Content-Range") != fmt.Sprintf("bytes 100-199/%d", size) {
		t.Fatalf("range: %d %q, %d bytes", resp.StatusCode, resp.Header.Get("Content-Range"), len(part))
	}
}

func TestQueueFormCLifecycle(t *testing.T) {
	clock := newFakeClock()
	_, srv := testSim(t, Options{Pace: time.Second, Clock: clock.Now})
	h := submitVideo(t, srv, "videoc3.1/fast", map[string]any{"prompt": "a cat"})
	status := str(t, h, "status_url")
	_, st := poll(t, srv, status)
	if st["status"] != "IN_QUEUE" || st["detail"] != nil || st["result"] != nil || num(t, st, "queue_position") != 2 {
		t.Fatalf("queued: %v", st)
	}
	clock.Advance(4 * time.Second)
	_, st = poll(t, srv, status+"?logs=1")
	if st["status"] != "IN_PROGRESS" || st["result"] != nil || len(list(t, st, "logs", "entries")) != 2 {
		t.Fatalf("in progress: %v", st)
	}
	clock.Advance(3 * time.Second)
	code, st := poll(t, srv, status)
	if code != 200 || st["status"] != "COMPLETED" || st["detail"] != nil || dig(t, st, "result", "video", "url") == nil {
		t.Fatalf("completed: %d %v", code, st)
	}
	code, res := poll(t, srv, str(t, h, "response_url"))
	if code != 200 || res["detail"] != nil {
		t.Fatalf("result: %d %v", code, res)
	}
	checkMedia(t, srv, str(t, res, "result", "video", "url"), num(t, res, "result", "video", "file_size"))
}

func TestQueueFailure(t *testing.T) {
	_, srv := testSim(t, Options{})
	h := submitVideo(t, srv, "videoa/q1/text-to-video", map[string]any{"prompt": "a cat [[fail]]"})
	code, st := poll(t, srv, str(t, h, "status_url"))
	if code != 200 || st["status"] != "COMPLETED" || str(t, st, "error") == "" || st["error_type"] != "content_policy_violation" {
		t.Fatalf("failed status: %d %v", code, st)
	}
	code, res := poll(t, srv, str(t, h, "response_url"))
	item := list(t, res, "detail")[0].(map[string]any)
	if code != 422 || item["type"] != "content_policy_violation" || !reflect.DeepEqual(item["loc"], []any{"body", "prompt"}) {
		t.Fatalf("failed result: %d %v", code, res)
	}
	id := str(t, h, "request_id")
	if resp, _ := send(t, srv, http.MethodGet, "/sim/media/"+id+".mp4", nil); resp.StatusCode != 404 {
		t.Errorf("media of a failed task: %d", resp.StatusCode)
	}

	h = submitVideo(t, srv, "videoc3.1/fast", map[string]any{"prompt": "a cat [[fail]]"})
	for _, url := range []string{str(t, h, "status_url"), str(t, h, "response_url")} {
		code, st = poll(t, srv, url)
		if code != 200 || st["status"] != "COMPLETED" || st["result"] != nil || str(t, st, "detail", "type") != "content_policy_violation" {
			t.Fatalf("Form C failure at %s: %d %v", url, code, st)
		}
	}
}

func TestQueueFailShare(t *testing.T) {
	for _, share := range []float64{0, 0.3, 1} {
		_, srv := testSim(t, Options{FailShare: share})
		failed := 0
		const n = 60
		for i := range n {
			h := submitVideo(t, srv, "videoa/q3/text-to-video/turbo", map[string]any{"prompt": fmt.Sprintf("cat %d", i)})
			if _, st := poll(t, srv, str(t, h, "status_url")); st["error"] != nil {
				failed++
			}
		}
		if lo, hi := int(share*n)-10, int(share*n)+10; failed < max(lo, 0) || failed > min(hi, n) || (share == 0) != (failed == 0) || (share == 1) != (failed == n) {
			t.Errorf("FailShare %g: %d of %d failed", share, failed, n)
		}
	}
}

func TestQueueValidation(t *testing.T) {
	var seen []string
	validate := func(path string, body map[string]any) error {
		seen = append(seen, path)
		if body["duration"] != nil {
			return errors.Join(fmt.Errorf("duration: must be 5 (got %v)", body["duration"]), errors.New("the body is odd"))
		}
		return nil
	}
	_, plain := testSim(t, Options{})
	_, hooked := testSim(t, Options{ValidateVideo: validate})
	tests := []struct {
		srv   *httptest.Server
		path  string
		body  any
		locs  [][]any
		types []string
	}{
		{plain, "videoa/q1/text-to-video", map[string]any{}, [][]any{{"body", "prompt"}}, []string{"missing"}},
		{plain, "videoc3.1/fast/first-last-frame-to-video", map[string]any{"prompt": "x"}, [][]any{{"body", "first_frame_url"}, {"body", "last_frame_url"}}, []string{"missing", "missing"}},
		{plain, "videob/o3/ultra/text-to-video", map[string]any{"prompt": "x"}, [][]any{{"path", "mode"}}, []string{"enum"}},
		{plain, "videob/o3/4k/video-to-video/edit", map[string]any{"prompt": "x", "video_url": "https://example.org/v.mp4"}, [][]any{{"path", "mode"}}, []string{"enum"}},
		{plain, "videob/o3/pro/text-to-video", map[string]any{"prompt": "x", "multi_prompt": []any{}}, [][]any{{"body", "multi_prompt"}}, []string{"value_error"}},
		{plain, "videoa/q1/text-to-video?queue_webhook=not-a-url", map[string]any{"prompt": "x"}, [][]any{{"query", "queue_webhook"}}, []string{"url_parsing"}},
		{plain, "videoa/q1/text-to-video", "[1,2]", [][]any{{"body"}}, []string{"json_invalid"}},
		{hooked, "videob/o3/pro/text-to-video", map[string]any{"duration": 7}, [][]any{{"body", "duration"}, {"body"}}, []string{"value_error", "value_error"}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, raw := send(t, tt.srv, http.MethodPost, "/queue/qv/"+tt.path, tt.body)
			if resp.StatusCode != 422 {
				t.Fatalf("%d %s", resp.StatusCode, raw)
			}
			detail := list(t, decodeJSON(t, raw), "detail")
			if len(detail) != len(tt.locs) {
				t.Fatalf("detail %v", detail)
			}
			for i, d := range detail {
				item := d.(map[string]any)
				if !reflect.DeepEqual(item["loc"], tt.locs[i]) || item["type"] != tt.types[i] || str(t, item, "msg") == "" {
					t.Errorf("item %d: %v, want loc %v type %s", i, item, tt.locs[i], tt.types[i])
				}
			}
		})
	}
	if !reflect.DeepEqual(seen, []string{"videob/o3/pro/text-to-video"}) {
		t.Errorf("validator saw %v", seen)
	}
	if resp, raw := send(t, hooked, http.MethodPost, "/queue/qv/videoa/q1/text-to-video", map[string]any{"prompt": "ok"}); resp.StatusCode != 200 {
		t.Errorf("validator passing: %d %s", resp.StatusCode, raw)
	}
}

func TestQueueWrongFamily(t *testing.T) {
	_, srv := testSim(t, Options{})
	h := submitVideo(t, srv, "videoa/q1/text-to-video", map[string]any{"prompt": "a cat"})
	if code, _ := poll(t, srv, strings.Replace(str(t, h, "status_url"), "/videoa/", "/videob/", 1)); code != 404 {
		t.Errorf("status under another family: %d", code)
	}
}

package hostile

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"strings"
	"testing"

	"atelier/cmd/atelier/internal/clitest"
	"atelier/store"
)

// The hostile-server suite, video half: `video submit --wait` against media
// that lie about their size, send too little, live at file:// or a cloud
// metadata address, a request id too long for a file name, and statuses
// never documented or never sent. Every wait ends (the poller's clock
// spends no real time), with the video saved once, or a clear error and
// the task recorded as it stands.

func TestHostileVideoTasks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mode   string
		code   int
		stderr string
		media  int32                                  // downloads the server saw
		check  func(t *testing.T, v *store.VideoTask) // what was recorded
	}{
		{clitest.SizeSmaller, 0, "", 1, saved},
		{clitest.SizeLarger, 0, "", 1, saved},
		{clitest.LongID, 0, "", 1, saved},
		// A download given up is a failed download: not done,
		// its partial bytes kept for `video retry`.
		{clitest.ShortMedia, 1, "gave up after 8 failed attempts", 8, func(t *testing.T, v *store.VideoTask) {
			if !v.DownloadFailed() || v.Failed() || v.VideoPath != "" || v.DownloadedBytes == 0 {
				t.Fatalf("want a failed download with its partial bytes: %+v", v)
			}
		}},
		{clitest.FileMedia, 1, "only absolute http(s) media URLs are fetched", 0, downloadFailed("only absolute http(s) media URLs are fetched")},
		{clitest.MetadataMedia, 1, "refusing plain http to a host that is not loopback (use https, or run atelier with --insecure)", 0,
			func(t *testing.T, v *store.VideoTask) {
				if v.Done || v.VideoPath != "" {
					t.Fatalf("want the task left to follow with --insecure: %+v", v)
				}
			}},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel()
			h := clitest.NewHostile(t, tc.mode)
			env := h.Env(t)
			r := runHostile(t, env, nil, "instant", "video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves", "--wait")
			lines := strings.Split(strings.TrimSpace(r.Stdout), "\n")
			if lines[0] != h.ID {
				t.Fatalf("printed %q, want the request id first", r.Stdout)
			}
			if tc.code == 0 {
				if r.Code != 0 || len(lines) != 2 {
					t.Fatalf("exit %d, %q %q", r.Code, r.Stdout, r.Stderr)
				}
				if b, err := os.ReadFile(lines[1]); err != nil || !bytes.Equal(b, h.Video) {
					t.Fatalf("saved %d bytes (%v), want the %d the server sent", len(b), err, len(h.Video))
				}
			} else {
				// Progress lines come first; the error is the last line.
				last := r.Stderr[strings.LastIndex(strings.TrimSpace(r.Stderr), "\n")+1:]
				checkRun(t, clitest.Ran{Stderr: last, Code: r.Code}, tc.code, tc.stderr)
			}
			if n := h.Media.Load(); n != tc.media {
				t.Fatalf("%d downloads, want %d", n, tc.media)
			}
			v, err := openHistory(t, env).VideoTask(context.Background(), h.ID)
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, v)
			nextCommandOpensHistory(t, env, "video:1")
		})
	}
}

func saved(t *testing.T, v *store.VideoTask) {
	if !v.Done || v.Failed() || v.VideoPath == "" {
		t.Fatalf("want the video saved: %+v", v)
	}
}

// downloadFailed checks a task the service completed whose video was not
// saved, for reason: not FAILED, not done to anyone reading it.
func downloadFailed(reason string) func(t *testing.T, v *store.VideoTask) {
	return func(t *testing.T, v *store.VideoTask) {
		if !v.DownloadFailed() || v.Failed() || v.VideoPath != "" || !strings.Contains(v.DownloadError, reason) {
			t.Fatalf("want a failed download with %q: %+v", reason, v)
		}
	}
}

// failed checks a task recorded FAILED with reason, as `video list` shows it.
func failed(reason string) func(t *testing.T, v *store.VideoTask) {
	return func(t *testing.T, v *store.VideoTask) {
		if !v.Done || !v.Failed() || v.Status != store.VideoFailed || !strings.Contains(string(v.FailureJSON), reason) {
			t.Fatalf("want FAILED with %q: %+v", reason, v)
		}
	}
}

// A task whose status is never documented (PAUSED), or never given, is
// polled and shown as it is until limits.OddStatus of it, then failed
// with the reason (the poller's clock spends no real time).
func TestHostileOddVideoStatuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ status, shown, reason string }{
		{"PAUSED", "PAUSED", "unknown status PAUSED for 15 min"},
		{"", "(no status)", "status never reported for 15 min"},
	} {
		t.Run(tc.shown, func(t *testing.T) {
			t.Parallel()
			h := clitest.NewHostile(t, "")
			h.SetServe(func(w http.ResponseWriter, r *http.Request) bool {
				if !strings.HasSuffix(r.URL.Path, "/status") {
					return false
				}
				reply := map[string]any{"request_id": h.ID, "queue_position": 0}
				if tc.status != "" {
					reply["status"] = tc.status
				}
				clitest.WriteJSONReply(w, reply)
				return true
			})
			env := h.Env(t)
			r := runHostile(t, env, nil, "instant", "video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves", "--wait")
			if r.Code != 1 || !strings.Contains(r.Stderr, tc.shown+"\n") || !strings.HasSuffix(strings.TrimSpace(r.Stderr), tc.reason) {
				t.Fatalf("exit %d, stderr %q", r.Code, r.Stderr)
			}
			if h.Media.Load() != 0 {
				t.Fatal("the media was fetched")
			}
			v, err := openHistory(t, env).VideoTask(context.Background(), h.ID)
			if err != nil {
				t.Fatal(err)
			}
			failed(tc.reason)(t, v)
			nextCommandOpensHistory(t, env, "video:1")
		})
	}
}

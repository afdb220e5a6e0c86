package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"

	"atelier/client/sim"
	"atelier/client/sim/simtest"
)

// queueService is the simulator, counting the requests for a task's
// status or result, with a media server that refuses while refuse is set.
type queueService struct {
	env    []string
	polls  atomic.Int64
	refuse atomic.Bool
}

func newQueueService(t *testing.T) *queueService {
	t.Helper()
	s := sim.New(sim.Options{Keys: map[string]string{"queue": "kq"}, ValidateVideo: sim.TableRules})
	q := &queueService{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/requests/") {
			q.polls.Add(1)
		}
		if strings.HasPrefix(r.URL.Path, "/sim/media/") && q.refuse.Load() {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { srv.Close(); s.Close() })
	q.env = []string{"ATELIER_BASE_URL=" + srv.URL, "ATELIER_QUEUE_KEY=kq", "ATELIER_HOME=" + t.TempDir()}
	return q
}

// TestVideoFailedDownloadAndRetry: a refused download is not done on the
// command line either: wait fails saying so and how to retry, the list and
// history say "download failed"; retry --wait with the server fixed saves
// the video; a second retry has nothing to do.
func TestVideoFailedDownloadAndRetry(t *testing.T) {
	t.Parallel()
	q := newQueueService(t)
	q.refuse.Store(true)
	r := atelier(t, q.env, "", "video", "submit", "videoa/q1/text-to-video", "--set", "prompt=a harbour", "--wait")
	id := strings.Split(strings.TrimSpace(r.stdout), "\n")[0]
	errLines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	last := errLines[len(errLines)-1]
	if r.code != 1 || !strings.Contains(last, "download failed: the media server refused the video") ||
		!strings.Contains(last, "atelier video retry "+id+" tries again") || strings.Count(strings.TrimSpace(r.stdout), "\n") > 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = atelier(t, q.env, "", "video", "list")
	if !strings.Contains(r.stdout, "DOWNLOAD FAILED") || !strings.Contains(r.stdout, "download failed: the media server refused") {
		t.Errorf("list: %q", r.stdout)
	}
	r = atelier(t, q.env, "", "history", "list")
	if !strings.Contains(r.stdout, "download failed") {
		t.Errorf("history list: %q", r.stdout)
	}
	r = atelier(t, q.env, "", "history", "show", "video:1")
	if !strings.Contains(r.stdout, "download failed: the media server refused the video") {
		t.Errorf("history show: %s", r.stdout)
	}
	r = atelier(t, q.env, "", "history", "show", "--json", "video:1")
	var doc struct {
		VideoTask struct {
			DownloadFailed string `json:"download_failed"`
			VideoPath      string `json:"video_path"`
		} `json:"video_task"`
	}
	if json.Unmarshal([]byte(r.stdout), &doc) != nil || !strings.Contains(doc.VideoTask.DownloadFailed, "refused") || doc.VideoTask.VideoPath != "" {
		t.Errorf("history show --json: %s", r.stdout)
	}

	q.refuse.Store(false)
	r = atelier(t, q.env, "", "video", "retry", id, "--wait")
	if r.code != 0 {
		t.Fatalf("retry --wait: exit %d, %q", r.code, r.stderr)
	}
	simtest.CheckMP4(t, strings.TrimSpace(r.stdout))
	r = atelier(t, q.env, "", "video", "retry", id)
	if r.code != 2 || !strings.Contains(r.stderr, "did not fail") {
		t.Errorf("a second retry: exit %d, %q", r.code, r.stderr)
	}
	r = atelier(t, q.env, "", "history", "list", "--status", "download failed")
	if strings.Contains(r.stdout, "video:1") {
		t.Errorf("still listed as a failed download: %q", r.stdout)
	}
}

// TestVideoWaitHonoursThePause: while the queue is paused `video wait`
// says so and sends nothing; `video resume` from another process lets it
// end with the video saved.
func TestVideoWaitHonoursThePause(t *testing.T) {
	t.Parallel()
	q := newQueueService(t)
	if r := atelier(t, q.env, "", "video", "pause"); r.code != 0 || !strings.Contains(r.stderr, "paused") {
		t.Fatalf("pause: exit %d, %q", r.code, r.stderr)
	}
	r := atelier(t, q.env, "", "video", "submit", "videoa/q1/text-to-video", "--set", "prompt=dunes")
	id := strings.TrimSpace(r.stdout)
	if r.code != 0 || id == "" {
		t.Fatalf("submit: exit %d, %q", r.code, r.stderr)
	}

	cmd := exec.CommandContext(context.Background(), binary, "video", "wait", id)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}, q.env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	for lines.Scan() && !strings.Contains(lines.Text(), "the video queue is paused") {
	}
	if lines.Err() != nil || q.polls.Load() != 0 {
		t.Fatalf("while paused: %d status requests (%v)", q.polls.Load(), lines.Err())
	}
	if r := atelier(t, q.env, "", "video", "resume"); r.code != 0 {
		t.Fatalf("resume: exit %d, %q", r.code, r.stderr)
	}
	for lines.Scan() {
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("wait: %v", err)
	}
	simtest.CheckMP4(t, strings.TrimSpace(out.String()))
	if q.polls.Load() == 0 {
		t.Fatal("done without a status request")
	}
}

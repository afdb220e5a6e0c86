package e2e

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
)

// videoSets are --set flags giving a valid body for endpoint e: its
// required fields, and a prompt.
func videoSets(e client.VideoEndpoint, prompt string) []string {
	img := "https://example.org/frame.png"
	args := []string{"--set", "prompt=" + prompt}
	for _, f := range e.Fields {
		switch {
		case !f.Required || f.Name == "prompt":
		case f.Name == "subjects":
			args = append(args, "--set", `subjects=[{"id":"cat","images":["`+img+`"],"voice_id":""}]`)
		case f.Kind == client.VideoStringList:
			args = append(args, "--set", f.Name+`=["`+img+`"]`)
		default:
			args = append(args, "--set", f.Name+"="+img)
		}
	}
	return args
}

// home is an environment with a data directory of its own.
func home(t *testing.T, env []string) []string {
	return append(append([]string{}, env...), "ATELIER_HOME="+t.TempDir())
}

func TestVideoEveryEndpointToMP4(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	for _, e := range client.VideoEndpoints() {
		path := e.PathFor("")
		if len(e.Modes) > 0 {
			path = e.PathFor(e.Modes[len(e.Modes)-1])
		}
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"video", "submit", path, "--wait"}, videoSets(e, "a lighthouse in fog")...)
			r := atelier(t, home(t, svc.Env), "", args...)
			lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
			if r.code != 0 || len(lines) != 2 {
				t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
			}
			if !strings.Contains(lines[1], lines[0]) && !strings.HasSuffix(lines[1], ".mp4") {
				t.Errorf("path %q", lines[1])
			}
			simtest.CheckMP4(t, lines[1])
		})
	}
}

func TestVideoFailedTask(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	env := home(t, svc.Env)
	r := atelier(t, env, "", "video", "submit", "videoc3.1/fast", "--set", "prompt=a storm [[fail]]", "--wait")
	id := strings.TrimSpace(r.stdout)
	if r.code != 1 || id == "" || !strings.Contains(r.stderr, "content_policy_violation") || !strings.Contains(r.stderr, "flagged") {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	errLines := strings.Split(strings.TrimSpace(r.stderr), "\n") // progress lines, then the error
	if last := errLines[len(errLines)-1]; !strings.HasPrefix(last, "atelier: video task "+id+" failed: content_policy_violation: ") {
		t.Errorf("the failure's line: %q", last)
	}
	if strings.Contains(r.stderr, "COMPLETED") { // issue 30: "COMPLETED: render failed"
		t.Errorf("a failed task's progress says COMPLETED: %q", r.stderr)
	}
	for _, cmd := range [][]string{{"result", id}, {"wait", id}, {"status", id}} {
		r := atelier(t, env, "", append([]string{"video"}, cmd...)...)
		if r.code != 1 || !strings.Contains(r.stderr, "content_policy_violation") || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr %q", cmd, r.code, r.stderr)
		}
		if cmd[0] == "status" && r.stdout != "FAILED\n" { // the form C status says COMPLETED, with a detail
			t.Errorf("status printed %q, want FAILED", r.stdout)
		}
	}
	// FAILED everywhere the task shows: the list, and its history (after
	// the status command recorded the service's COMPLETED once more).
	r = atelier(t, env, "", "video", "list")
	if !strings.Contains(r.stdout, id) || !strings.Contains(r.stdout, "FAILED") || strings.Contains(r.stdout, "COMPLETED") {
		t.Errorf("list: %q", r.stdout)
	}
	r = atelier(t, env, "", "history", "show", "video:1")
	if !strings.Contains(r.stdout, "| FAILED |") || strings.Contains(r.stdout, "| COMPLETED |") {
		t.Errorf("history show: %s", r.stdout)
	}
}

func TestVideoValidationSendsNothing(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	dir := t.TempDir()
	frame := writePNG(t, dir)
	notImage := filepath.Join(dir, "notes.txt")
	os.WriteFile(notImage, []byte("not an image"), 0o644)
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"unknown endpoint", []string{"videoa/q9/text-to-video", "--set", "prompt=x"}, "unknown video endpoint"},
		{"unknown mode", []string{"videob/o3/ultra/text-to-video", "--set", "prompt=x"}, "mode"},
		{"out of range", []string{"videob/o3/pro/text-to-video", "--set", "prompt=x", "--set", "duration=99"}, "duration"},
		{"missing field", []string{"videoa/q1/image-to-video", "--set", "prompt=x"}, "image_url"},
		{"bad --set", []string{"videoa/q1/text-to-video", "--set", "prompt"}, "field=value"},
		{"webhook not listed", []string{"videoa/q1/image-to-video", "--set", "prompt=x", "--set", "image_url=https://example.org/a.png", "--webhook", "https://example.org/hook"}, "queue_webhook"},
		{"webhook not https", []string{"videoa/q1/text-to-video", "--set", "prompt=x", "--webhook", "ftp://example.org/hook"}, "queue_webhook"},
		{"image file where a URL is needed", []string{"videob/o3/pro/image-to-video", "--image-file", "image_url=" + frame}, "not a local file"},
		{"image file for no image field", []string{"videoa/q3/image-to-video/turbo", "--image-file", "prompt=" + frame}, "no image field"},
		{"image file not an image", []string{"videoa/q3/image-to-video/turbo", "--image-file", "image_url=" + notImage}, "PNG, JPEG or WebP"},
		{"no endpoint", nil, "give the ENDPOINT"},
	}
	if r := atelier(t, svc.Env, "", "video", "bogus"); r.code != 2 || !strings.Contains(r.stderr, "unknown video command") {
		t.Errorf("video bogus: exit %d, %q", r.code, r.stderr)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := svc.Hits.Load()
			r := atelier(t, home(t, svc.Env), "", append([]string{"video", "submit"}, tt.args...)...)
			if r.code != 2 || !strings.Contains(r.stderr, tt.stderr) || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
				t.Fatalf("exit %d, stderr %q (want %q)", r.code, r.stderr, tt.stderr)
			}
			if n := svc.Hits.Load() - before; n != 0 {
				t.Errorf("%d requests sent", n)
			}
		})
	}
}

func TestVideoStatusResultWaitList(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	env := home(t, svc.Env)
	r := atelier(t, env, "", "video", "submit", "videob/o3/standard/text-to-video", "--set", "prompt=kites over a beach")
	id := strings.TrimSpace(r.stdout)
	if r.code != 0 || strings.Contains(id, "\n") || id == "" {
		t.Fatalf("submit: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}

	r = atelier(t, env, "", "video", "status", id)
	if r.code != 0 || r.stdout != "COMPLETED\n" {
		t.Fatalf("status: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	r = atelier(t, env, "", "video", "status", "--json", id)
	var st map[string]any
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &st) != nil || st["status"] != "COMPLETED" || st["request_id"] != id {
		t.Fatalf("status --json: exit %d, %q", r.code, r.stdout)
	}

	// Before the download: the result's file URL; --json: the native result.
	r = atelier(t, env, "", "video", "result", id)
	if r.code != 0 || !strings.HasPrefix(r.stdout, svc.URL+"/sim/media/"+id) {
		t.Fatalf("result: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	r = atelier(t, env, "", "video", "result", "--json", id)
	var res struct {
		Video struct{ URL string } `json:"video"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &res) != nil || res.Video.URL == "" {
		t.Fatalf("result --json: exit %d, %q", r.code, r.stdout)
	}

	r = atelier(t, env, "", "video", "wait", id)
	path := strings.TrimSpace(r.stdout)
	if r.code != 0 {
		t.Fatalf("wait: exit %d, %q", r.code, r.stderr)
	}
	simtest.CheckMP4(t, path)

	// After it: the saved file, and no request.
	before := svc.Hits.Load()
	r = atelier(t, env, "", "video", "result", id)
	if r.code != 0 || strings.TrimSpace(r.stdout) != path || svc.Hits.Load() != before {
		t.Fatalf("result after wait: exit %d, %q; %d requests", r.code, r.stdout, svc.Hits.Load()-before)
	}
	r = atelier(t, env, "", "video", "list")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) != 2 || !strings.HasPrefix(lines[0], "REQUEST ID") {
		t.Fatalf("list: %q", r.stdout)
	}
	for _, want := range []string{id, "videob/o3/standard/text-to-video", "COMPLETED", path} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("list row %q: no %q", lines[1], want)
		}
	}

	r = atelier(t, env, "", "video", "submit", "--json", "videoa/q1/text-to-video", "--set", "prompt=dunes")
	var h map[string]any
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &h) != nil || h["status"] != "IN_QUEUE" || h["status_url"] == nil {
		t.Fatalf("submit --json: exit %d, %q", r.code, r.stdout)
	}

	for _, cmd := range []string{"status", "result", "wait"} {
		before := svc.Hits.Load()
		r := atelier(t, env, "", "video", cmd, "no-such-task")
		if r.code != 2 || !strings.Contains(r.stderr, "no video task") || svc.Hits.Load() != before {
			t.Errorf("%s of an unknown id: exit %d, %q", cmd, r.code, r.stderr)
		}
	}
}

// TestVideoImageFileAsDataURI: --image-file sends the file as a data URI
// in a field whose table accepts one.
func TestVideoImageFileAsDataURI(t *testing.T) {
	t.Parallel()
	keys := map[string]string{"queue": "kq"}
	s := sim.New(sim.Options{Keys: keys, ValidateVideo: sim.TableRules})
	var mu sync.Mutex
	var bodies []map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			b, _ := io.ReadAll(r.Body)
			var m map[string]any
			json.Unmarshal(b, &m)
			mu.Lock()
			bodies = append(bodies, m)
			mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(b))
		}
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { srv.Close(); s.Close() })
	env := []string{"ATELIER_BASE_URL=" + srv.URL, "ATELIER_QUEUE_KEY=kq", "ATELIER_HOME=" + t.TempDir()}
	frame := writePNG(t, t.TempDir())

	r := atelier(t, env, "", "video", "submit", "videoa/q3/image-to-video/turbo", "--image-file", "image_url="+frame, "--wait")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	simtest.CheckMP4(t, strings.Split(strings.TrimSpace(r.stdout), "\n")[1])
	r = atelier(t, env, "", "video", "submit", "videoa/q3/reference-to-video/turbo", "--set", "prompt=two cats",
		"--image-file", "reference_image_urls="+frame, "--image-file", "reference_image_urls="+frame)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	mu.Lock()
	defer mu.Unlock()
	uri, _ := bodies[0]["image_url"].(string)
	refs, _ := bodies[1]["reference_image_urls"].([]any)
	if !strings.HasPrefix(uri, "data:image/png;base64,iVBOR") || len(refs) != 2 || refs[0] != uri {
		t.Fatalf("sent %.60q and %d references", uri, len(refs))
	}
}

func writePNG(t *testing.T, dir string) string {
	t.Helper()
	var b bytes.Buffer
	png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 8, 8)))
	p := filepath.Join(dir, "frame.png")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestVideoDemoShowsProgress: with --demo the simulator runs in-process at
// the --sim-pace given; progress goes to stderr, the path to stdout.
func TestVideoDemoShowsProgress(t *testing.T) {
	t.Parallel()
	r := atelier(t, []string{"ATELIER_HOME=" + t.TempDir()}, "", "--demo", "--sim-pace", "300ms",
		"video", "submit", "videob/o3/pro/text-to-video", "--set", "prompt=a paper boat", "--wait")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) != 2 {
		t.Fatalf("exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	simtest.CheckMP4(t, lines[1])
	if !strings.Contains(r.stderr, "IN_") || !strings.Contains(r.stderr, "COMPLETED") {
		t.Errorf("progress: %q", r.stderr)
	}
}

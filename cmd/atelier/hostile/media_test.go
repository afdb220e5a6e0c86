package hostile

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"atelier/cmd/atelier/internal/clitest"
	"atelier/internal/limits"
	"atelier/store"
)

// The hostile-server suite, media: 30 MiB of zeros sent as an image, and
// media redirected to another host. Each runs as atelier in a child
// process under the suite's memory limit (runHostile).

// 30 MiB of zeros as an image's b64_json is no image: the job fails with
// the reason, and no file is saved.
func TestHostileImageOfZeros(t *testing.T) {
	t.Parallel()
	h := zerosImageHostile(t)
	env := h.Env(t)
	out := t.TempDir()
	r := runHostile(t, env, nil, "real", "image", "-m", "gamma/image-2", "-o", out, "a cat")
	checkRun(t, r, 1, "not a PNG, JPEG or WebP image (it begins 00 00 00 00")
	if files, _ := os.ReadDir(out); len(files) != 0 {
		t.Fatalf("saved %d files", len(files))
	}
	job, err := openHistory(t, env).ImageJob(context.Background(), 1)
	if err != nil || job.Status != store.StatusError || !strings.Contains(job.Error, "not a PNG, JPEG or WebP image") || len(job.Files) != 0 {
		t.Fatalf("recorded %+v, %v", job, err)
	}
	nextCommandOpensHistory(t, env, "image:1")
}

// zerosImageHostile is a service whose image is 30 MiB of zeros, in base64.
func zerosImageHostile(t *testing.T) *clitest.Hostile {
	h := clitest.NewHostile(t, "")
	h.SetServe(func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/bypass/gamma/v1/images/generations" {
			return false
		}
		// The one image, whole or as a stream's one event, as the
		// request asks (the TUI streams images; `atelier image` does not).
		var req struct{ Stream bool }
		json.NewDecoder(r.Body).Decode(&req)
		head, end := `{"created":1,"data":[{"b64_json":"`, `"}]}`
		w.Header().Set("Content-Type", "application/json")
		if req.Stream {
			head, end = "event: image_generation.completed\ndata: {\"type\":\"image_generation.completed\",\"b64_json\":\"", "\"}\n\n"
			w.Header().Set("Content-Type", "text/event-stream")
		}
		io.WriteString(w, head)
		zeros := base64.StdEncoding.EncodeToString(make([]byte, 3*limits.MiB/4)) // 1 MiB of base64, no padding
		for range 40 {                                                           // 30 MiB decoded
			io.WriteString(w, zeros)
		}
		io.WriteString(w, end)
		return true
	})
	return h
}

// Media the base origin redirects to another host is fetched with no
// credential, no configured header and no Referer naming the gateway.
func TestHostileMediaRedirectHeaders(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var got, base http.Header // what the storage host and the base origin's media path got
	h := clitest.NewHostile(t, "")
	storage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = r.Header.Clone()
		mu.Unlock()
		w.Header().Set("Content-Type", "video/mp4")
		w.Write(h.Video)
	}))
	t.Cleanup(storage.Close)
	h.SetServe(func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/media/video.mp4" {
			return false
		}
		mu.Lock()
		base = r.Header.Clone()
		mu.Unlock()
		http.Redirect(w, r, storage.URL+"/stored/video.mp4", http.StatusFound)
		return true
	})
	env := h.Env(t)
	config := filepath.Join(t.TempDir(), "config.toml")
	clitest.WriteFile(t, config, "[headers.queue]\n\"X-Tenant\" = \"studio\"\n")
	for i, kv := range env {
		if strings.HasPrefix(kv, "ATELIER_CONFIG=") {
			env[i] = "ATELIER_CONFIG=" + config
		}
	}
	r := runHostile(t, env, nil, "instant", "video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves", "--wait")
	if r.Code != 0 {
		t.Fatalf("exit %d, %q", r.Code, r.Stderr)
	}
	if b, err := os.ReadFile(strings.TrimSpace(r.Stdout[strings.Index(r.Stdout, "\n")+1:])); err != nil || len(b) != len(h.Video) {
		t.Fatalf("saved %d bytes (%v) of %q", len(b), err, r.Stdout)
	}
	mu.Lock()
	defer mu.Unlock()
	if got == nil {
		t.Fatal("the storage host was not asked")
	}
	if base.Get("Authorization") != "Key kq" || base.Get("X-Tenant") != "studio" {
		t.Fatalf("the base origin got Authorization %q, X-Tenant %q: nothing to drop", base.Get("Authorization"), base.Get("X-Tenant"))
	}
	for _, k := range []string{"Authorization", "X-Tenant", "Referer"} {
		if v, sent := got[k]; sent {
			t.Errorf("the storage host got %s: %q", k, v)
		}
	}
}

package e2e

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"atelier/client/sim"
)

// holdingService serves the first pass requests and holds the others
// until their client goes or release is closed, saying on held how many
// it holds.
type holdingService struct {
	mu      sync.Mutex
	seen    int
	pass    int
	held    chan int
	release chan struct{}
	once    sync.Once
}

func (h *holdingService) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body) // read first: a client gone is noticed only after
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.mu.Lock()
		h.seen++
		hold := h.seen > h.pass
		h.mu.Unlock()
		if hold {
			h.held <- 1
			select {
			case <-r.Context().Done():
				return
			case <-h.release:
			}
		}
		next.ServeHTTP(w, r)
	})
}

func (h *holdingService) stopHolding() { h.once.Do(func() { close(h.release) }) }

// TestBatchInterruptThenResume: ctrl+c (SIGINT) stops a run cleanly, with
// how to resume on stderr; resume then runs only the cells left.
func TestBatchInterruptThenResume(t *testing.T) {
	t.Parallel()
	h := &holdingService{pass: 3, held: make(chan int, 100), release: make(chan struct{})}
	s := sim.New(sim.Options{})
	var mu sync.Mutex
	requests := 0
	srv := httptest.NewServer(h.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests++
		mu.Unlock()
		s.ServeHTTP(w, r)
	})))
	t.Cleanup(func() { h.stopHolding(); srv.Close(); s.Close() })
	env := []string{"ATELIER_BASE_URL=" + srv.URL, "ATELIER_ALPHA_KEY=ka", "ATELIER_HOME=" + t.TempDir()}
	file := filepath.Join(t.TempDir(), "stop.toml")
	writeFile(t, file, "targets = [\"alpha:m1\"]\nrepeats = 4\n[[prompts]]\ntext = \"a\"\n[[prompts]]\ntext = \"b\"\n")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "batch", "run", file, "--concurrency", "2")
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for range 2 { // both workers held with a request in flight
		<-h.held
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("after ctrl+c: %v\n%s", err, stderr.String())
	}
	if want := "batch 1 stopped with 5 of 8 cells left; resume with: atelier batch resume 1"; !strings.Contains(stderr.String(), want) {
		t.Fatalf("stderr lacks %q:\n%s", want, stderr.String())
	}
	h.stopHolding()
	mu.Lock()
	before := requests
	mu.Unlock()
	r := atelier(t, env, "", "batch", "resume", "1", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"done": 8`) {
		t.Fatalf("resume: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	mu.Lock()
	defer mu.Unlock()
	if sent := requests - before; sent != 5 {
		t.Errorf("resume sent %d requests for 5 cells left", sent)
	}
}

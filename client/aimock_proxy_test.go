//go:build conformance

package client_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"atelier/client"
)

// The harness of the aimock conformance test: the node process, and the
// proxy that stands where the gateway stands.

// aimockStdout hands over the first line the process prints.
type aimockStdout struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	first chan string
}

func (w *aimockStdout) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.first == nil {
		return len(p), nil // the line was handed over; the rest is not read
	}
	w.buf.Write(p)
	if line, _, ok := bytes.Cut(w.buf.Bytes(), []byte("\n")); ok {
		w.first <- string(line)
		w.first = nil
	}
	return len(p), nil
}

// aimockStart runs aimock-run.mjs and returns aimock's URL. The process is
// killed when the test ends; its stdin is a pipe, so it also ends when the
// test binary dies without cleaning up.
func aimockStart(t *testing.T) *url.URL {
	t.Helper()
	dir := aimockNodeProject(t)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, "node", "aimock-run.mjs")
	cmd.Dir = dir
	keys := []string{aimockKeys.Alpha, aimockKeys.Beta, aimockKeys.Gamma, aimockKeys.Queue}
	cmd.Env = append(os.Environ(), "AIMOCK_API_KEYS="+strings.Join(keys, ","), "AIMOCK_POLLS=2,4")
	first := make(chan string, 1)
	cmd.Stdout = &aimockStdout{first: first}
	var stderr bytes.Buffer // read only after the process has exited
	cmd.Stderr = &stderr
	cmd.WaitDelay = 5 * time.Second
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = stdin.Close()
		cancel()
		<-exited
		if t.Failed() {
			t.Logf("aimock stderr:\n%s", stderr.String())
		}
	})

	timeout := time.NewTimer(30 * time.Second)
	defer timeout.Stop()
	var line string
	select {
	case line = <-first:
	case <-exited:
		t.Fatalf("aimock-run.mjs ended before printing its URL: %v\n%s", waitErr, stderr.String())
	case <-timeout.C:
		t.Fatal("aimock-run.mjs printed no URL within 30 s")
	}
	var hello struct {
		URL string `json:"url"`
	}
	if err := json.Unmarshal([]byte(line), &hello); err != nil {
		t.Fatalf("aimock-run.mjs first line %q: %v", line, err)
	}
	u, err := url.Parse(hello.URL)
	if err != nil || u.Hostname() != "127.0.0.1" {
		t.Fatalf("aimock URL %q is not on loopback (%v)", hello.URL, err)
	}
	return u
}

func aimockNodeProject(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(aimockDir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is not on PATH: the conformance tests need Node.js (run testdata/conformance/run.sh)")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@copilotkit", "aimock")); err != nil {
		t.Fatalf("%s has no installed packages: run testdata/conformance/run.sh (npm ci)", dir)
	}
	return dir
}

// aimockProxy stands where the gateway stands: it checks each group's
// credential as the interface's Authentication table says, maps the path
// onto aimock's route, and writes aimock's queue URLs back in the
// interface's /queue/qv/<family>/requests/<id> shape on itself.
type aimockProxy struct {
	target *url.URL
	self   string // the proxy's own base URL

	mu  sync.Mutex
	log []string
}

func (p *aimockProxy) seen() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.log...)
}

func (p *aimockProxy) record(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.log = append(p.log, fmt.Sprintf(format, args...))
}

func (p *aimockProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var route *aimockRoute
	for i := range aimockRoutes {
		if strings.HasPrefix(r.URL.Path, aimockRoutes[i].from) {
			route = &aimockRoutes[i]
			break
		}
	}
	if route == nil {
		p.record("%s %s -> no route", r.Method, r.URL.Path)
		http.Error(w, "no route in the conformance proxy for "+r.URL.Path, http.StatusNotFound)
		return
	}
	key := aimockKeys.For(route.group)
	got := r.Header.Get(route.credential)
	switch route.group {
	case client.Gamma:
		key = "Bearer " + key
	case client.Queue:
		key = "Key " + key
	}
	if got != key {
		p.record("%s %s -> 401 (no %s)", r.Method, r.URL.Path, route.credential)
		http.Error(w, "the conformance proxy wants "+route.credential+" with the "+string(route.group)+" key", http.StatusUnauthorized)
		return
	}
	out := route.to + strings.TrimPrefix(r.URL.Path, route.from)
	p.record("%s %s -> %s?%s", r.Method, r.URL.RequestURI(), out, r.URL.RawQuery)
	rp := &httputil.ReverseProxy{
		FlushInterval: -1, // pass stream events on as they come
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(p.target)
			pr.Out.URL.Path, pr.Out.URL.RawPath = out, ""
			pr.Out.Host = p.target.Host
			if route.credential != route.forward {
				pr.Out.Header.Del(route.credential)
				pr.Out.Header.Set(route.forward, aimockKeys.For(route.group))
			}
			if route.group == client.Queue {
				pr.Out.Header.Set("X-Fal-Target-Host", aimockQueueHost)
			}
		},
		ModifyResponse: func(resp *http.Response) error {
			if route.group != client.Queue {
				return nil
			}
			return p.rewriteQueueURLs(resp)
		},
	}
	rp.ServeHTTP(w, r)
}

// rewriteQueueURLs turns aimock's https://queue.fal.run/qv/<family>/<model
// path>/requests/<id>[/status] into <proxy>/queue/qv/<family>/requests/<id>
// [/status], the interface's shape, so the client's origin check passes and
// its polls come back through the proxy.
func (p *aimockProxy) rewriteQueueURLs(resp *http.Response) error {
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	raw = aimockQueueURL.ReplaceAll(raw, []byte(p.self+"/queue/qv/$1/requests/$2$3"))
	resp.Body = io.NopCloser(bytes.NewReader(raw))
	resp.ContentLength = int64(len(raw))
	resp.Header.Set("Content-Length", strconv.Itoa(len(raw)))
	return nil
}

package sim

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func transportClient(h http.Handler) *http.Client {
	return &http.Client{Transport: Transport{Handler: h}}
}

// The simulator answers through the transport at any origin, as over HTTP.
func TestTransportServesTheSimulator(t *testing.T) {
	s := New(Options{Keys: testKeys})
	t.Cleanup(s.Close)
	req, _ := http.NewRequest(http.MethodPost, "https://demo.example.invalid/bypass/alpha/v1/messages",
		strings.NewReader(`{"model":"m","max_tokens":50,"messages":[{"role":"user","content":"hi"}]}`))
	authHeader(req.Header, "alpha", testKeys["alpha"])
	resp, err := transportClient(s).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" || !strings.Contains(string(b), `"type":"message"`) {
		t.Fatalf("%d %v %s", resp.StatusCode, resp.Header, b)
	}
}

// What the handler writes reaches the caller as it is written, and the
// request the handler sees is a server's: its URI, host and TLS.
func TestTransportStreams(t *testing.T) {
	more := make(chan struct{})
	var seen *http.Request
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = r
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: one\n\n")
		w.(http.Flusher).Flush()
		<-more
		io.WriteString(w, "data: two\n\n")
	})
	resp, err := transportClient(h).Get("https://demo.example.invalid/stream?x=1")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	if line, _ := br.ReadString('\n'); line != "data: one\n" {
		t.Fatalf("first line %q", line)
	}
	close(more) // the handler is still running: the first event came before it ended
	rest, _ := io.ReadAll(br)
	if string(rest) != "\ndata: two\n\n" || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("rest %q, header %v", rest, resp.Header)
	}
	if seen.RequestURI != "/stream?x=1" || seen.Host != "demo.example.invalid" || seen.TLS == nil {
		t.Fatalf("the handler saw %q on %q, TLS %v", seen.RequestURI, seen.Host, seen.TLS)
	}
}

// Closing the body ends the handler's request; a caller's context that
// ends first ends the round trip; a handler that panics fails the read.
func TestTransportEnds(t *testing.T) {
	ended := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusAccepted)
		<-r.Context().Done()
		close(ended)
	})
	resp, err := transportClient(h).Get("https://x.invalid/")
	if err != nil || resp.StatusCode != http.StatusAccepted {
		t.Fatalf("%v %v", resp, err)
	}
	resp.Body.Close()
	select {
	case <-ended:
	case <-time.After(10 * time.Second): // a deadline, not a wait: the body is closed already
		t.Fatal("closing the body did not end the handler's request")
	}

	ctx, cancel := context.WithCancel(context.Background())
	waiting := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cancel()
		<-r.Context().Done()
	})
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://x.invalid/", nil)
	if _, err := transportClient(waiting).Do(req); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled before the status line: %v", err)
	}

	panics := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "partial")
		panic("boom")
	})
	resp, err = transportClient(panics).Get("https://x.invalid/")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(resp.Body); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("read after a panic: %v", err)
	}
	resp.Body.Close()
}

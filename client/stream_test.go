package client

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
)

func collectEvents(t *testing.T, c *Client, ctx context.Context) (types []string, err error) {
	t.Helper()
	r, _ := jsonRequest(Alpha, "/s", struct{}{})
	for ev, e := range c.events(ctx, r, false) {
		if e != nil {
			return types, e
		}
		types = append(types, ev.Type)
	}
	return types, nil
}

func TestEventsCutMidway(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept") != "text/event-stream" {
			t.Errorf("Accept = %q", r.Header.Get("Accept"))
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write([]byte("event: a\ndata: {}\n\nevent: b\ndata: {\"par"))
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler) // drop the connection mid-event
	}))
	types, err := collectEvents(t, c, testContext(t))
	if err == nil || !strings.Contains(err.Error(), "stream cut") {
		t.Fatalf("err = %v, want a stream-cut error", err)
	}
	if strings.Join(types, ",") != "a" {
		t.Fatalf("events before the cut: %v", types)
	}
}

func TestEventsJSONErrorInsteadOfStream(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"error":{"type":"overloaded_error","message":"busy"}}`))
	}))
	_, err := collectEvents(t, c, testContext(t))
	var ae *APIError
	if !errors.As(err, &ae) || ae.Type != "overloaded_error" || ae.Message != "busy" {
		t.Fatalf("err = %#v", err)
	}
}

func TestEventsStopEarlyClosesBody(t *testing.T) {
	t.Parallel()
	ended := make(chan struct{})
	done := make(chan struct{})
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write([]byte("data: 1\n\n"))
		w.(http.Flusher).Flush()
		if hungUp(r, ended) { // ends only when the client hangs up
			close(done)
		}
	}))
	closeAtEnd(t, ended)
	r, _ := jsonRequest(Alpha, "/s", struct{}{})
	events := 0
	within(t, "the first event", func() {
		for range c.events(context.Background(), r, false) {
			events++
			break
		}
	})
	if events != 1 {
		t.Fatalf("%d events before leaving the loop, want 1", events)
	}
	awaitClosed(t, done, "leaving the loop early did not close the connection")
}

func TestEventsCancelled(t *testing.T) {
	t.Parallel()
	ended := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write([]byte("data: 1\n\n"))
		w.(http.Flusher).Flush()
		hungUp(r, ended)
	}))
	closeAtEnd(t, ended)
	r, _ := jsonRequest(Alpha, "/s", struct{}{})
	var err error
	within(t, "the stream after its context was cancelled", func() {
		for _, e := range c.events(ctx, r, false) {
			if e != nil {
				err = e
				break
			}
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

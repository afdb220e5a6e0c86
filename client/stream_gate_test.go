package client

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
)

// TestReadGateAskedBeforeEachRead: a stream opened with a ReadGate asks it
// before every read of the body, the first included, and what the gate
// lets through arrives whole.
func TestReadGateAskedBeforeEachRead(t *testing.T) {
	t.Parallel()
	// The server sends b and c only once the gate has been asked again:
	// the client asks it when a is read and it needs more.
	again := make(chan struct{})
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write([]byte("event: a\ndata: {}\n\n"))
		w.(http.Flusher).Flush()
		<-again
		w.Write([]byte("event: b\ndata: {}\n\nevent: c\ndata: {}\n\n"))
	}))
	asked := 0
	ctx := WithReadGate(testContext(t), func(context.Context) error {
		if asked++; asked == 2 {
			close(again)
		}
		return nil
	})
	types, err := collectEvents(t, c, ctx)
	if err != nil || strings.Join(types, ",") != "a,b,c" {
		t.Fatalf("events %v, err %v", types, err)
	}
	if asked < 2 {
		t.Fatalf("the gate was asked %d times", asked)
	}
}

// TestReadGateErrorEndsTheStream: the gate's error ends the stream after
// the events already read, and comes with the stream's end.
func TestReadGateErrorEndsTheStream(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write([]byte("event: a\ndata: {}\n\n"))
		w.(http.Flusher).Flush()
		<-r.Context().Done() // the rest never comes: the gate ends it
	}))
	refuse := errors.New("the screen has gone")
	asked := 0
	ctx := WithReadGate(testContext(t), func(context.Context) error {
		if asked++; asked > 1 {
			return refuse
		}
		return nil
	})
	types, err := collectEvents(t, c, ctx)
	if !errors.Is(err, refuse) {
		t.Fatalf("err = %v, want the gate's", err)
	}
	if strings.Join(types, ",") != "a" {
		t.Fatalf("events before the gate refused: %v", types)
	}
}

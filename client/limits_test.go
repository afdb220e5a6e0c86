package client

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
	"unsafe"

	"atelier/client/clienttest"
	"atelier/client/sse"
	"atelier/internal/limits"
)

// armClock is clienttest.ArmClock firing at arm n, as the client's clock.
func armClock(c *Client, n int) *clienttest.ArmClock {
	clock := &clienttest.ArmClock{N: n}
	c.AfterFunc = func(d time.Duration, f func()) Timer { return clock.AfterFunc(d, f) }
	return clock
}

// sseWrite writes one event and flushes it.
func sseWrite(w http.ResponseWriter, typ, data string) {
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, data)
	w.(http.Flusher).Flush()
}

const (
	testMessageStart = `{"type":"message_start","message":{"id":"m1","type":"message","role":"assistant","model":"m","content":[],"usage":{"input_tokens":1,"output_tokens":0}}}`
	testBlockStart   = `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`
)

func textDelta(s string) string {
	return `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"` + s + `"}}`
}

func chatTarget() ChatTarget { return ChatTarget{Family: Alpha, Model: "m"} }

func TestStreamChatCutAtReplyText(t *testing.T) {
	t.Parallel()
	gone := make(chan struct{})
	chunk := strings.Repeat("x", limits.MiB)
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(gone)
		w.Header().Set("Content-Type", "text/event-stream")
		sseWrite(w, "message_start", testMessageStart)
		sseWrite(w, "content_block_start", testBlockStart)
		for r.Context().Err() == nil { // an endless reply
			sseWrite(w, "content_block_delta", textDelta(chunk))
		}
	}))
	c.Limits.ReplyText = 3*limits.MiB + 10
	var text strings.Builder
	var res *ChatResult
	var err error
	var sofar string
	for d, e := range c.StreamChat(context.Background(), chatTarget(), []ChatTurn{{Role: "user", Text: "hi"}}) {
		if d.Kind == ChatTextDelta {
			text.WriteString(d.Text)
			if sofar = d.SoFar; sofar != text.String() {
				t.Fatalf("SoFar is %d bytes of the %d yielded", len(sofar), text.Len())
			}
		}
		if d.Kind == ChatDoneDelta {
			res, err = d.Result, e
		}
	}
	<-gone // the connection was closed: nothing more is read
	// The result's text is the one the deltas shared, not a copy of it.
	if len(res.Text) == 0 || unsafe.StringData(res.Text) != unsafe.StringData(sofar) {
		t.Error("the result's text is not the deltas' SoFar")
	}
	want := "reply text limit (3.0 MiB) reached: the reply is cut there (limits.reply_text in config.toml)"
	if !errors.Is(err, limits.ErrLimit) || err.Error() != want {
		t.Fatalf("err = %v, want %q", err, want)
	}
	if text.Len() != 3*limits.MiB+10 || len(res.Text) != text.Len() || res.Complete {
		t.Fatalf("yielded %d bytes, result %d, complete %v", text.Len(), len(res.Text), res.Complete)
	}
}

func TestChatCutAtReplyText(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"m1","type":"message","role":"assistant","model":"m","stop_reason":"end_turn",
			"content":[{"type":"thinking","thinking":"%s","signature":"s"},{"type":"text","text":"%s"}],
			"usage":{"input_tokens":1,"output_tokens":2}}`, strings.Repeat("t", 300), strings.Repeat("é", 400))
	}))
	c.Limits.ReplyText = 501
	res, err := c.Chat(context.Background(), chatTarget(), []ChatTurn{{Role: "user", Text: "hi"}})
	if !errors.Is(err, limits.ErrLimit) || res == nil || res.Complete {
		t.Fatalf("err = %v, res %+v", err, res)
	}
	// Text first (500 of its 800 bytes: a character is never split), then
	// the one byte left of thinking.
	if res.Text != strings.Repeat("é", 250) || res.Thinking != "t" {
		t.Fatalf("text %d bytes, thinking %q", len(res.Text), res.Thinking)
	}
}

func TestStreamsThatGoQuietEnd(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		tail func(w http.ResponseWriter) // what the server sends after its content, until the client leaves
		arms int                         // the timer made, then reset by each content event
	}{
		{"silent after start", func(http.ResponseWriter) {}, 4},
		{"only pings", func(w http.ResponseWriter) { sseWrite(w, "ping", `{"type": "ping"}`) }, 4},
		{"only comments", func(w http.ResponseWriter) { w.Write([]byte(": keepalive\n\n")); w.(http.Flusher).Flush() }, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/event-stream")
				sseWrite(w, "message_start", testMessageStart)
				sseWrite(w, "content_block_start", testBlockStart)
				sseWrite(w, "content_block_delta", textDelta("partial"))
				for r.Context().Err() == nil {
					tc.tail(w)
					if tc.name == "silent after start" {
						<-r.Context().Done()
					}
				}
			}))
			armClock(c, tc.arms)
			c.Limits.IdleTimeout = 90 * time.Second
			var res *ChatResult
			var err error
			for d, e := range c.StreamChat(context.Background(), chatTarget(), []ChatTurn{{Role: "user", Text: "hi"}}) {
				if d.Kind == ChatDoneDelta {
					res, err = d.Result, e
				}
			}
			want := "idle timeout (1m30s) reached: the stream sent no content (limits.idle_timeout in config.toml)"
			if !errors.Is(err, limits.ErrIdle) || !strings.HasSuffix(err.Error(), want) {
				t.Fatalf("err = %v, want %q", err, want)
			}
			if res.Text != "partial" || res.Complete {
				t.Fatalf("kept %q (complete %v)", res.Text, res.Complete)
			}
		})
	}
}

func TestKeepalive(t *testing.T) {
	t.Parallel()
	for _, ev := range []sse.Event{{Type: "ping", Data: []byte(`{"type": "ping"}`)}, {Data: []byte(`{"type":"ping"}`)},
		{Type: "heartbeat", Data: []byte("1")}, {Data: []byte(" ")}} {
		if !keepalive(ev) {
			t.Errorf("%q %q is a keepalive", ev.Type, ev.Data)
		}
	}
	for _, ev := range []sse.Event{{Type: "content_block_delta", Data: []byte(textDelta("a"))}, {Data: []byte(`{"candidates":[]}`)},
		{Type: "response.in_progress", Data: []byte(`{}`)}} {
		if keepalive(ev) {
			t.Errorf("%q %q carries content", ev.Type, ev.Data)
		}
	}
}

// countingWriter counts what a handler managed to write.
type countingWriter struct {
	http.ResponseWriter
	n int64
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	w.n += int64(n)
	return n, err
}

func TestJSONRepliesHaveACap(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		serve func(w http.ResponseWriter, r *http.Request)
		want  string
	}{
		{"endless body", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"id":"m1","content":[{"type":"text","text":"`))
			chunk := []byte(strings.Repeat("A", 64<<10))
			for r.Context().Err() == nil {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, "JSON reply limit (2 MiB) reached: stopped reading there"},
		{"announced size", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "10737418240")
			w.Write([]byte("{"))
		}, "JSON reply limit (2 MiB) reached: 10 GiB announced"},
		{"gzip bomb", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "gzip")
			zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
			zw.Write([]byte(`{"id":"m1","content":"`))
			zeros := make([]byte, 1<<20)
			for r.Context().Err() == nil {
				if _, err := zw.Write(zeros); err != nil {
					return
				}
			}
		}, "JSON reply limit (2 MiB) reached: stopped reading there"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sent *countingWriter
			done := make(chan struct{})
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				defer close(done)
				sent = &countingWriter{ResponseWriter: w}
				tc.serve(sent, r)
			}))
			c.Limits.JSONReply = 2 * limits.MiB
			_, err := c.Messages(context.Background(), &MessageRequest{Model: "m", MaxTokens: 5, Messages: []MessageTurn{MessageUserText("hi")}})
			if !errors.Is(err, limits.ErrLimit) || !strings.HasSuffix(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
			<-done
			if sent.n > 16*limits.MiB { // what was in flight when the client left, no more
				t.Fatalf("the server wrote %d bytes before the client left", sent.n)
			}
		})
	}
}

func TestReplyWaitEnds(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // never answers
	}))
	armClock(c, 1)
	_, err := c.Messages(context.Background(), &MessageRequest{Model: "m", MaxTokens: 5, Messages: []MessageTurn{MessageUserText("hi")}})
	if err == nil || !strings.Contains(err.Error(), "reply wait limit (10m0s) reached: no whole reply came in that time") {
		t.Fatalf("err = %v", err)
	}
}

func TestReplyBodyIdleEnds(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"id":`))
		w.(http.Flusher).Flush()
		<-r.Context().Done() // and then nothing
	}))
	armClock(c, 2) // the reply wait, then the body's idle timer
	_, err := c.Messages(context.Background(), &MessageRequest{Model: "m", MaxTokens: 5, Messages: []MessageTurn{MessageUserText("hi")}})
	if !errors.Is(err, limits.ErrIdle) || !strings.Contains(err.Error(), "the reply stopped sending") {
		t.Fatalf("err = %v", err)
	}
}

// TestChatEventLimitFitsTheKind: one chat event larger than the reply text
// limit and a megabyte is refused as it arrives, the text before it kept;
// an image stream takes an event of that size (TestStreamImagesLargeEvent).
func TestChatEventLimitFitsTheKind(t *testing.T) {
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		sseWrite(w, "message_start", testMessageStart)
		sseWrite(w, "content_block_start", testBlockStart)
		sseWrite(w, "content_block_delta", textDelta("before "))
		sseWrite(w, "content_block_delta", textDelta(strings.Repeat("x", 3*limits.MiB)))
	}))
	c.Limits.ReplyText = limits.MiB
	var res *ChatResult
	var err error
	for d, e := range c.StreamChat(context.Background(), chatTarget(), []ChatTurn{{Role: "user", Text: "hi"}}) {
		if d.Kind == ChatDoneDelta {
			res, err = d.Result, e
		}
	}
	want := "chat event limit (2 MiB) reached: one event was larger; the stream is cut there"
	if !errors.Is(err, limits.ErrLimit) || !strings.HasSuffix(err.Error(), want) {
		t.Fatalf("err = %v, want %q", err, want)
	}
	if res.Text != "before " || res.Complete {
		t.Fatalf("kept %q, complete %v", res.Text, res.Complete)
	}
}

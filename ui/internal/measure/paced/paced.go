// Package paced serves a fixed reply as the alpha family streams it
// (PROTOCOLS 1.4): its thinking, then its text, a piece at a time, at a
// pace. The streaming benchmarks play replies through it at full speed;
// the terminal measurements (see serve) at a model's pace, so that the app
// is measured as a person sees it.
package paced

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
	"unicode/utf8"
)

// Path is where the alpha family's messages are served.
const Path = "/bypass/alpha/v1/messages"

// Reply is what is served, and how.
type Reply struct {
	Text, Thinking string
	Piece          int           // bytes a delta carries; 64 when 0
	Pace           time.Duration // between two deltas; none when 0
}

// Handler serves r to every POST on Path, whatever the request says.
func Handler(r Reply) http.Handler {
	if r.Piece <= 0 {
		r.Piece = 64
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+Path, func(w http.ResponseWriter, req *http.Request) {
		_, _ = io.Copy(io.Discard, io.LimitReader(req.Body, 1<<20))
		w.Header().Set("Content-Type", "text/event-stream")
		s := &stream{w: w, rc: http.NewResponseController(w), pace: r.Pace, req: req}
		s.serve(r)
	})
	return mux
}

// stream writes the events of one reply.
type stream struct {
	w    io.Writer
	rc   *http.ResponseController
	pace time.Duration
	req  *http.Request
	tick *time.Ticker
}

func (s *stream) serve(r Reply) {
	if s.pace > 0 {
		s.tick = time.NewTicker(s.pace)
		defer s.tick.Stop()
	}
	usage := map[string]any{"input_tokens": 12, "output_tokens": 1}
	s.event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": "msg_paced", "type": "message", "role": "assistant", "model": "paced", "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": usage}})
	index := 0
	if r.Thinking != "" {
		s.block(index, map[string]any{"type": "thinking", "thinking": "", "signature": ""}, "thinking_delta", "thinking", r.Thinking, r.Piece,
			map[string]any{"type": "signature_delta", "signature": "paced"})
		index++
	}
	s.block(index, map[string]any{"type": "text", "text": ""}, "text_delta", "text", r.Text, r.Piece, nil)
	s.event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": "end_turn", "stop_sequence": nil},
		"usage": map[string]any{"input_tokens": 12, "output_tokens": (len(r.Text) + len(r.Thinking)) / 4}})
	s.event("message_stop", map[string]any{"type": "message_stop"})
}

// block streams one content block: its start, text in pieces as deltas of
// kind (field naming the text), an extra delta if any, its stop.
func (s *stream) block(index int, start map[string]any, kind, field, text string, piece int, extra map[string]any) {
	s.event("content_block_start", map[string]any{"type": "content_block_start", "index": index, "content_block": start})
	for len(text) > 0 && s.req.Context().Err() == nil {
		n := min(piece, len(text))
		for n < len(text) && !utf8.RuneStart(text[n]) {
			n++
		}
		if s.tick != nil {
			select {
			case <-s.tick.C:
			case <-s.req.Context().Done():
				return
			}
		}
		s.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": index,
			"delta": map[string]any{"type": kind, field: text[:n]}})
		text = text[n:]
	}
	if extra != nil {
		s.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": index, "delta": extra})
	}
	s.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": index})
}

func (s *stream) event(name string, data map[string]any) {
	b, err := json.Marshal(data)
	if err != nil {
		panic(err) // maps of strings and numbers
	}
	fmt.Fprintf(s.w, "event: %s\ndata: %s\n\n", name, b)
	_ = s.rc.Flush()
}

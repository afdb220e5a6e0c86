package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"mime"

	"atelier/client/sse"
	"atelier/internal/limits"
)

// events sends r and yields the server-sent events of its reply. An error
// before the first event (a non-2xx reply, a refused connection) is yielded
// once; a stream cut mid-way yields the read error after the events that
// arrived. Leaving the loop early closes the reply body.
//
// Every stream has an end: one that sends no content for the idle timeout
// (pings and comments do not count), or more event data than its cap, is
// closed with a *limits.Error after the events that arrived.
func (c *Client) events(ctx context.Context, r request, strayJSON bool) iter.Seq2[sse.Event, error] {
	return func(yield func(sse.Event, error) bool) {
		ctx, cancel := context.WithCancelCause(ctx)
		defer cancel(nil)
		idle := c.Limits.idle()
		t := c.afterFunc(idle, func() { cancel(limits.Idle(idle, "the stream sent no content")) })
		defer t.Stop()
		r.accept = "text/event-stream"
		resp, err := c.send(ctx, r)
		if err != nil {
			yield(sse.Event{}, limitCause(ctx, err))
			return
		}
		defer resp.Body.Close()
		if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt == "application/json" {
			yield(sse.Event{}, c.notAStream(r.group, resp.StatusCode, resp.Body))
			return
		}
		max := c.streamCap(r)
		eventMax, _ := c.eventCap(r)
		d := sse.NewDecoder(gated(ctx, resp.Body))
		d.SetMaxEventSize(int(min(eventMax, max)))
		if strayJSON {
			d.KeepStrayJSON()
		}
		var total int64
		for d.Next() {
			ev := d.Event()
			if total += int64(len(ev.Data)); total > max {
				yield(sse.Event{}, limits.Over("stream", max, "the stream is cut there"))
				return
			}
			if !keepalive(ev) {
				t.Reset(idle)
			}
			if !yield(ev, nil) {
				return
			}
		}
		if err := d.Err(); err != nil {
			yield(sse.Event{}, c.streamErr(ctx, r, err))
		}
	}
}

// streamErr explains why a stream stopped before its end.
func (c *Client) streamErr(ctx context.Context, r request, err error) error {
	if errors.Is(err, sse.ErrEventTooLarge) {
		size, what := c.eventCap(r)
		be := limits.Over(what, size, "one event was larger; the stream is cut there")
		be.Cause = err
		return be
	}
	var be *limits.Error
	if cause := context.Cause(ctx); errors.As(cause, &be) {
		return be
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("stream cut: %w", c.redactErr(err))
}

// keepalive reports whether ev carries no content: a ping, which keeps a
// connection open but says nothing of the reply.
func keepalive(ev sse.Event) bool {
	switch ev.Type {
	case "ping", "keepalive", "heartbeat":
		return true
	}
	data := bytes.TrimSpace(ev.Data)
	return len(data) == 0 || bytes.Equal(data, []byte(`{"type":"ping"}`)) || bytes.Equal(data, []byte(`{"type": "ping"}`))
}

// notAStream explains a 2xx JSON reply to a streaming request: an error
// envelope becomes *APIError, anything else a plain error.
func (c *Client) notAStream(g Group, status int, body io.Reader) error {
	raw, _ := io.ReadAll(io.LimitReader(body, maxErrorBody))
	var probe struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(raw, &probe) == nil && len(probe.Error) > 0 && string(probe.Error) != "null" {
		e := &APIError{Group: g, Status: status}
		decodeErrorBody(e, raw)
		e.Message = c.redact(e.Message)
		return e
	}
	return fmt.Errorf("%s: expected an event stream, got a JSON reply", g)
}

// ErrStreamIncomplete is returned when a stream ends cleanly but before the
// protocol's own end (message_stop, response.completed, ...). What arrived is
// kept by the accumulator.
var ErrStreamIncomplete = fmt.Errorf("stream ended before the reply was complete")

package client

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"mime"

	"atelier/client/sse"
)

// events sends r and yields the server-sent events of its reply. An error
// before the first event (a non-2xx reply, a refused connection) is yielded
// once; a stream cut mid-way yields the read error after the events that
// arrived. Leaving the loop early closes the reply body.
func (c *Client) events(ctx context.Context, r request, strayJSON bool) iter.Seq2[sse.Event, error] {
	return func(yield func(sse.Event, error) bool) {
		r.accept = "text/event-stream"
		resp, err := c.send(ctx, r)
		if err != nil {
			yield(sse.Event{}, err)
			return
		}
		defer resp.Body.Close()
		if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt == "application/json" {
			yield(sse.Event{}, c.notAStream(r.group, resp.StatusCode, resp.Body))
			return
		}
		d := sse.NewDecoder(resp.Body)
		if strayJSON {
			d.KeepStrayJSON()
		}
		for d.Next() {
			if !yield(d.Event(), nil) {
				return
			}
		}
		if err := d.Err(); err != nil {
			if ctx.Err() != nil {
				err = ctx.Err()
			}
			yield(sse.Event{}, fmt.Errorf("stream cut: %w", c.redactErr(err)))
		}
	}
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

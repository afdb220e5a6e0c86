package client

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"net/http"
)

// alphaMessagesPath is the message endpoint under the base URL.
const alphaMessagesPath = "/bypass/alpha/v1/messages"

// alphaVersionHeader and alphaVersion pin the protocol version: the newer one
// rejects temperature, top_p and top_k outright (PROTOCOLS.md 1.9).
const (
	alphaVersionHeader = "Anthropic-Version"
	alphaVersion       = "2023-06-01"
)

// Messages sends req and waits for the whole reply. req.Stream is ignored:
// the request goes out without streaming.
func (c *Client) Messages(ctx context.Context, req *MessageRequest) (*Message, error) {
	cc, r, err := c.alphaPrepare(req, false)
	if err != nil {
		return nil, fmt.Errorf("create message: %w", err)
	}
	var m Message
	if _, err := cc.doJSON(ctx, r, &m); err != nil {
		return nil, fmt.Errorf("create message: %w", err)
	}
	return &m, nil
}

// StreamMessages sends req with streaming on and yields its events. An error
// event in the stream is yielded as *APIError (Status 0) and ends the
// stream; a stream that ends cleanly without message_stop yields
// ErrStreamIncomplete. Feed the events to a MessageAccumulator to keep what
// arrived, even when the stream fails.
func (c *Client) StreamMessages(ctx context.Context, req *MessageRequest) iter.Seq2[MessageEvent, error] {
	return func(yield func(MessageEvent, error) bool) {
		cc, r, err := c.alphaPrepare(req, true)
		if err != nil {
			yield(MessageEvent{}, fmt.Errorf("stream message: %w", err))
			return
		}
		for se, err := range cc.events(ctx, r, false) {
			if err != nil {
				yield(MessageEvent{}, fmt.Errorf("stream message: %w", err))
				return
			}
			if string(se.Data) == "[DONE]" {
				continue // a sentinel some relays add; the protocol ends at message_stop
			}
			ev, err := alphaDecodeEvent(se.Type, se.Data)
			if err == nil && ev.Error != nil {
				ev.Error.Message = c.redact(ev.Error.Message)
				ev.Error.Body = []byte(c.redact(string(ev.Error.Body)))
				err = ev.Error
			}
			if err != nil {
				yield(ev, fmt.Errorf("stream message: %w", err))
				return
			}
			if !yield(ev, nil) || ev.Type == "message_stop" {
				return
			}
		}
		yield(MessageEvent{}, fmt.Errorf("stream message: %w", ErrStreamIncomplete))
	}
}

// alphaPrepare validates req and returns the request to send, carrying the
// protocol version header (which c.Headers[Alpha] may override). Nothing is
// sent when req is invalid.
func (c *Client) alphaPrepare(req *MessageRequest, stream bool) (*Client, request, error) {
	if req == nil {
		return nil, request{}, errors.New("no request")
	}
	if err := req.Validate(); err != nil {
		return nil, request{}, err
	}
	r, err := jsonRequest(Alpha, alphaMessagesPath, alphaWireRequest(req, stream))
	if err != nil {
		return nil, request{}, err
	}
	r.header = http.Header{alphaVersionHeader: {alphaVersion}}
	return c, r, nil
}

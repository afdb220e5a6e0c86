package client

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
)

// responsesPath is the Responses-protocol endpoint.
const responsesPath = "/bypass/gamma/v1/responses"

// CreateResponse sends req with stream off and returns the whole reply. A
// generation failure (status failed) returns the reply and its failure as an
// *APIError with Status 0, so the reply can still be kept; an incomplete
// reply is no error. req is validated first and nothing is sent if it breaks
// a documented limit.
func (c *Client) CreateResponse(ctx context.Context, req ResponseRequest) (*Response, error) {
	req.Stream = false
	if err := req.Validate(); err != nil {
		return nil, fmt.Errorf("create response: %w", err)
	}
	r, err := jsonRequest(Gamma, responsesPath, req)
	if err != nil {
		return nil, fmt.Errorf("create response: %w", err)
	}
	raw, err := c.doJSON(ctx, r, nil)
	if err != nil {
		return nil, fmt.Errorf("create response: %w", err)
	}
	resp, err := responsesDecodeReply(raw)
	if err != nil {
		return nil, fmt.Errorf("create response: %w", err)
	}
	if err := resp.responsesFailure(c.redact); err != nil {
		return resp, fmt.Errorf("create response: %w", err)
	}
	return resp, nil
}

// StreamResponse sends req with stream on and yields its events as they
// arrive, skipping a `data: [DONE]` line and any event whose sequence number
// was already seen. The stream ends after response.completed or
// response.incomplete; after response.failed or an error event it yields
// that event and then the failure as an *APIError (Status 0). A stream that
// ends before a terminal event yields ErrStreamIncomplete. Feed the events to
// a ResponseAccumulator for the final reply.
//
// Events are passed on in the order they arrive, with no reorder buffer: the
// accumulator places every event by its indexes and sequence number, so a
// late event still lands in its place, while holding events back would delay
// every token and could wait forever for a number a gateway never sends.
func (c *Client) StreamResponse(ctx context.Context, req ResponseRequest) iter.Seq2[ResponseEvent, error] {
	return func(yield func(ResponseEvent, error) bool) {
		fail := func(err error) { yield(ResponseEvent{}, fmt.Errorf("stream response: %w", err)) }
		req.Stream = true
		if err := req.Validate(); err != nil {
			fail(err)
			return
		}
		r, err := jsonRequest(Gamma, responsesPath, req)
		if err != nil {
			fail(err)
			return
		}
		var seen responsesSeqSet
		for se, err := range c.events(ctx, r, true) {
			if err != nil {
				fail(err)
				return
			}
			ev, err := responsesDecodeEvent(se)
			if errors.Is(err, errResponsesSkip) {
				continue
			}
			if err != nil {
				fail(c.redactErr(err)) // the message quotes the event's data
				return
			}
			if ev.SequenceNumber >= 0 && !seen.add(ev.SequenceNumber) {
				continue // a duplicate
			}
			if !yield(ev, nil) {
				return
			}
			switch ev.Type {
			case ResponseEventCompleted, ResponseEventIncomplete:
				return
			case ResponseEventFailed:
				fail(c.responsesFailedEvent(ev))
				return
			case ResponseEventError:
				fail(c.responsesEventError(ev))
				return
			}
		}
		fail(ErrStreamIncomplete)
	}
}

// responsesFailedEvent is the *APIError for a response.failed event.
func (c *Client) responsesFailedEvent(ev ResponseEvent) error {
	if err := ev.Response.responsesFailure(c.redact); err != nil {
		return err
	}
	return &APIError{Group: Gamma, Type: "failed", Message: "the response failed"}
}

// responsesSeqSet is the set of sequence numbers seen, as sorted disjoint
// spans: an in-order stream, however long, is one span.
type responsesSeqSet struct {
	spans [][2]int64
}

// add records n (>= 0) and reports whether it was new.
func (s *responsesSeqSet) add(n int64) bool {
	k := len(s.spans)
	if k == 0 || n > s.spans[k-1][1] {
		if k > 0 && n-1 == s.spans[k-1][1] {
			s.spans[k-1][1] = n
		} else {
			s.spans = append(s.spans, [2]int64{n, n})
		}
		return true
	}
	i, _ := slices.BinarySearchFunc(s.spans, n, func(sp [2]int64, n int64) int {
		switch {
		case sp[1] < n:
			return -1
		case sp[0] > n:
			return 1
		}
		return 0
	})
	if i < k && s.spans[i][0] <= n && n <= s.spans[i][1] {
		return false
	}
	joinPrev := i > 0 && s.spans[i-1][1] == n-1
	joinNext := i < k && s.spans[i][0]-1 == n
	switch {
	case joinPrev && joinNext:
		s.spans[i-1][1] = s.spans[i][1]
		s.spans = slices.Delete(s.spans, i, i+1)
	case joinPrev:
		s.spans[i-1][1] = n
	case joinNext:
		s.spans[i][0] = n
	default:
		s.spans = slices.Insert(s.spans, i, [2]int64{n, n})
	}
	return true
}

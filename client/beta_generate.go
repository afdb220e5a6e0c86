package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/url"

	"atelier/client/sse"
)

// GenerateChunk is one event of a beta stream: a complete GenerateResponse
// whose parts hold only the text that is new since the previous chunk. Fold
// chunks with a GenerateAccumulator to get the whole reply.
type GenerateChunk struct {
	GenerateResponse
}

// GenerateContent sends req to model and returns the whole reply. A blocked
// prompt is a reply (see GenerateResponse.Blocked), not an error.
func (c *Client) GenerateContent(ctx context.Context, model string, req *GenerateRequest) (*GenerateResponse, error) {
	r, err := c.betaRequest(model, "generateContent", req)
	if err != nil {
		return nil, fmt.Errorf("generate content: %w", err)
	}
	var resp GenerateResponse
	if _, err := c.doJSON(ctx, r, &resp); err != nil {
		return nil, fmt.Errorf("generate content: %w", err)
	}
	return &resp, nil
}

// StreamGenerateContent sends req to model and yields the reply's chunks as
// they arrive. The protocol has no end event: a stream that ends cleanly
// without a finish reason on any candidate, and without a blocked prompt,
// ends with ErrStreamIncomplete. An error the service sends inside the
// stream is an *APIError with Status 0.
func (c *Client) StreamGenerateContent(ctx context.Context, model string, req *GenerateRequest) iter.Seq2[GenerateChunk, error] {
	return func(yield func(GenerateChunk, error) bool) {
		r, err := c.betaRequest(model, "streamGenerateContent", req)
		if err != nil {
			yield(GenerateChunk{}, fmt.Errorf("stream generate content: %w", err))
			return
		}
		r.query = url.Values{"alt": {"sse"}}
		complete := false
		for ev, err := range c.events(ctx, r, true) {
			if err != nil {
				yield(GenerateChunk{}, fmt.Errorf("stream generate content: %w", err))
				return
			}
			chunk, ok, err := c.betaChunk(ev)
			if err != nil {
				yield(GenerateChunk{}, fmt.Errorf("stream generate content: %w", err))
				return
			}
			if !ok {
				continue
			}
			complete = complete || betaFinished(&chunk.GenerateResponse)
			if !yield(chunk, nil) {
				return
			}
		}
		if !complete {
			yield(GenerateChunk{}, fmt.Errorf("stream generate content: %w", ErrStreamIncomplete))
		}
	}
}

// betaRequest validates and builds the request for method on model.
func (c *Client) betaRequest(model, method string, req *GenerateRequest) (request, error) {
	if err := betaValidate(model, req); err != nil {
		return request{}, err
	}
	return jsonRequest(Beta, c.betaURL(model, method), req)
}

// betaURL returns the absolute URL of method on model. The model is one
// path segment, escaped as url.PathEscape does ('/' becomes %2F), so a name
// holding a slash reaches the service whole instead of as extra path
// levels. It is absolute because a path under the base URL is taken
// unescaped, which would turn %2F back into '/'.
func (c *Client) betaURL(model, method string) string {
	return c.base.String() + betaPath(model, method)
}

// betaPath is the path of method on model under the base URL.
func betaPath(model, method string) string {
	return "/bypass/beta/v1/models/" + url.PathEscape(model) + ":" + method
}

// betaFinished reports whether a chunk ends the reply: a candidate has a
// finish reason, or the prompt was blocked.
func betaFinished(r *GenerateResponse) bool {
	for _, cd := range r.Candidates {
		if cd.FinishReason != "" {
			return true
		}
	}
	_, blocked := r.Blocked()
	return blocked
}

// betaChunk turns one event into a chunk. ok is false for what carries no
// chunk: a named event (the protocol sends data-only frames) that is not an
// error, an empty data line, or a [DONE] sentinel some gateways add. A bare
// JSON line after the stream began (StrayJSON) is how the service reports a
// failure; one that holds no error is ignored.
func (c *Client) betaChunk(ev sse.Event) (GenerateChunk, bool, error) {
	data := bytes.TrimSpace(ev.Data)
	if ev.Type != "" && ev.Type != "message" {
		if e := c.betaStreamError(data); e != nil {
			return GenerateChunk{}, false, e
		}
		return GenerateChunk{}, false, nil
	}
	if len(data) == 0 || string(data) == "[DONE]" {
		return GenerateChunk{}, false, nil
	}
	chunk, isError, err := betaDecodeChunk(data)
	if err != nil {
		return GenerateChunk{}, false, err
	}
	if isError {
		return GenerateChunk{}, false, c.betaStreamError(data)
	}
	return chunk, true, nil
}

// betaDecodeChunk decodes one data frame. isError reports a frame with a
// top-level "error": an error envelope, not a chunk.
func betaDecodeChunk(data []byte) (chunk GenerateChunk, isError bool, err error) {
	if len(data) == 0 || data[0] != '{' {
		return GenerateChunk{}, false, fmt.Errorf("malformed chunk (%d bytes): not a JSON object", len(data))
	}
	raw := bytes.Clone(data) // the event's bytes are reused by the decoder
	w := struct {
		*betaResponseJSON
		Error json.RawMessage `json:"error"`
	}{betaResponseJSON: (*betaResponseJSON)(&chunk.GenerateResponse)}
	if err := json.Unmarshal(raw, &w); err != nil {
		return GenerateChunk{}, false, fmt.Errorf("malformed chunk (%d bytes): %w", len(data), err)
	}
	if !betaNull(w.Error) {
		return GenerateChunk{}, true, nil
	}
	chunk.Raw = raw
	return chunk, false, nil
}

// betaStreamError returns the *APIError for an error envelope sent inside
// the stream, or nil when data holds no "error".
func (c *Client) betaStreamError(data []byte) *APIError {
	var probe struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(data, &probe) != nil || betaNull(probe.Error) {
		return nil
	}
	e := &APIError{Group: Beta}
	decodeErrorBody(e, data)
	e.Message = c.redact(e.Message)
	e.Body = []byte(c.redact(string(data)))
	return e
}

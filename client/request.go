package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"atelier/internal/limits"
)

// request is one HTTP exchange, described before it is sent so that it can be
// sent again on retry.
type request struct {
	group       Group
	method      string
	path        string // a path under the base URL, or an absolute URL on its origin
	query       url.Values
	body        []byte
	contentType string
	accept      string
	header      http.Header // protocol headers of this request; c.Headers[group] overrides them
	retry       retryPolicy
	// replied, when set, is given the headers of the reply that is read
	// (the request id of a reply that succeeded is only there).
	replied func(http.Header)
}

// jsonRequest returns a POST of body as JSON to path in group g.
func jsonRequest(g Group, path string, body any) (request, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return request{}, fmt.Errorf("encode request: %w", err)
	}
	return request{group: g, method: http.MethodPost, path: path, body: b,
		contentType: "application/json", accept: "application/json", retry: retryAlways}, nil
}

// send performs r, retrying what may be retried, and returns a 2xx response
// whose body the caller must close. A non-2xx reply becomes *APIError.
func (c *Client) send(ctx context.Context, r request) (*http.Response, error) {
	u, err := c.resolve(r.path)
	if err != nil {
		return nil, err
	}
	if err := c.checkTransport(u); err != nil {
		return nil, err
	}
	if len(r.query) > 0 {
		q := u.Query()
		for k, vs := range r.query {
			q[k] = vs
		}
		u.RawQuery = q.Encode()
	}
	for attempt := 0; ; attempt++ {
		resp, err := c.attempt(ctx, r, u)
		if err == nil {
			if r.replied != nil {
				r.replied(resp.Header)
			}
			return resp, nil
		}
		wait, ok := c.retryDelay(r.retry, attempt, err)
		if !ok {
			return nil, err
		}
		if err := c.sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// attempt sends r once.
func (c *Client) attempt(ctx context.Context, r request, u *url.URL) (*http.Response, error) {
	var body io.Reader
	if r.body != nil {
		body = bytes.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, u.String(), body)
	if err != nil {
		return nil, err
	}
	c.setHeaders(req.Header, r)
	resp, err := c.httpClient().Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, &connError{err: c.redactErr(err)}
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return resp, nil
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	return nil, c.apiError(r.group, resp, raw)
}

func (c *Client) setHeaders(h http.Header, r request) {
	for k, vs := range r.header {
		h[http.CanonicalHeaderKey(k)] = append([]string(nil), vs...)
	}
	for k, vs := range c.Headers[r.group] {
		if isCredentialHeader(k) {
			continue
		}
		h[http.CanonicalHeaderKey(k)] = append([]string(nil), vs...)
	}
	if c.UserAgent != "" {
		h.Set("User-Agent", c.UserAgent)
	}
	if r.contentType != "" {
		h.Set("Content-Type", r.contentType)
	}
	if r.accept != "" {
		h.Set("Accept", r.accept)
	}
	c.authorize(h, r.group)
}

func isCredentialHeader(k string) bool {
	switch http.CanonicalHeaderKey(k) {
	case "Authorization", "X-Api-Key", "X-Beta-Api-Key":
		return true
	}
	return false
}

// doJSON sends r and decodes a JSON reply into out, returning the raw bytes.
// The exchange, retries included, ends after the reply wait; the body ends
// when it passes its cap (counted after gzip is undone) or sends nothing
// for the idle timeout.
func (c *Client) doJSON(ctx context.Context, r request, out any) ([]byte, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	wait := c.Limits.replyWait()
	overall := c.afterFunc(wait, func() {
		cancel(&limits.Error{Limit: "reply wait", Value: wait.String(), What: "no whole reply came in that time"})
	})
	defer overall.Stop()
	resp, err := c.send(ctx, r)
	if err != nil {
		return nil, limitCause(ctx, err)
	}
	defer resp.Body.Close()
	raw, err := c.readBody(ctx, cancel, resp, r)
	if err != nil {
		return nil, fmt.Errorf("read reply: %w", err)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return raw, fmt.Errorf("decode reply: %w", err)
		}
	}
	return raw, nil
}

// readBody reads a reply body within r's cap, ending it when no byte comes
// for the idle timeout.
func (c *Client) readBody(ctx context.Context, cancel context.CancelCauseFunc, resp *http.Response, r request) ([]byte, error) {
	idle := c.Limits.idle()
	t := c.afterFunc(idle, func() { cancel(limits.Idle(idle, "the reply stopped sending")) })
	defer t.Stop()
	max, limit := c.replyCap(r)
	raw, err := limits.ReadAll(&idleReader{r: resp.Body, t: t, d: idle}, max, limit, resp.ContentLength)
	if err != nil {
		return nil, limitCause(ctx, c.redactErr(err))
	}
	return raw, nil
}

// idleReader moves its timer on with every byte read.
type idleReader struct {
	r io.Reader
	t Timer
	d time.Duration
}

func (ir *idleReader) Read(p []byte) (int, error) {
	n, err := ir.r.Read(p)
	if n > 0 {
		ir.t.Reset(ir.d)
	}
	return n, err
}

// connError is a failure to exchange a request at all (DNS, dial, reset).
type connError struct{ err error }

func (e *connError) Error() string { return e.err.Error() }
func (e *connError) Unwrap() error { return e.err }

// redactErr rewrites err's text with every credential removed.
func (c *Client) redactErr(err error) error {
	s := err.Error()
	if r := c.redact(s); r != s {
		return errors.New(r)
	}
	return err
}

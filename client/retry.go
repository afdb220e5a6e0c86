package client

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// retryPolicy says which failures of a request may be sent again.
type retryPolicy int

const (
	// retryAlways: connection errors, 408, 409, 429, 5xx and overloaded.
	retryAlways retryPolicy = iota
	// retryNoTask: only failures that prove the request created nothing
	// (connection refused, 429), for video submissions that cost money.
	retryNoTask
	// retryNever: never send again.
	retryNever
)

// maxRetryWait is the longest Retry-After the client waits for by itself;
// a longer one is returned to the caller in APIError.RetryAfter.
const maxRetryWait = time.Minute

// retryDelay says whether err on attempt (0-based) may be retried, and after
// how long.
func (c *Client) retryDelay(p retryPolicy, attempt int, err error) (time.Duration, bool) {
	if p == retryNever || attempt >= c.MaxRetries {
		return 0, false
	}
	var ce *connError
	if errors.As(err, &ce) {
		if p == retryNoTask && !isConnRefused(ce) {
			return 0, false
		}
		return c.backoff(attempt + 1), true
	}
	var ae *APIError
	if !errors.As(err, &ae) || !ae.retryable(p) {
		return 0, false
	}
	if ae.RetryAfter > 0 {
		return ae.RetryAfter, ae.RetryAfter <= maxRetryWait
	}
	return c.backoff(attempt + 1), true
}

func (e *APIError) retryable(p retryPolicy) bool {
	explicit := e.shouldRetry != nil
	if explicit && !*e.shouldRetry {
		return false
	}
	if e.Status == http.StatusTooManyRequests {
		// Without Retry-After this code means a spending cap: waiting won't help.
		return e.Code != "enforced_spend_limit_reached"
	}
	if p == retryNoTask {
		return false // only a 429 proves no task was created
	}
	if explicit {
		return true
	}
	switch {
	case e.Status == http.StatusRequestTimeout, e.Status == http.StatusConflict, e.Status >= 500:
		return true
	}
	return e.Type == "overloaded_error"
}

func isConnRefused(err error) bool {
	if errors.Is(err, syscall.ECONNREFUSED) {
		return true
	}
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

func (c *Client) backoff(attempt int) time.Duration {
	if c.Backoff != nil {
		return c.Backoff(attempt)
	}
	return defaultBackoff(attempt)
}

// defaultBackoff is exponential from 500 ms, capped at 8 s, with jitter over
// the upper half so that many clients do not retry in step.
func defaultBackoff(attempt int) time.Duration {
	d := 500 * time.Millisecond << min(attempt-1, 4)
	return d/2 + rand.N(d/2+1)
}

// parseRetryAfter reads retry-after-ms, then Retry-After (seconds or an HTTP
// date), returning 0 when neither is usable.
func parseRetryAfter(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s <= 0 {
			return 0
		}
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

func (c *Client) sleep(ctx context.Context, d time.Duration) error {
	if c.Sleep != nil {
		return c.Sleep(ctx, d)
	}
	return sleepCtx(ctx, d)
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

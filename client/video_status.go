package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
)

// VideoStatus fetches the current status of task t, with its logs. It GETs
// t.StatusURL; a handle without one (form C makes the URLs optional) uses
// the interface's shape /queue/qv/<family>/requests/<id>/status. So a task
// known only by its status URL is &VideoTask{StatusURL: u}. Credentials go
// only to the base URL's origin: a status URL elsewhere fails with
// ErrForeignOrigin and nothing is sent. The reply (202 while queued or
// running, 200 when done) keeps every status word as sent; a failed task is
// reported by the returned task's Failure, not by an error.
func (c *Client) VideoStatus(ctx context.Context, t *VideoTask) (*VideoTask, error) {
	ref, err := videoRef(t, t.StatusURL, "/status")
	if err != nil {
		return nil, fmt.Errorf("video status: %w", err)
	}
	r := request{group: Queue, method: http.MethodGet, path: ref, query: url.Values{"logs": {"1"}},
		accept: "application/json", retry: retryAlways}
	var out VideoTask
	if _, err := c.doJSON(ctx, r, &out); err != nil {
		return nil, fmt.Errorf("video status: %w", err)
	}
	out.carryOver(t)
	return &out, nil
}

// carryOver keeps what the earlier handle knew and the status reply left
// out, so that the next poll and the result fetch still find their URLs.
func (t *VideoTask) carryOver(prev *VideoTask) {
	fill := func(dst *string, src string) {
		if *dst == "" {
			*dst = src
		}
	}
	fill(&t.RequestID, prev.RequestID)
	fill(&t.ResponseURL, prev.ResponseURL)
	fill(&t.StatusURL, prev.StatusURL)
	fill(&t.CancelURL, prev.CancelURL)
	fill(&t.Family, prev.Family)
	fill(&t.Endpoint, prev.Endpoint)
}

// videoRef returns the URL to use, or the interface's path for the task's
// family and id when the handle has no URL.
func videoRef(t *VideoTask, u, suffix string) (string, error) {
	if t == nil {
		return "", errors.New("no task")
	}
	if u != "" {
		return u, nil
	}
	if t.Family == "" || t.RequestID == "" {
		return "", errors.New("the task handle has no URL, and no family and request id to build one")
	}
	return "/queue/qv/" + url.PathEscape(t.Family) + "/requests/" + url.PathEscape(t.RequestID) + suffix, nil
}

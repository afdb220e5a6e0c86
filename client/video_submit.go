package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// VideoRequest is a video task submission.
type VideoRequest struct {
	// Path is the endpoint after /queue/qv/ with its mode, as
	// LookupVideoEndpoint takes it: "videob/o3/pro/image-to-video".
	Path string
	// Body is the JSON body: the fields of the endpoint's table, and any
	// other field, which is sent unchanged.
	Body map[string]any
	// Webhook, when set, is sent as queue_webhook: an https address told
	// when the task changes. http is accepted only for a loopback host.
	Webhook string
}

// Validate checks the request against the endpoint's table and the webhook
// rules, returning every violation joined.
func (r VideoRequest) Validate() error {
	e, mode, err := LookupVideoEndpoint(r.Path)
	if err != nil {
		return err
	}
	return errors.Join(e.Validate(mode, r.Body), videoCheckWebhook(e, r.Webhook))
}

// videoCheckWebhook refuses a webhook where the endpoint does not list
// queue_webhook, and any address but https (or http on loopback, for tests).
func videoCheckWebhook(e VideoEndpoint, hook string) error {
	if hook == "" {
		return nil
	}
	var c checks
	if !e.Webhook {
		c.add("queue_webhook", "is not accepted by "+e.Path, hook)
		return c.err()
	}
	u, err := url.Parse(hook)
	switch {
	case err != nil || u.Host == "":
		c.add("queue_webhook", "must be an absolute https URL", hook)
	case strings.EqualFold(u.Scheme, "https"):
	case strings.EqualFold(u.Scheme, "http") && isLoopback(u.Hostname()):
	default:
		c.add("queue_webhook", "must be an https URL (http only for a loopback host)", hook)
	}
	return c.err()
}

// SubmitVideo validates req and creates a video task, returning its handle
// (reply forms A, A2, B and C read alike). Nothing is sent when req breaks a
// documented rule. Since a task costs money, only failures that prove no
// task was created (a refused connection, a 429) are sent again.
func (c *Client) SubmitVideo(ctx context.Context, req VideoRequest) (*VideoTask, error) {
	e, mode, err := LookupVideoEndpoint(req.Path)
	if err != nil {
		return nil, fmt.Errorf("submit video: %w", err)
	}
	if err := errors.Join(e.Validate(mode, req.Body), videoCheckWebhook(e, req.Webhook)); err != nil {
		return nil, fmt.Errorf("submit video: %w", err)
	}
	body := req.Body
	if body == nil {
		body = map[string]any{}
	}
	r, err := jsonRequest(Queue, e.URLPath(mode), body)
	if err != nil {
		return nil, fmt.Errorf("submit video: %w", err)
	}
	r.retry = retryNoTask
	if req.Webhook != "" {
		r.query = url.Values{"queue_webhook": {req.Webhook}}
	}
	raw, err := c.doJSON(ctx, r, nil)
	if err != nil {
		return nil, fmt.Errorf("submit video: %w", err)
	}
	var t VideoTask
	if err := json.Unmarshal(raw, &t); err != nil {
		return nil, fmt.Errorf("submit video: the task may have been created, but its reply is unreadable: %w", err)
	}
	if t.RequestID == "" && t.StatusURL == "" {
		return nil, fmt.Errorf("submit video: the reply names no task (no request_id or status_url): %s", plainText(raw))
	}
	t.Family, t.Endpoint = e.Family, e.PathFor(mode)
	return &t, nil
}

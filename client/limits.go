package client

import (
	"cmp"
	"context"
	"errors"
	"time"

	"atelier/internal/limits"
)

// Limits are the client's budgets: how much of a reply, a stream or a body
// it holds, and how long it waits for one that went quiet. A zero field
// means the default of package limits, where every limit is defined.
type Limits struct {
	// ReplyText is the text and thinking kept per chat reply; a reply that
	// passes it is cut there, with what arrived kept.
	ReplyText int64
	// IdleTimeout ends a stream that sends no content for this long (pings
	// and comments do not count), and a body that sends no byte.
	IdleTimeout time.Duration
	// ReplyWait is the longest a non-streamed request waits for its whole
	// reply, retries included.
	ReplyWait time.Duration
	// ChatStream and ImageStream cap all the event data of one stream.
	ChatStream, ImageStream int64
	// Event caps one server-sent event of an image stream; a chat stream's
	// events are capped at ReplyText and limits.ChatEventSlack, within it.
	Event int
	// JSONReply caps a non-streamed reply (after gzip); VideoReply a video
	// submission, status or result reply.
	JSONReply, VideoReply int64
}

func (l Limits) replyText() int64         { return cmp.Or(l.ReplyText, limits.ReplyText) }
func (l Limits) idle() time.Duration      { return cmp.Or(l.IdleTimeout, limits.IdleTimeout) }
func (l Limits) replyWait() time.Duration { return cmp.Or(l.ReplyWait, limits.ReplyWait) }
func (l Limits) event() int               { return cmp.Or(l.Event, limits.Event) }

// Timer is a timer that can be moved or stopped, as *time.Timer is.
type Timer interface {
	Reset(d time.Duration) bool
	Stop() bool
}

// afterFunc runs f after d, on the client's clock.
func (c *Client) afterFunc(d time.Duration, f func()) Timer {
	if c.AfterFunc != nil {
		return c.AfterFunc(d, f)
	}
	return time.AfterFunc(d, f)
}

// replyCap is the largest reply body r may get.
func (c *Client) replyCap(r request) (int64, string) {
	if r.group == Queue {
		return cmp.Or(c.Limits.VideoReply, limits.VideoReply), "video reply"
	}
	return cmp.Or(c.Limits.JSONReply, limits.JSONReply), "JSON reply"
}

// eventCap is the largest one event of r's stream may be, by the kind of
// stream: an image stream's event may carry a partial image of many
// megabytes (Limits.Event); a chat stream's carries a few bytes of text, or
// at the end the reply repeated whole (gamma's response.completed), so one
// larger than the reply text it may keep, and a megabyte more, is no real
// event, and is refused before it costs the memory of holding and decoding
// it.
func (c *Client) eventCap(r request) (int64, string) {
	if r.path == imageGenerationsPath || r.path == imageEditsPath {
		return int64(c.Limits.event()), "event"
	}
	return min(int64(c.Limits.event()), c.Limits.replyText()+limits.ChatEventSlack), "chat event"
}

// streamCap is the most event data r's stream may carry.
func (c *Client) streamCap(r request) int64 {
	if r.path == imageGenerationsPath || r.path == imageEditsPath {
		return cmp.Or(c.Limits.ImageStream, limits.ImageStream)
	}
	return cmp.Or(c.Limits.ChatStream, limits.ChatStream)
}

// replyTextError is the error of a reply cut at the text budget.
func (c *Client) replyTextError() error {
	return limits.Over("reply text", c.Limits.replyText(), "the reply is cut there").
		WithSetting("limits.reply_text in config.toml")
}

// limitCause returns the budget error that cancelled ctx, or err.
func limitCause(ctx context.Context, err error) error {
	var be *limits.Error
	if cause := context.Cause(ctx); errors.As(cause, &be) {
		return be
	}
	return err
}

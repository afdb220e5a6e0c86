package client

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"strings"
	"time"
)

// The chat layer treats the three chat protocols alike: turns in, deltas
// out. The native request and the native final reply are still what is sent
// and kept (ChatResult.Request and .Response), so history holds exactly what
// went over the wire.

// ChatTarget is one model to chat with: a family, a model and its settings.
type ChatTarget struct {
	Family   Group // Alpha, Beta or Gamma
	Model    string
	Settings ChatSettings
}

// ChatSettings are the settings a chat screen offers. Each family reads the
// ones it has; Extra goes into the native request unchanged.
type ChatSettings struct {
	System        string   `json:"system,omitempty"`
	MaxTokens     int      `json:"max_tokens,omitempty"`
	Temperature   *float64 `json:"temperature,omitempty"`
	TopP          *float64 `json:"top_p,omitempty"`
	TopK          *int     `json:"top_k,omitempty"`
	StopSequences []string `json:"stop_sequences,omitempty"`
	// ThinkingBudget turns thinking on with that many tokens (alpha, beta).
	ThinkingBudget int `json:"thinking_budget,omitempty"`
	// ThinkingDisplay is alpha's summarized or omitted.
	ThinkingDisplay string `json:"thinking_display,omitempty"`
	// Effort is alpha's output_config.effort or gamma's reasoning.effort.
	Effort string `json:"effort,omitempty"`
	// Summary is gamma's reasoning.summary (auto, concise, detailed).
	Summary string `json:"summary,omitempty"`
	// Verbosity is gamma's text.verbosity.
	Verbosity string `json:"verbosity,omitempty"`
	WebSearch bool   `json:"web_search,omitempty"`
	// Extra fields of the native request, sent unchanged.
	Extra Extra `json:"extra,omitempty"`
}

// DefaultChatFamily is the family a new conversation starts on, in the
// TUI's Chat tab and on the command line given no -p.
const DefaultChatFamily = Alpha

// DefaultMaxTokens is used when a target sets no MaxTokens; alpha requires
// a value.
const DefaultMaxTokens = 4096

// ChatTurn is one turn of a conversation.
type ChatTurn struct {
	Role   string      // "user" or "assistant"
	Text   string      // the text of the turn
	Images []ChatImage // user attachments
	// Native is the native final reply of an assistant turn, when known: its
	// blocks (thinking signatures, tool results) are sent back exactly.
	Native json.RawMessage
	// Family is the family that produced Native; a reply from another family
	// is sent back as plain text.
	Family Group
}

// ChatImage is an image attached to a user turn.
type ChatImage struct {
	MediaType string // image/png, image/jpeg, ...
	Data      []byte
}

// ChatDeltaKind says what a ChatDelta carries.
type ChatDeltaKind int

// The kinds of chat delta.
const (
	ChatTextDelta     ChatDeltaKind = iota // Text is reply text
	ChatThinkingDelta                      // Text is thinking or a reasoning summary
	ChatToolDelta                          // Tool is a tool or web-search call
	ChatCitationDelta                      // Citation is a source
	ChatUsageDelta                         // Usage changed
	ChatDoneDelta                          // the end: Result is the final (or partial) result
)

// ChatDelta is one change to a reply as it streams.
type ChatDelta struct {
	Kind ChatDeltaKind
	Text string
	// SoFar, with a text delta of StreamChat, is the reply's text up to
	// and with it: a string shared with the stream's own, not a copy, so
	// that a screen keeping the text as it streams does not hold a reply
	// of megabytes twice.
	SoFar    string
	Tool     *ChatToolCall
	Citation *ChatSource
	Usage    ChatUsage
	Result   *ChatResult // with ChatDoneDelta
}

// ChatToolCall is a call the model made: a custom tool, or a server tool such
// as web search (Server true).
type ChatToolCall struct {
	ID, Name, Input string
	Server          bool
}

// ChatSource is a cited source.
type ChatSource struct {
	Title, URL string
}

// ChatUsage counts tokens.
type ChatUsage struct {
	Input, Output int
}

// ChatResult is a finished (or interrupted) reply.
type ChatResult struct {
	Text, Thinking string
	StopReason     string   // the family's own word: end_turn, STOP, completed, ...
	Stop           ChatStop // how the reply ended, alike across families
	Usage          ChatUsage
	Sources        []ChatSource
	Tools          []ChatToolCall
	Model          string        // the model that answered, as the reply says
	FirstToken     time.Duration // from sending to the first text or thinking
	Total          time.Duration
	Request        json.RawMessage // the native request as sent
	Response       json.RawMessage // the native final reply (accumulated when streamed)
	Complete       bool            // false when the stream ended early
}

// TokensPerSecond is the output rate after the first token, or 0.
func (r *ChatResult) TokensPerSecond() float64 {
	d := r.Total - r.FirstToken
	if r.Usage.Output == 0 || d <= 0 {
		return 0
	}
	return float64(r.Usage.Output) / d.Seconds()
}

// chatProtocol is one family's side of the chat layer.
type chatProtocol interface {
	request() (json.RawMessage, error)
	path(stream bool) string
	send(ctx context.Context, c *Client) (*ChatResult, error)
	// stream yields the deltas of a streamed reply. A family fits the text
	// of each event to the budget (kept.fit) before folding the event into
	// its native reply, so that neither the reply it keeps (--json,
	// history) nor its memory passes the budget; StreamChat counts what is
	// yielded and ends the stream once the budget is spent.
	stream(ctx context.Context, c *Client, kept *replyKept, yield func(ChatDelta) bool) (*ChatResult, error)
}

func newChatProtocol(t ChatTarget, turns []ChatTurn) (chatProtocol, error) {
	if err := chatCheckWire(t.Settings); err != nil {
		return nil, err // before a family's own checks, which could not even encode a NaN
	}
	switch t.Family {
	case Alpha:
		return newAlphaChat(t, turns)
	case Beta:
		return newBetaChat(t, turns)
	case Gamma:
		return newGammaChat(t, turns)
	}
	return nil, &ValidationError{Field: "family", Rule: "must be alpha, beta or gamma", Value: string(t.Family)}
}

// NativeChatRequest returns the path and native body that Chat (stream
// false) or StreamChat (stream true) would send for turns to t, after
// validating them: what history records before a reply begins.
func NativeChatRequest(t ChatTarget, turns []ChatTurn, stream bool) (path string, body json.RawMessage, err error) {
	p, err := newChatProtocol(t, turns)
	if err != nil {
		return "", nil, fmt.Errorf("chat: %w", err)
	}
	body, err = chatBody(p, t.Family, stream)
	if err != nil {
		return "", nil, fmt.Errorf("chat: %w", err)
	}
	return p.path(stream), body, nil
}

// chatBody is the native body p sends; the stream methods add the stream
// flag (beta streams by method name instead).
func chatBody(p chatProtocol, fam Group, stream bool) (json.RawMessage, error) {
	body, err := p.request()
	if err != nil || !stream || fam == Beta {
		return body, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, err
	}
	m["stream"] = json.RawMessage("true")
	return json.Marshal(m)
}

// Chat sends turns to t and waits for the whole reply. A reply past the
// reply text budget is cut there: the result keeps what fits, and the
// error says which limit was reached.
func (c *Client) Chat(ctx context.Context, t ChatTarget, turns []ChatTurn) (*ChatResult, error) {
	p, err := newChatProtocol(t, turns)
	if err != nil {
		return nil, fmt.Errorf("chat: %w", err)
	}
	start := time.Now()
	res, err := p.send(ctx, c)
	if res != nil {
		res.Total = time.Since(start)
		res.FirstToken = res.Total
		res.Request, _ = p.request()
		if k := (replyKept{max: c.Limits.replyText()}); !k.fits(res) && err == nil {
			k.cut(res)
			res.Response = cutNativeText(res.Response, k.max)
			res.Complete, err = false, c.replyTextError()
		}
	}
	return res, err
}

// StreamChat sends turns to t and yields the reply as it streams. The last
// delta is always ChatDoneDelta with the result, partial when err is not nil.
// A reply that passes the reply text budget ends there: the delta that
// crosses it is cut to fit, the stream is closed, and err says which limit
// was reached.
func (c *Client) StreamChat(ctx context.Context, t ChatTarget, turns []ChatTurn) iter.Seq2[ChatDelta, error] {
	return func(yield func(ChatDelta, error) bool) {
		p, err := newChatProtocol(t, turns)
		if err != nil {
			yield(ChatDelta{Kind: ChatDoneDelta, Result: &ChatResult{}}, fmt.Errorf("chat: %w", err))
			return
		}
		start := time.Now()
		var first time.Duration
		stopped, full := false, false
		kept := replyKept{max: c.Limits.replyText()}
		var text strings.Builder // the text yielded: each text delta's SoFar
		res, err := p.stream(ctx, c, &kept, func(d ChatDelta) bool {
			d, full = kept.take(d)
			full = full || kept.over
			if d.Kind == ChatTextDelta {
				text.WriteString(d.Text)
				d.SoFar = text.String()
			}
			if first == 0 && (d.Kind == ChatTextDelta || d.Kind == ChatThinkingDelta) && d.Text != "" {
				first = time.Since(start)
			}
			if !yield(d, nil) {
				stopped = true
			}
			return !stopped && !full
		})
		if stopped {
			return
		}
		full = full || kept.over
		if res == nil {
			res = &ChatResult{}
		}
		if over := !kept.fits(res); full || over {
			if over { // a final event repeated more text than the deltas brought, or brought it alone
				res.Response = cutNativeText(res.Response, kept.max)
			}
			kept.cut(res)
			res.Complete, err = false, c.replyTextError()
		}
		if res.Text == text.String() {
			// The one copy of the text, the one the deltas shared: the
			// family's own is left to the collector.
			res.Text = text.String()
		}
		res.Total, res.FirstToken = time.Since(start), first
		res.Request, _ = chatBody(p, t.Family, true)
		yield(ChatDelta{Kind: ChatDoneDelta, Result: res, Usage: res.Usage}, err)
	}
}

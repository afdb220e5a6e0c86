package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// MessageEvent is one event of a message stream (PROTOCOLS.md 1.4). Type is
// the JSON "type" of the event's data; the payload field that matches it is
// set. Event types this package does not know are passed on with only Type,
// Name and Raw.
type MessageEvent struct {
	// Type is message_start, content_block_start, content_block_delta,
	// content_block_stop, message_delta, message_stop, ping, error, or a
	// newer word.
	Type string
	// Name is the SSE event: field. It is advisory: Type is what counts.
	Name string
	// Index is the block a content_block_* event is about: its position in
	// the final content.
	Index int

	// Message is the message_start payload: id, model, and the input usage.
	Message *Message
	// Block is the content_block_start payload. Result and redacted
	// thinking blocks arrive complete here.
	Block *MessageBlock
	// Delta is the content_block_delta payload.
	Delta *MessageBlockDelta
	// MessageDelta is the message_delta payload: the stop reason and the
	// other top-level fields that change at the end.
	MessageDelta *MessageDelta
	// Usage is the cumulative usage of a message_delta.
	Usage *MessageUsage
	// Error is an error event; StreamMessages yields it as the error.
	Error *APIError

	// Raw is the event's data exactly as sent.
	Raw json.RawMessage
}

// MessageBlockDelta is an increment to one content block. Type is
// text_delta, input_json_delta, thinking_delta, signature_delta,
// citations_delta, or a newer word kept with its Raw.
type MessageBlockDelta struct {
	Type        string           `json:"type"`
	Text        string           `json:"text,omitempty"`
	PartialJSON string           `json:"partial_json,omitempty"`
	Thinking    string           `json:"thinking,omitempty"`
	Signature   string           `json:"signature,omitempty"`
	Citation    *MessageCitation `json:"citation,omitempty"`

	Raw json.RawMessage `json:"-"`
}

// MessageDelta is the change a message_delta event makes to the message.
type MessageDelta struct {
	StopReason   string              `json:"stop_reason"`
	StopSequence string              `json:"stop_sequence"`
	StopDetails  *MessageStopDetails `json:"stop_details"`
	Container    *MessageContainer   `json:"container"`

	Raw json.RawMessage `json:"-"`
}

// alphaEnvelope holds every payload key of a message stream event.
type alphaEnvelope struct {
	Type         string          `json:"type"`
	Index        *int            `json:"index"`
	Message      json.RawMessage `json:"message"`
	ContentBlock json.RawMessage `json:"content_block"`
	Delta        json.RawMessage `json:"delta"`
	Usage        json.RawMessage `json:"usage"`
}

// alphaDeltaTypes are the delta types whose fields are checked; a newer type
// is kept whatever its fields hold.
var alphaDeltaTypes = map[string]bool{
	"text_delta": true, "input_json_delta": true, "thinking_delta": true,
	"signature_delta": true, "citations_delta": true,
}

// alphaDecodeEvent turns one SSE event (its event: name and data) into a
// MessageEvent. The data is copied: the caller may reuse its buffer. An event
// whose data cannot be read as its type says is an error naming that type.
func alphaDecodeEvent(name string, data []byte) (MessageEvent, error) {
	raw := bytes.Clone(data)
	ev := MessageEvent{Type: name, Name: name, Raw: raw}
	var env alphaEnvelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return ev, alphaMalformed(name, err)
	}
	if env.Type != "" {
		ev.Type = env.Type
	}
	switch ev.Type {
	case "message_start":
		if !alphaIsObject(env.Message) {
			return ev, alphaMalformed(ev.Type, errors.New("no message object"))
		}
		ev.Message = new(Message)
		if err := json.Unmarshal(env.Message, ev.Message); err != nil {
			return ev, alphaMalformed(ev.Type, err)
		}
	case "content_block_start", "content_block_delta", "content_block_stop":
		return alphaDecodeBlockEvent(ev, env)
	case "message_delta":
		ev.MessageDelta = &MessageDelta{}
		if alphaIsObject(env.Delta) {
			if err := json.Unmarshal(env.Delta, ev.MessageDelta); err != nil {
				return ev, alphaMalformed(ev.Type, err)
			}
			ev.MessageDelta.Raw = env.Delta
		}
		if alphaIsObject(env.Usage) {
			ev.Usage = &MessageUsage{}
			if err := json.Unmarshal(env.Usage, ev.Usage); err != nil {
				return ev, alphaMalformed(ev.Type, err)
			}
		}
	case "error":
		ev.Error = &APIError{Group: Alpha}
		decodeErrorBody(ev.Error, raw)
		ev.Error.Body = raw
	}
	return ev, nil
}

// alphaDecodeBlockEvent reads the payload of a content_block_* event.
func alphaDecodeBlockEvent(ev MessageEvent, env alphaEnvelope) (MessageEvent, error) {
	if env.Index == nil || *env.Index < 0 {
		return ev, alphaMalformed(ev.Type, errors.New("no valid index"))
	}
	ev.Index = *env.Index
	switch ev.Type {
	case "content_block_start":
		if !alphaIsObject(env.ContentBlock) {
			return ev, alphaMalformed(ev.Type, errors.New("no content_block object"))
		}
		ev.Block = new(MessageBlock)
		_ = json.Unmarshal(env.ContentBlock, ev.Block) // never fails on an object
	case "content_block_delta":
		if !alphaIsObject(env.Delta) {
			return ev, alphaMalformed(ev.Type, errors.New("no delta object"))
		}
		d := &MessageBlockDelta{Raw: env.Delta}
		if err := json.Unmarshal(env.Delta, d); err != nil {
			if alphaDeltaTypes[d.Type] || !alphaTypeMismatch(err) {
				return ev, alphaMalformed(ev.Type+" "+d.Type, err)
			}
			*d = MessageBlockDelta{Type: d.Type, Raw: env.Delta}
		}
		ev.Delta = d
	}
	return ev, nil
}

func alphaMalformed(typ string, err error) error {
	if typ == "" {
		typ = "unnamed"
	}
	return fmt.Errorf("alpha: malformed %s event: %w", typ, err)
}

func alphaIsObject(raw json.RawMessage) bool {
	t := bytes.TrimLeft(raw, " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}

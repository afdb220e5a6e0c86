package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// ErrMessageToolInput is reported by MessageAccumulator.Add when a tool
// call's streamed input is not valid JSON. The block keeps the text as a
// JSON string in its input, so nothing is lost.
var ErrMessageToolInput = errors.New("tool input is not valid JSON")

// MessageAccumulator folds the events of a message stream into the final
// Message (PROTOCOLS.md 1.8). Deltas are routed by their block index, never
// by arrival order. Message may be called at any time: after a cut stream it
// returns what arrived. The zero value is ready to use; it is not safe for
// concurrent use.
type MessageAccumulator struct {
	msg    *alphaObject // the message_start message; nil until one arrives
	stop   *alphaObject // top-level fields from message_delta deltas
	usage  *alphaObject // cumulative usage
	blocks map[int]*alphaBlock
	done   bool
}

// alphaBlock is one content block being assembled.
type alphaBlock struct {
	obj                                 *alphaObject // as content_block_start sent it
	text, thinking, signature, jsonText strings.Builder
	citations                           []json.RawMessage
}

// Add folds ev into the message. It returns an error for an event that
// does not fit (a delta for a block that never started, tool input that is
// not JSON); the accumulator stays usable and keeps what it could apply.
// Events it does not know, pings and error events change nothing.
func (a *MessageAccumulator) Add(ev MessageEvent) error {
	switch ev.Type {
	case "message_start":
		return a.start(ev)
	case "content_block_start":
		return a.blockStart(ev)
	case "content_block_delta":
		return a.blockDelta(ev)
	case "content_block_stop":
		return a.blockStop(ev.Index)
	case "message_delta":
		return a.messageDelta(ev)
	case "message_stop":
		a.done = true
	}
	return nil
}

// Done reports whether message_stop has arrived: the message is complete.
func (a *MessageAccumulator) Done() bool { return a.done }

func (a *MessageAccumulator) start(ev MessageEvent) error {
	if ev.Message == nil {
		return errors.New("alpha: message_start without a message")
	}
	o, err := alphaParseObject(ev.Message.Raw)
	if err != nil {
		return fmt.Errorf("alpha: message_start: %w", err)
	}
	a.msg = o
	a.usage = nil
	if u, err := alphaParseObject(o.get("usage")); err == nil {
		a.usage = u
	}
	return nil
}

func (a *MessageAccumulator) blockStart(ev MessageEvent) error {
	if ev.Block == nil {
		return fmt.Errorf("alpha: content_block_start %d without a block", ev.Index)
	}
	o, err := alphaParseObject(ev.Block.Raw)
	if err != nil {
		return fmt.Errorf("alpha: content_block_start %d: %w", ev.Index, err)
	}
	a.put(ev.Index, &alphaBlock{obj: o})
	return nil
}

func (a *MessageAccumulator) put(index int, b *alphaBlock) {
	if a.blocks == nil {
		a.blocks = map[int]*alphaBlock{}
	}
	a.blocks[index] = b
}

// alphaDeltaBlockType is the block type a delta belongs to, used when a
// delta arrives for a block whose start was lost.
var alphaDeltaBlockType = map[string]string{
	"text_delta": "text", "citations_delta": "text",
	"thinking_delta": "thinking", "signature_delta": "thinking",
	"input_json_delta": "tool_use",
}

func (a *MessageAccumulator) blockDelta(ev MessageEvent) error {
	if ev.Delta == nil {
		return fmt.Errorf("alpha: content_block_delta %d without a delta", ev.Index)
	}
	d := ev.Delta
	b, ok := a.blocks[ev.Index]
	var err error
	if !ok {
		err = fmt.Errorf("alpha: %s for block %d, which never started", d.Type, ev.Index)
		typ, known := alphaDeltaBlockType[d.Type]
		if !known {
			return err
		}
		b = &alphaBlock{obj: alphaNewObject()}
		b.obj.setValue("type", typ)
		a.put(ev.Index, b)
	}
	switch d.Type {
	case "text_delta":
		b.text.WriteString(d.Text)
	case "thinking_delta":
		b.thinking.WriteString(d.Thinking)
	case "signature_delta":
		b.signature.WriteString(d.Signature)
	case "input_json_delta":
		b.jsonText.WriteString(d.PartialJSON)
	case "citations_delta":
		if d.Citation != nil && len(d.Citation.Raw) > 0 {
			b.citations = append(b.citations, d.Citation.Raw)
		}
	}
	return err
}

// blockStop is where a tool call's input is complete and can be checked.
func (a *MessageAccumulator) blockStop(index int) error {
	b, ok := a.blocks[index]
	if !ok {
		return fmt.Errorf("alpha: content_block_stop for block %d, which never started", index)
	}
	if s := strings.TrimSpace(b.jsonText.String()); s != "" && !json.Valid([]byte(s)) {
		return fmt.Errorf("alpha: block %d: %w", index, ErrMessageToolInput)
	}
	return nil
}

// alphaNotTopLevel are message_delta keys that must not replace the
// message's own fields of the same name.
var alphaNotTopLevel = map[string]bool{"type": true, "content": true, "usage": true}

func (a *MessageAccumulator) messageDelta(ev MessageEvent) error {
	o, err := alphaParseObject(ev.Raw)
	if err != nil {
		return fmt.Errorf("alpha: message_delta: %w", err)
	}
	if d, err := alphaParseObject(o.get("delta")); err == nil {
		if a.stop == nil {
			a.stop = alphaNewObject()
		}
		for _, k := range d.keys {
			if !alphaNotTopLevel[k] {
				a.stop.set(k, d.vals[k])
			}
		}
	}
	u, err := alphaParseObject(o.get("usage"))
	if err != nil {
		return nil
	}
	if a.usage == nil {
		a.usage = alphaNewObject()
	}
	for _, k := range u.keys {
		if v := u.vals[k]; !alphaNotRepeated(a.usage.get(k), v) {
			a.usage.set(k, v)
		}
	}
	return nil
}

// alphaNotRepeated reports a usage count that a message_delta sent as null,
// or as 0 after an earlier event gave a number: the usage is cumulative, so
// that means "not repeated here" (input tokens, typically), not "none".
func alphaNotRepeated(old, v json.RawMessage) bool {
	if string(v) == "null" {
		return true
	}
	return string(v) == "0" && len(old) > 0 && string(old) != "0" && string(old) != "null"
}

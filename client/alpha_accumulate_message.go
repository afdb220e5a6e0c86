package client

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// Message returns the message as accumulated so far, with Raw encoded from
// that state: complete after message_stop, partial before.
//
// A reply's text is written once, escaped, into Raw, which is built in one
// buffer of about the size it needs; the blocks' Text and Thinking are the
// accumulated strings themselves and each block's Raw is its part of the
// message's. So a reply of megabytes costs its text about twice, not the
// six or seven times that encoding and decoding it again would.
func (a *MessageAccumulator) Message() *Message {
	o := a.top()
	indexes := a.indexes()
	blocks := make([]alphaBlockText, len(indexes))
	size := 2
	for k, v := range o.vals {
		size += len(k) + len(v) + 4
	}
	for n, i := range indexes {
		blocks[n] = a.blocks[i].final()
		size += blocks[n].size() + 1
	}
	raw := make([]byte, 0, size)
	spans := make([][2]int, len(blocks))
	raw = o.appendJSON(raw, func(dst []byte) []byte {
		dst = append(dst, '[')
		for n := range blocks {
			if n > 0 {
				dst = append(dst, ',')
			}
			spans[n][0] = len(dst)
			dst = blocks[n].appendJSON(dst, false)
			spans[n][1] = len(dst)
		}
		return append(dst, ']')
	})

	// The fields but content, read from the object without it; each block
	// from its own JSON without its long strings, which are set after.
	var m Message
	o.vals["content"] = json.RawMessage("[]")
	head, _ := o.MarshalJSON()
	if err := json.Unmarshal(head, &m); err != nil {
		return &Message{Raw: raw}
	}
	m.Content = make([]MessageBlock, len(blocks))
	for n, b := range blocks {
		var mb MessageBlock
		_ = json.Unmarshal(b.appendJSON(nil, true), &mb) // never fails on an object
		mb.Text, mb.Thinking, mb.Raw = b.text, b.thinking, raw[spans[n][0]:spans[n][1]:spans[n][1]]
		m.Content[n] = mb
	}
	m.Raw = raw
	return &m
}

// top is the message object but its content: message_start's fields, with
// message_delta's over them and the usage as it stands; "content" holds its
// place, empty.
func (a *MessageAccumulator) top() *alphaObject {
	o := alphaNewObject()
	if a.msg != nil {
		o = a.msg.clone()
	} else {
		o.setValue("type", "message")
		o.setValue("role", "assistant")
	}
	o.set("content", nil)
	if a.stop != nil {
		for _, k := range a.stop.keys {
			o.set(k, a.stop.vals[k])
		}
	}
	if a.usage != nil {
		o.setValue("usage", a.usage)
	}
	return o
}

// indexes are the blocks' indexes in order.
func (a *MessageAccumulator) indexes() []int {
	indexes := make([]int, 0, len(a.blocks))
	for i := range a.blocks {
		indexes = append(indexes, i)
	}
	slices.Sort(indexes)
	return indexes
}

// Usage returns the usage as it stands, without encoding the message.
func (a *MessageAccumulator) Usage() MessageUsage {
	var u MessageUsage
	if a.usage != nil {
		b, _ := a.usage.MarshalJSON()
		_ = json.Unmarshal(b, &u)
	}
	return u
}

// block returns the block at position n of the content, encoded alone.
func (a *MessageAccumulator) block(n int) (MessageBlock, bool) {
	indexes := a.indexes()
	if n < 0 || n >= len(indexes) {
		return MessageBlock{}, false
	}
	b := a.blocks[indexes[n]].final()
	var mb MessageBlock
	_ = json.Unmarshal(b.appendJSON(nil, false), &mb)
	return mb, true
}

// content is the blocks' types and text, in order, without encoding
// anything: what a stream needs to know where a paragraph breaks.
func (a *MessageAccumulator) content() []MessageBlock {
	indexes := a.indexes()
	out := make([]MessageBlock, len(indexes))
	for n, i := range indexes {
		b := a.blocks[i]
		out[n] = MessageBlock{Type: b.obj.str("type"), Text: b.obj.str("text") + b.text.String()}
	}
	return out
}

// alphaBlockText is a block as it stands: its object with the deltas
// applied but for its two long strings, held apart so that they are
// escaped once, straight into the message.
type alphaBlockText struct {
	obj            *alphaObject // "text" and "thinking" hold their places, empty
	text, thinking string
	hasText        bool
	hasThinking    bool
}

// final applies the block's deltas to its start object.
func (b *alphaBlock) final() alphaBlockText {
	o := b.obj.clone()
	t := alphaBlockText{obj: o}
	if b.text.Len() > 0 {
		t.text, t.hasText = o.str("text")+b.text.String(), true
		o.set("text", nil)
	}
	if b.thinking.Len() > 0 {
		t.thinking, t.hasThinking = o.str("thinking")+b.thinking.String(), true
		o.set("thinking", nil)
	}
	if b.signature.Len() > 0 {
		o.setValue("signature", o.str("signature")+b.signature.String())
	}
	if len(b.citations) > 0 {
		var all []json.RawMessage
		_ = json.Unmarshal(o.get("citations"), &all)
		o.setValue("citations", append(all, b.citations...))
	}
	typ := o.str("type")
	switch s := strings.TrimSpace(b.jsonText.String()); {
	case s != "":
		var buf bytes.Buffer
		if json.Compact(&buf, []byte(s)) == nil {
			o.set("input", buf.Bytes())
		} else {
			o.setValue("input", s) // kept as text; Add reported it
		}
	case typ == "tool_use" || typ == "server_tool_use":
		if in := o.get("input"); len(in) == 0 || string(in) == "null" {
			o.set("input", json.RawMessage("{}"))
		}
	}
	return t
}

// size is about how many bytes the block's JSON takes (escaping may add a
// few).
func (t alphaBlockText) size() int {
	n := len(t.text) + len(t.thinking) + len(t.text)/16 + len(t.thinking)/16 + 16
	for k, v := range t.obj.vals {
		n += len(k) + len(v) + 4
	}
	return n
}

// appendJSON appends the block's JSON; light leaves its long strings empty.
func (t alphaBlockText) appendJSON(dst []byte, light bool) []byte {
	return t.obj.appendJSONWith(dst, func(k string, dst []byte) ([]byte, bool) {
		switch {
		case k == "text" && t.hasText:
			return appendQuoted(dst, t.text, light), true
		case k == "thinking" && t.hasThinking:
			return appendQuoted(dst, t.thinking, light), true
		}
		return dst, false
	})
}

// appendQuoted appends s as a JSON string ("" when empty is set).
func appendQuoted(dst []byte, s string, empty bool) []byte {
	if empty {
		return append(dst, `""`...)
	}
	return appendJSONString(dst, s)
}

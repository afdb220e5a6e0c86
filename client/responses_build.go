package client

import (
	"cmp"
	"encoding/json"
	"maps"
	"slices"
)

// responsesText is text gathered from deltas, kept in sequence order, until
// a .done event gives the full text.
type responsesText struct {
	pieces []responsesPiece
	buf    []byte
	dirty  bool // a delta was inserted before others: buf must be rebuilt
	done   bool
}

type responsesPiece struct {
	seq int64
	s   string
}

// add inserts a delta by its sequence number (one without a number goes
// last). The common in-order delta is a plain append; a late one marks the
// text for rebuilding when it is next read.
func (t *responsesText) add(seq int64, s string) {
	if t.done {
		return
	}
	i := len(t.pieces)
	for seq >= 0 && i > 0 && t.pieces[i-1].seq > seq {
		i--
	}
	t.pieces = slices.Insert(t.pieces, i, responsesPiece{seq, s})
	if i == len(t.pieces)-1 && !t.dirty {
		t.buf = append(t.buf, s...)
	} else {
		t.dirty = true
	}
}

// finish replaces the gathered text with the full text; later deltas are
// stale and ignored.
func (t *responsesText) finish(s string) {
	t.done, t.dirty, t.pieces = true, false, nil
	t.buf = append(t.buf[:0], s...)
}

// has reports whether any text arrived.
func (t *responsesText) has() bool { return t.done || len(t.pieces) > 0 }

func (t *responsesText) String() string {
	if t.dirty {
		t.buf = t.buf[:0]
		for _, p := range t.pieces {
			t.buf = append(t.buf, p.s...)
		}
		t.dirty = false
	}
	return string(t.buf)
}

// build returns the item as gathered: the final copy when output_item.done
// came, else the added copy with the gathered parts, summary and arguments.
// With encode, Raw is the added item's JSON with those fields replaced.
func (st *responsesItemState) build(encode bool) ResponseItem {
	if st.final {
		return st.item
	}
	it := st.item
	set := map[string]any{}
	if it.Type == "" && st.guess != "" {
		it.Type, set["type"] = st.guess, st.guess
		if it.Type == "message" && it.Role == "" {
			it.Role, set["role"] = "assistant", "assistant"
		}
	}
	if st.status != "" {
		it.Status, set["status"] = st.status, st.status
	}
	if len(st.content) > 0 {
		it.Content = responsesMergeParts(it.Content, st.content, func(p *responsesPartState) ResponseContent {
			return p.build(encode)
		})
		if encode {
			raws := make([]json.RawMessage, len(it.Content))
			for i, c := range it.Content {
				raws[i] = responsesRawOf(c.Raw, c)
			}
			set["content"] = raws
		}
	}
	if len(st.summary) > 0 {
		it.Summary = responsesMergeParts(it.Summary, st.summary, func(p *responsesPartState) ResponseSummaryPart {
			c := p.build(false)
			return ResponseSummaryPart{Type: cmp.Or(c.Type, "summary_text"), Text: c.Text}
		})
		set["summary"] = it.Summary
	}
	if st.args.has() {
		it.Arguments = st.args.String()
		set["arguments"] = it.Arguments
	}
	if it.Name == "" && st.name != "" {
		it.Name, set["name"] = st.name, st.name
	}
	if encode {
		it.Raw = responsesPatch(it.Raw, it, set)
	}
	return it
}

// build returns the part as gathered: the final copy when its .done part
// came, else the added copy with the gathered text and annotations. With
// encode, Raw is the added part's JSON with those fields replaced.
func (p *responsesPartState) build(encode bool) ResponseContent {
	if p.final {
		return p.part
	}
	c := p.part
	set := map[string]any{}
	if c.Type == "" && p.guess != "" {
		c.Type, set["type"] = p.guess, p.guess
	}
	if p.text.has() {
		c.Text = p.text.String()
		set["text"] = c.Text
	}
	if p.refusal.has() {
		c.Refusal = p.refusal.String()
		set["refusal"] = c.Refusal
	}
	if len(p.notes) > 0 {
		c.Annotations = make([]ResponseAnnotation, len(p.notes))
		raws := make([]json.RawMessage, len(p.notes))
		for i, n := range p.notes {
			c.Annotations[i], raws[i] = n.ann, responsesRawOf(n.ann.Raw, n.ann)
		}
		set["annotations"] = raws
	}
	if encode {
		c.Raw = responsesPatch(c.Raw, c, set)
	}
	return c
}

// responsesMergeParts lays the gathered parts over the parts an item came
// with, by index; indexes past the end (or negative ones, which only a
// broken stream sends) are appended in order.
func responsesMergeParts[T any](have []T, parts map[int]*responsesPartState, build func(*responsesPartState) T) []T {
	out := slices.Clone(have)
	n := len(out)
	for _, i := range slices.Sorted(maps.Keys(parts)) {
		if i >= 0 && i < n {
			out[i] = build(parts[i])
		} else {
			out = append(out, build(parts[i]))
		}
	}
	return out
}

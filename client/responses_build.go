package client

import (
	"cmp"
	"encoding/json"
	"maps"
	"slices"
)

// responsesText is text gathered from deltas, kept in sequence order, until
// a .done event gives the full text. The text is held once, in buf while
// deltas come or in str once read; pieces remember only where each delta
// lies in it, so that a late delta is put in its place.
type responsesText struct {
	pieces []responsesPiece
	buf    []byte
	str    string // the text once read (buf is then nil), or a .done's
	done   bool
}

type responsesPiece struct {
	seq int64
	n   int // its bytes in buf
}

// add inserts a delta by its sequence number (one without a number goes
// last). The common in-order delta is a plain append; a late one is
// inserted where its place is.
func (t *responsesText) add(seq int64, s string) {
	if t.done {
		return
	}
	i, at := len(t.pieces), len(t.buf)
	for seq >= 0 && i > 0 && t.pieces[i-1].seq > seq {
		i--
		at -= t.pieces[i].n
	}
	t.pieces = slices.Insert(t.pieces, i, responsesPiece{seq, len(s)})
	t.thaw()
	t.buf = slices.Insert(t.buf, at, []byte(s)...)
}

// thaw makes the text writable again after String took it as a string.
func (t *responsesText) thaw() {
	if t.buf == nil && t.str != "" {
		t.buf = []byte(t.str)
	}
	t.str = ""
}

// finish replaces the gathered text with the full text; later deltas are
// stale and ignored.
func (t *responsesText) finish(s string) {
	t.done, t.pieces, t.buf, t.str = true, nil, nil, s
}

// has reports whether any text arrived.
func (t *responsesText) has() bool { return t.done || len(t.pieces) > 0 }

// String is the text. It is kept as that string (the bytes let go), so
// that reading it again, or holding it, costs no second copy.
func (t *responsesText) String() string {
	if t.buf != nil {
		t.str, t.buf = string(t.buf), nil
	}
	return t.str
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

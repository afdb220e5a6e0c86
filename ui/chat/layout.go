package chat

import (
	"strings"

	"atelier/store"
)

// layout draws entries[from:] again, from the caches where it can, after
// choosing from: no later than what fills the window twice from the end.
// The window stays on the end if it was there, else on the same lines.
func (t transcript) layout(entries []entry, lk look) transcript {
	lk.width = t.width
	t.pass++
	bottom := t.atBottom()
	t = t.grow(len(entries))
	t.bodies, t.drawn = t.bodies[:len(entries)], t.drawn[:len(entries)]
	was := t.from
	t.from = max(min(t.from, t.fill(entries, lk), len(entries)-1), 0)
	t.lines = t.lines[:0]
	t.starts = append(t.starts[:0], make([]int, len(entries))...)
	for i := range entries {
		if i < t.from {
			t.starts[i] = -1
			continue
		}
		if i > t.from {
			t.lines = append(t.lines, "")
		}
		t.starts[i] = len(t.lines)
		t.lines = append(t.lines, t.entryLines(entries, i, lk)...)
	}
	if was < len(entries) && was > t.from {
		t.offset += t.starts[was] // entries came in above: the same lines stay in view
	}
	if bottom {
		t.offset = t.maxOffset()
	}
	t.offset = min(max(t.offset, 0), t.maxOffset())
	return t
}

// fill is the entry from which the last entries fill the window twice.
func (t *transcript) fill(entries []entry, lk look) int {
	n := 0
	for i := len(entries) - 1; i >= 0; i-- {
		n += len(t.entryLines(entries, i, lk)) + 1
		if n >= 2*t.height {
			return i
		}
	}
	return 0
}

func (t transcript) grow(n int) transcript {
	for len(t.bodies) < n {
		t.bodies = append(t.bodies, body{})
	}
	for len(t.drawn) < n {
		t.drawn = append(t.drawn, drawing{})
	}
	return t
}

// scrollBy moves the window by n lines, laying out earlier entries as the
// window reaches them.
func (t transcript) scrollBy(n int, entries []entry, lk look) transcript {
	lk.width = t.width
	t.offset += n
	for t.offset < 0 && t.from > 0 && t.from <= len(entries) {
		t.from--
		t.offset += len(t.entryLines(entries, t.from, lk)) + 1
	}
	return t.layout(entries, lk)
}

// showFrom puts entry i at the top of the window, or the window at the
// end if the rest is shorter.
func (t transcript) showFrom(i int, entries []entry, lk look) transcript {
	if i < 0 || i >= len(entries) {
		return t
	}
	t.from = min(t.from, i)
	t.offset = -1 // not at the bottom: layout keeps the offset given
	t = t.layout(entries, lk)
	t.offset = min(t.starts[i], t.maxOffset())
	return t
}

// entryLines is entry i's lines, drawn again only when the entry or the
// look changed, or it is the reply arriving.
func (t *transcript) entryLines(entries []entry, i int, lk look) []string {
	e := &entries[i]
	if t.live != nil && i == len(entries)-1 {
		d := t.liveAt
		if d.lines == nil || d.key != t.pass || d.width != t.width || d.shown != lk.thinking {
			d = drawing{key: t.pass, width: t.width, shown: lk.thinking, lines: t.draw(entries, i, lk)}
			t.liveAt = d
		}
		return d.lines
	}
	d := t.drawn[i]
	if d.lines == nil || d.key != e.version || d.width != t.width || d.style != t.styled || d.shown != lk.thinking {
		d = drawing{key: e.version, width: t.width, style: t.styled, shown: lk.thinking, lines: t.draw(entries, i, lk)}
		t.drawn[i] = d
	}
	return d.lines
}

// draw draws entry i.
func (t *transcript) draw(entries []entry, i int, lk look) []string {
	e := &entries[i]
	if e.role == store.RoleUser {
		return promptLines(e, lk)
	}
	out := strings.Split(t.headerOf(e, lk), "\n")
	out = append(out, thinkingLines(e, lk)...)
	out = append(out, toolLines(e, lk)...)
	if t.live != nil && i == len(entries)-1 {
		out = append(out, t.live.Lines()...)
	} else {
		out = append(out, t.bodyOf(e, i).lines...)
	}
	if src := sourceLines(e, lk); len(src) > 0 {
		out = append(out, "")
		out = append(out, src...)
	}
	return append(out, endLines(e, lk)...)
}

// bodyOf is reply i's rendered markdown, rendered now if the cache has it
// for another version, width or styles.
func (t *transcript) bodyOf(e *entry, i int) body {
	if t.stale(e, i) {
		b := renderBody(e.text, t.width, *t.mdStyles)
		b.key, b.styled = e.version, t.styled
		t.bodies[i] = b
	}
	return t.bodies[i]
}

// stale reports whether reply i's cached body is not for what it is now.
func (t *transcript) stale(e *entry, i int) bool {
	b := t.bodies[i]
	return b.key != e.version || b.width != t.width || b.styled != t.styled
}

// adopt keeps bodies rendered ahead for entries, if they were rendered
// for the width and styles the pane has.
func (t transcript) adopt(bodies map[int]body, entries []entry) transcript {
	t = t.grow(len(entries))
	for i, b := range bodies {
		if i < len(entries) && b.width == t.width && b.styled == t.styled {
			b.key = entries[i].version
			t.bodies[i] = b
		}
	}
	return t
}

package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"
)

// helpLines lays the registry's groups out in rows of blocks side by
// side, as many as fit in width, each block a title and its keys with
// their descriptions: the active tab's, the context it is in first, then
// the shell's. Help is built from the very bindings that act.
func (m Model) helpLines(width int) []string {
	var blocks [][]string
	for _, g := range m.registry() {
		if b := m.helpBlock(g, width); len(b) > 1 {
			blocks = append(blocks, b)
		}
	}
	const gap = 4
	var out []string
	for len(blocks) > 0 {
		row, used := 0, 0
		for row < len(blocks) {
			w := blockWidth(blocks[row])
			if row > 0 && used+gap+w > width {
				break
			}
			used += w + gap
			row++
		}
		out = append(out, joinBlocks(blocks[:row], gap)...)
		out = append(out, "")
		blocks = blocks[row:]
	}
	return out
}

// helpBlock is one group: its title, then a line a key, the keys in a
// column as wide as the widest; no line wider than width.
func (m Model) helpBlock(g keyContext, width int) []string {
	st := m.styles.Help
	var bs []key.Binding
	kw := 0
	for _, b := range g.Keys {
		if b.Enabled() && b.Help().Key != "" {
			bs = append(bs, b)
			kw = max(kw, ansi.StringWidth(b.Help().Key))
		}
	}
	out := []string{st.Title.Render(ansi.Truncate(g.Title, width, "…"))}
	for _, b := range bs {
		h := b.Help()
		line := st.Keys.FullKey.Render(h.Key) + strings.Repeat(" ", kw-ansi.StringWidth(h.Key)+2) + st.Keys.FullDesc.Render(h.Desc)
		out = append(out, ansi.Truncate(line, width, "…"))
	}
	return out
}

func blockWidth(b []string) int {
	w := 0
	for _, l := range b {
		w = max(w, ansi.StringWidth(l))
	}
	return w
}

// joinBlocks puts blocks side by side, gap apart, each padded to its width.
func joinBlocks(blocks [][]string, gap int) []string {
	h := 0
	for _, b := range blocks {
		h = max(h, len(b))
	}
	out := make([]string, h)
	for i, b := range blocks {
		w := blockWidth(b)
		for y := range h {
			cell := ""
			if y < len(b) {
				cell = b[y]
			}
			if i < len(blocks)-1 {
				cell += strings.Repeat(" ", w-ansi.StringWidth(cell)+gap)
			}
			out[y] += cell
		}
	}
	return out
}

package compare

import (
	tea "charm.land/bubbletea/v2"
)

// Layout: the prompt lines on top, the columns below, as many side by side
// as fit; below foldWidth (80 columns) or zoomed, one at a time.
const (
	foldWidth = 96 // narrower than this, one column at a time
	minColumn = 28 // the narrowest a column gets side by side
	minBody   = 1  // the fewest lines of reply a column shows
)

// geometry is where things go, for View and for sizing the columns.
type geometry struct {
	top          int // lines above the columns
	first, count int // the columns shown
	colW, colH   int
}

// tableNeed is the narrowest reply view that shows every column's tables
// without splitting a word.
func (r run) tableNeed() int {
	need := 0
	for i := range r.lanes {
		need = max(need, r.lanes[i].tables.need)
	}
	return need
}

// topLines is the height of what is above the columns in mode md, the
// system prompt shown and the arena's line being those given.
func topLines(md mode, system, arenaLine string) int {
	switch md {
	case prompting:
		return editorRows + 3 // label, field, system prompt, rule
	case noting, lining, asking:
		return 1
	}
	n := 1
	if system != "" {
		n++
	}
	if arenaLine != "" {
		n++
	}
	return n
}

// layout sizes each column's reply view to what the geometry leaves it.
// Every column gets the width of the columns shown, so moving the focus
// costs no new rendering.
func (m *Model) layout() []tea.Cmd {
	s := m.screen()
	g := s.geometry()
	iw := max(g.colW-4, 1)
	cmds := make([]tea.Cmd, 0, len(m.run.lanes))
	sets := s.settingsApart()
	p := s.painter()
	for i := range m.run.lanes {
		l := &m.run.lanes[i]
		h := g.colH - 3 - len(p.apartLines(i, l, l.target, iw, sets[i])) - len(p.figureLines(l, iw)) - len(p.errorLines(l, iw, g.colH))
		cmds = append(cmds, l.resize(iw, max(h, 0)))
	}
	if m.mode == targeting {
		m.form = sizeForm(m.form, m.width)
	}
	m.arena.vote.SetWidth(m.width)
	m.editor.prompt.SetWidth(max(m.width-2, 10))
	m.editor.system.SetWidth(max(m.width-12, 10))
	if m.line != nil {
		m.line.input.SetWidth(m.line.width(m.width))
	}
	return cmds
}

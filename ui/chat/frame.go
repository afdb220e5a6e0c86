package chat

// wideWidth is the width from which the list stays beside the
// conversation; below it the list folds away and shows only with focus.
const wideWidth = 100

// listWidth and maxListWidth bound the list panel's width beside the
// conversation, its separator included: a fifth of the tab between them,
// so the list widens with the terminal (it stayed 26 columns at
// 200).
const (
	listWidth    = 28
	maxListWidth = 44
)

// readingWidth caps the width replies are laid out at: wider lines are
// hard to read (replies ran 170 columns wide at 200).
const readingWidth = 100

// look is what drawing entries depends on besides the entries.
func (m *Model) look() look {
	return look{thinking: m.showAll, now: m.clock, st: m.st, prices: m.tr.prices}
}

// layout draws the conversation again, from the caches where it can.
func (m *Model) layout() { m.tr = m.tr.layout(m.conv.entries, m.look()) }

// geometry is where the panes go.
type geometry struct {
	listW    int  // the list panel beside the conversation, separator included; 0: none
	listOnly bool // narrow, with the list focused: the list takes the whole tab
	paneW    int  // the conversation's width
	bodyH    int  // the transcript's (or picker's) height
}

func (m Model) geometry() geometry {
	g := geometry{paneW: m.width}
	switch {
	case m.width >= wideWidth:
		g.listW = min(max(m.width/5, listWidth), maxListWidth)
		g.paneW = m.width - g.listW
	case m.focus == onList:
		g.listOnly = true
	}
	g.bodyH = max(m.height-1-composerHeight(m.comp, m.field), 0)
	return g
}

// composerHeight is the lines under the rule: the composer c and the
// attach field when f is open for it.
func composerHeight(c composer, f *field) int {
	h := c.height()
	if f.kind == attachField {
		h++
	}
	return h
}

// relayout fits the panes to the tab's size, then draws.
func (m *Model) relayout() {
	if m.width <= 0 || m.height <= 0 {
		return
	}
	g := m.geometry()
	m.comp = m.comp.resize(g.paneW, max(m.height/3, 1))
	m.field = m.field.own()
	m.field.input.SetWidth(max(g.paneW-16, 8))
	g = m.geometry() // the composer's height may have changed
	m.tr = m.tr.resize(min(g.paneW, readingWidth), g.bodyH)
	m.pick = ref(m.pick.resize(g.paneW, g.bodyH))
	m.layout()
}

package history

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// The strip of variants: s on an image job, listed or open,
// shows every image of its recipe lineage side by side — the Image
// gallery's component (ui/components/strip), drawn here in half blocks —
// and R reloads the chosen one into the Image form, which the shell then
// shows; esc goes back to where s was pressed. It follows the store as the
// list does.

// openStrip shows the strip of the image job r.
func (m Model) openStrip(r row) (Model, tea.Cmd) {
	if r.ref.Kind != store.KindImage {
		return m, tab.Warn("s shows the variants of an image job, not of a " + string(r.ref.Kind))
	}
	if m.db == nil {
		return m, tab.Error(errNoStore)
	}
	m.strip.SetSize(m.width, m.height)
	var cmd tea.Cmd
	m.strip, cmd = m.strip.Open(m.db, r.ref.ID)
	return m, cmd
}

// stripKey moves along the strip or reloads; esc closes it.
func (m Model) stripKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if key.Matches(msg, m.km.Back) {
		m.strip = m.strip.Close()
		return m, nil
	}
	s, cmd, _ := m.strip.Update(msg)
	m.strip = s
	return m, cmd
}

// followStrip reads the open strip's lineage again: the store changed.
func (m Model) followStrip() (Model, tea.Cmd) {
	var cmd tea.Cmd
	m.strip, cmd = m.strip.Follow()
	return m, cmd
}

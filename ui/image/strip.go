package imagetab

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/strip"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// The strip of variants: s in the gallery shows every image
// of the selected job's recipe lineage side by side (ui/components/strip,
// History's too); R there reloads one into the form, esc goes back to the
// gallery. It follows the store as the gallery does.

// newStrip is the tab's strip: its answers addressed to the tab, its
// pictures freed from the terminal through the viewer.
func newStrip(v *imageview.Viewer) strip.Model { return strip.New(result, v.Forget) }

// openStrip shows the strip of the job selected in the gallery.
func (m Model) openStrip() (Model, tea.Cmd) {
	j, ok := m.gallery.selected()
	if !ok {
		return m, tab.Warn("no image job selected")
	}
	m.area = stripArea
	m.strip.SetSize(m.width, m.height)
	var cmd tea.Cmd
	m.strip, cmd = m.strip.Open(m.db, j.ID)
	return m, cmd
}

// stripKey moves along the strip or reloads; esc goes back to the gallery.
func (m Model) stripKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if key.Matches(msg, m.km.Back) {
		m.strip = m.strip.Close()
		m.area = galleryArea
		return m, m.gallery.reload(m.db)
	}
	s, cmd, _ := m.strip.Update(msg)
	m.strip = s
	return m, cmd
}

// placeStrip sends the terminal the strip's pictures in sight (kitty
// graphics; nothing for half blocks), and says whether there are any.
func placeStrip(s strip.Model, v *imageview.Viewer) (tea.Cmd, bool) {
	var cmds []tea.Cmd
	shown := s.Visible()
	for _, t := range shown {
		cmds = append(cmds, v.Prepare(t.Key, t.Img, t.Cols, t.Rows))
	}
	return tea.Batch(cmds...), len(shown) > 0
}

package history

import (
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/components/ask"
	"atelier/ui/tab"
)

// Labels in History (issue 33): L on an image or a video, listed or open,
// asks for its label (ui/components/ask); the list and the open item show
// it as a tag, and label:NAME typed after / keeps the items with that
// label, as the Video tab's / filter does: one way in both. It is a word
// of the search line, as #tag is, rather than a field of the filter form,
// which it would squeeze past 80 columns.

// askLabel asks for r's label, on its current one.
func (m Model) askLabel(r row) (Model, tea.Cmd) {
	switch {
	case m.db == nil:
		return m, tab.Warn(errNoStore.Error())
	case r.ref.Kind != store.KindImage && r.ref.Kind != store.KindVideo:
		return m, tab.Warn("only images and videos carry a label")
	}
	var cmd tea.Cmd
	m.labelOf = r.ref
	m.label, cmd = m.label.Ask("label of "+string(r.ref.Kind)+" "+oneLine(plainTitle(r), 24)+":", oneLine(r.label, 60),
		tab.CheckLabel, tab.LabelsInUse(m.db), result)
	return m, cmd
}

// labelKey gives the label's question a key; the value given is written,
// "" taking the label away.
func (m Model) labelKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	var answer ask.Answer
	var cmd tea.Cmd
	m.label, answer, cmd = m.label.Update(msg)
	if answer != ask.Given {
		return m, cmd
	}
	return m, tab.SetLabel(m.db, tab.History, m.labelOf, m.label.Value())
}

// labelled says what the write did; the open item shows the new label at
// once (the list follows the store's change, as it follows every other).
func (m Model) labelled(msg tab.LabelledMsg) (Model, tea.Cmd) {
	if msg.Err == nil && m.reader.open && sameItem(m.reader.row.ref, msg.Ref) {
		m.reader.row.label = msg.Label
		if it := m.reader.it; it != nil && it.image != nil {
			it.image.Label = msg.Label
		} else if it != nil && it.video != nil {
			it.video.Label = msg.Label
		}
	}
	return m, msg.Said()
}

// label is the open item's label: as loaded, else as listed.
func (r reader) label() string {
	switch {
	case r.it != nil && r.it.image != nil:
		return r.it.image.Label
	case r.it != nil && r.it.video != nil:
		return r.it.video.Label
	}
	return r.row.label
}

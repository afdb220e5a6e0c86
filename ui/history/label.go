package history

import (
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/components/ask"
	"atelier/ui/tab"
)

// Labels in History: L on an image or a video, listed or open,
// asks for its label (ui/components/ask); the list and the open item show
// it as a tag, and label:NAME typed after / keeps the items with that
// label, as the Video tab's / filter does: one way in both. It is a word
// of the search line, as #tag is, rather than a field of the filter form,
// which it would squeeze past 80 columns.

// askLabel asks for r's label, on its current one: an image's or a
// video's.
func (m Model) askLabel(r row) (Model, tea.Cmd) {
	if r.ref.Kind != store.KindImage && r.ref.Kind != store.KindVideo {
		return m, tab.Warn("only images and videos carry a label")
	}
	var cmd tea.Cmd
	m.label, cmd = m.label.Start(m.db, r.ref, "label of "+string(r.ref.Kind)+" "+oneLine(plainTitle(r), 24)+":", oneLine(r.label, 60))
	return m, cmd
}

// labelAnswer takes the question's suggestions, or says what the write
// did: the open item shows the new label at once (the list follows the
// store's change, as it follows every other); ok is false for any other
// message.
func (m Model) labelAnswer(tm tea.Msg) (_ Model, _ tea.Cmd, ok bool) {
	if s, isSuggestions := tm.(ask.SuggestionsMsg); isSuggestions {
		m.label.Model, _, _ = m.label.Update(s)
		return m, nil, true
	}
	msg, ok := tm.(tab.LabelledMsg)
	if !ok {
		return m, nil, false
	}
	if msg.Err == nil && m.reader.open && sameItem(m.reader.row.ref, msg.Ref) {
		m.reader.row.label = msg.Label
		if it := m.reader.it; it != nil && it.image != nil {
			it.image.Label = msg.Label
		} else if it != nil && it.video != nil {
			it.video.Label = msg.Label
		}
	}
	return m, msg.Said(), true
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

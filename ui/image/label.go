package imagetab

import (
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/ui/components/ask"
	"atelier/ui/tab"
)

// Labels in the Image tab: the form's label row labels the
// jobs a run records; L on a result or a gallery job asks for its label
// (ui/components/ask), as the Video tab and History ask it.

// labelJob asks for image job id's label, on its current one.
func labelJob(q ask.Label, db *store.Store, id int64, current, prompt string) (ask.Label, tea.Cmd) {
	return q.Start(db, store.ItemRef{Kind: store.KindImage, ID: id},
		"label of image “"+ansi.Truncate(oneLine(prompt), 24, "…")+"”:", oneLine(current))
}

// labelResult asks for the label of the job of the result selected.
func (m Model) labelResult() (Model, tea.Cmd) {
	t, ok := m.page.run.selected(m.page.sel)
	if !ok || t.l.job == 0 {
		return m, tab.Warn("no image job recorded yet to label")
	}
	var cmd tea.Cmd
	m.label, cmd = labelJob(m.label, m.db, t.l.job, m.page.run.spec.Label, m.page.run.spec.Prompt)
	return m, cmd
}

// labelMsg takes the question's suggestions, or says what the write did:
// the results of the run that made the job carry its new label (an L
// again opens on it); the gallery follows the store's change.
func (m Model) labelMsg(msg tea.Msg) (Model, tea.Cmd) {
	if s, ok := msg.(ask.SuggestionsMsg); ok {
		m.label.Model, _, _ = m.label.Update(s)
		return m, nil
	}
	done := msg.(tab.LabelledMsg)
	if r := m.page.run; done.Err == nil && r != nil {
		for _, l := range r.lanes {
			if l.job == done.Ref.ID {
				r.spec.Label = done.Label
			}
		}
	}
	return m, done.Said()
}

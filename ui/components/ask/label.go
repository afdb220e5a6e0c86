package ask

import (
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// Label is the question of an item's label (L in the Video task
// list, the Image results and gallery, History), with the item it is
// about: one piece for every tab, the rule, the suggestions and the write
// tab's (tab.CheckLabel, tab.LabelsInUse, tab.SetLabel).
type Label struct {
	Model
	of store.ItemRef
	to tab.ID
}

// NewLabel is the label question of tab to, asking nothing.
func NewLabel(to tab.ID) Label { return Label{Model: New(Keys("set the label")), to: to} }

// Start asks for ref's label (question names the item), on its current
// one; without a history there is nothing to keep it in.
func (q Label) Start(db *store.Store, ref store.ItemRef, question, current string) (Label, tea.Cmd) {
	if db == nil {
		return q, tab.Warn("no history: a label cannot be kept")
	}
	var cmd tea.Cmd
	q.of = ref
	q.Model, cmd = q.Ask(question, current, tab.CheckLabel, tab.LabelsInUse(db),
		func(msg tea.Msg) tea.Msg { return tab.Result(q.to, msg) })
	return q, cmd
}

// Key gives the question a key; the value given is written to the item
// it was asked of, "" taking its label away (tab.LabelledMsg answers).
func (q Label) Key(db *store.Store, msg tea.KeyPressMsg) (Label, tea.Cmd) {
	var answer Answer
	var cmd tea.Cmd
	q.Model, answer, cmd = q.Update(msg)
	if answer != Given {
		return q, cmd
	}
	return q, tab.SetLabel(db, q.to, q.of, q.Value())
}

// Of is the item the question is (or was last) about.
func (q Label) Of() store.ItemRef { return q.of }

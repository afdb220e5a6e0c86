package ui

import (
	"reflect"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// fromTab is what a tab's command said to the status bar (a tab.ErrorMsg
// or tab.NoticeMsg), with the tab it came from: an error belongs to the
// tab where it arose, and the next success there clears it.
type fromTab struct {
	id  tab.ID
	msg tea.Msg
}

// from tags what cmd says to the status bar with tab id, however deep in
// batches and sequences it says it; cmd runs as before.
func from(id tab.ID, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return tagged(id, cmd()) }
}

// cmdType is tea.Cmd's type: a sequence is a slice of them, of a type
// Bubble Tea keeps to itself.
var cmdType = reflect.TypeFor[tea.Cmd]()

func tagged(id tab.ID, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tab.ErrorMsg, tab.NoticeMsg:
		return fromTab{id, m}
	case tea.BatchMsg:
		out := make(tea.BatchMsg, len(m))
		for i, c := range m {
			out[i] = from(id, c)
		}
		return out
	}
	v := reflect.ValueOf(msg)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem() != cmdType {
		return msg
	}
	out := reflect.MakeSlice(v.Type(), v.Len(), v.Len()) // tea.Sequence's, in its own type
	for i := range v.Len() {
		out.Index(i).Set(reflect.ValueOf(from(id, v.Index(i).Interface().(tea.Cmd))))
	}
	return out.Interface()
}

// fromTab shows in the status bar what tab msg.id said.
func (m Model) fromTab(msg fromTab) (tea.Model, tea.Cmd) {
	switch s := msg.msg.(type) {
	case tab.ErrorMsg:
		return m.postFrom(msg.id, failure, m.explain(s.Err))
	case tab.NoticeMsg:
		return m.postFrom(msg.id, level(s.Kind), s.Text)
	}
	return m, nil
}

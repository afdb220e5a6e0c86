package ui

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
)

// tabModel is a screen package's Model as the shell adapts it: its
// Update returns its own type, as a bubbles component's does, and it
// sizes and styles itself in place (the pointer P).
type tabModel[M any] interface {
	*M
	Init() tea.Cmd
	Update(tea.Msg) (M, tea.Cmd)
	View() string
	SetSize(w, h int)
	SetDark(dark bool)
	Summary() string
	KeyMap() help.KeyMap
	Focused() bool
}

// adapter is the one adapter of every tab: it makes a screen package's Model a screen, and answers the
// shell's optional questions (blanker, busier, claimer) with the Model's
// own answers where it has them. after, when set, runs after each Update
// with the Model as it now is: the Video tab tells the status bar how many
// tasks run.
type adapter[M any, P tabModel[M]] struct {
	model M
	after func(M) tea.Cmd
}

// adapt makes m a screen.
func adapt[M any, P tabModel[M]](m M) *adapter[M, P] { return &adapter[M, P]{model: m} }

func (a *adapter[M, P]) Init() tea.Cmd       { return P(&a.model).Init() }
func (a *adapter[M, P]) View() string        { return P(&a.model).View() }
func (a *adapter[M, P]) SetSize(w, h int)    { P(&a.model).SetSize(w, h) }
func (a *adapter[M, P]) SetDark(dark bool)   { P(&a.model).SetDark(dark) }
func (a *adapter[M, P]) Summary() string     { return P(&a.model).Summary() }
func (a *adapter[M, P]) KeyMap() help.KeyMap { return P(&a.model).KeyMap() }
func (a *adapter[M, P]) Focused() bool       { return P(&a.model).Focused() }

// Update hands msg to the Model and keeps the Model it returns.
func (a *adapter[M, P]) Update(msg tea.Msg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	a.model, cmd = P(&a.model).Update(msg)
	if a.after != nil {
		cmd = tea.Batch(cmd, a.after(a.model))
	}
	return a, cmd
}

// FieldEmpty is the Model's answer (see blanker); false for a Model
// without a field.
func (a *adapter[M, P]) FieldEmpty() bool {
	b, ok := any(P(&a.model)).(blanker)
	return ok && b.FieldEmpty()
}

// Busy is the Model's answer (see busier); false for a Model with no
// work to cut short.
func (a *adapter[M, P]) Busy() bool {
	b, ok := any(P(&a.model)).(busier)
	return ok && b.Busy()
}

package ui

import (
	"testing"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// plainTab is a tab Model with nothing but the screen's methods.
type plainTab struct {
	updates int
	w, h    int
	dark    bool
}

func (p plainTab) Init() tea.Cmd                      { return nil }
func (p plainTab) Update(tea.Msg) (plainTab, tea.Cmd) { p.updates++; return p, nil }
func (p plainTab) View() string                       { return "plain" }
func (p *plainTab) SetSize(w, h int)                  { p.w, p.h = w, h }
func (p *plainTab) SetDark(dark bool)                 { p.dark = dark }
func (p plainTab) Summary() string                    { return "plain tab" }
func (p plainTab) KeyMap() help.KeyMap                { return tab.Help{} }
func (p plainTab) Focused() bool                      { return p.updates > 1 }
func (p plainTab) withUpdates(n int) plainTab         { p.updates = n; return p }

// askingTab answers the shell's optional questions.
type askingTab struct{ plainTab }

func (a askingTab) Update(msg tea.Msg) (askingTab, tea.Cmd) {
	a.updates++
	return a, func() tea.Msg { return msg }
}
func (a askingTab) FieldEmpty() bool { return a.updates == 1 }
func (a askingTab) Busy() bool       { return a.updates == 1 }

// TestAdapterKeepsTheModel: the one adapter keeps what the Model's
// Update returns, sizes and styles it in place, runs its after hook with
// the new Model, and answers the shell's optional questions with the
// Model's answers, or no for a Model that has none.
func TestAdapterKeepsTheModel(t *testing.T) {
	var seen []int
	a := adapt(askingTab{})
	a.after = func(m askingTab) tea.Cmd { seen = append(seen, m.updates); return nil }
	s := screen(a)
	s.SetSize(80, 24)
	s.SetDark(true)
	if a.model.w != 80 || a.model.h != 24 || !a.model.dark {
		t.Fatalf("size and style not kept: %+v", a.model)
	}
	s, cmd := s.Update(tabtest.Press("x"))
	if a.model.updates != 1 || len(seen) != 1 || seen[0] != 1 || len(tabtest.Drain(cmd)) != 1 {
		t.Fatalf("after one update: %+v, after saw %v", a.model, seen)
	}
	if !fieldEmpty(s) {
		t.Error("the Model's answers did not come through")
	}
	if b, ok := s.(busier); !ok || !b.Busy() {
		t.Error("busy did not come through")
	}
	s.Update(nil)
	if fieldEmpty(s) || !s.Focused() || s.View() != "plain" || s.Summary() != "plain tab" {
		t.Errorf("after two updates: field empty %v, focused %v", fieldEmpty(s), s.Focused())
	}

	p := screen(adapt(plainTab{}.withUpdates(1)))
	if fieldEmpty(p) || p.(busier).Busy() {
		t.Error("a Model with no answers answered")
	}
}

// Package confirm is the one y/n question of the TUI: a
// deletion, a run past the budget, a vote's withdrawal all ask it the same
// way. y answers yes, n or esc no, and any other key keeps asking and says
// so ("answer y or n"): a stray key never answers, and never goes unheard.
//
// A tab keeps a Model, calls Ask with the question, and while Asking hands
// it every key: Update returns the Answer (None while it keeps asking) and
// the status-bar command for a stray key. View is the question and its
// keys on one line, for the tab to place where the question belongs.
//
// It imports Bubble Tea, Bubbles' keys, Lip Gloss and ui/tab; never a tab.
package confirm

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/components/keys"
	"atelier/ui/tab"
)

// Answer is what the person said.
type Answer int

// The answers Update gives.
const (
	None Answer = iota // still asking
	Yes
	No
)

// Stray is what the status bar says of a key that is neither yes nor no.
const Stray = "answer y or n"

// KeyMap are the question's keys, their help saying what each answer does.
type KeyMap struct {
	Yes key.Binding
	No  key.Binding
}

// DefaultKeyMap answers y (or Y), and n, N or esc.
func DefaultKeyMap() KeyMap { return Keys("", "") }

// Keys is the default keys with their help saying what yes and no do
// here: Keys("delete", "keep") is "yes, delete" and "no, keep" (the
// grammar's, ui/components/keys).
func Keys(yes, no string) KeyMap {
	return KeyMap{
		Yes: keys.Yes(yes),
		No:  keys.No(no),
	}
}

// Styles are the question's looks: the question, and its keys after it.
type Styles struct {
	Question lipgloss.Style
	Keys     lipgloss.Style
}

// DefaultStyles are the palette's warning colour, bold, for the question
// and its muted colour for the keys.
func DefaultStyles(isDark bool) Styles {
	p := tab.NewPalette(isDark)
	return Styles{
		Question: lipgloss.NewStyle().Foreground(p.Warning).Bold(true),
		Keys:     lipgloss.NewStyle().Foreground(p.Muted),
	}
}

// Model is one question, or none. The zero Model asks nothing and
// answers with the default keys.
type Model struct {
	KeyMap   KeyMap
	Styles   Styles
	question string
	asking   bool
}

// New returns a Model asking nothing, with keys whose help says what yes
// and no do (see Keys).
func New(km KeyMap) Model { return Model{KeyMap: km, Styles: DefaultStyles(true)} }

// Ask returns the Model asking question (its words, without "y/n": View
// adds the keys).
func (m Model) Ask(question string) Model {
	m.question, m.asking = question, true
	return m
}

// Close returns the Model asking nothing, as after an answer.
func (m Model) Close() Model {
	m.question, m.asking = "", false
	return m
}

// Asking reports whether the question waits for its answer.
func (m Model) Asking() bool { return m.asking }

// Question is the question asked, "" when none is.
func (m Model) Question() string {
	if !m.asking {
		return ""
	}
	return m.question
}

// Update answers the question from a key: yes or no close it; any other
// key keeps asking and returns the warning that says which keys answer.
// A Model not asking answers None to every key, silently.
func (m Model) Update(msg tea.KeyPressMsg) (Model, Answer, tea.Cmd) {
	if !m.asking {
		return m, None, nil
	}
	km := m.keys()
	switch {
	case key.Matches(msg, km.Yes):
		return m.Close(), Yes, nil
	case key.Matches(msg, km.No):
		return m.Close(), No, nil
	}
	return m, None, tab.Warn(Stray)
}

// keys are the Model's keys, the default ones for a zero Model.
func (m Model) keys() KeyMap {
	if len(m.KeyMap.Yes.Keys()) == 0 {
		return DefaultKeyMap()
	}
	return m.KeyMap
}

// Prompt is the question with its keys, as the status bar asks it:
// "delete “notes”? y delete · n keep"; "" when not asking.
func (m Model) Prompt() string {
	if !m.asking {
		return ""
	}
	return m.question + " " + m.Hint()
}

// Hint is the keys and what each answer does: "y delete · n keep".
func (m Model) Hint() string {
	km := m.keys()
	return "y " + keys.Says(km.Yes) + " · n " + keys.Says(km.No)
}

// View is the question and its keys on one line cut to width; "" when
// not asking.
func (m Model) View(width int) string {
	if !m.asking || width <= 0 {
		return ""
	}
	line := m.Styles.Question.Render(m.question) + "  " + m.Styles.Keys.Render(m.Hint())
	return ansi.Truncate(line, width, "…")
}

// Help is the question's keys, for the tab's short help while it asks.
func (m Model) Help() []key.Binding {
	km := m.keys()
	return []key.Binding{km.Yes, km.No}
}

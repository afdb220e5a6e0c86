// Package ask is the one line of text the TUI asks for about an item
// (its label): the Video task list, the Image gallery and
// results and History ask it the same way. It opens on the item's value;
// ↑/↓ go through suggestions (the labels in use), anything else is typed;
// enter gives the value once the caller's rule accepts it (a refused
// value is named under the line and the question stays); esc leaves it
// unchanged. An empty value is given as "": the caller reads it as
// "none" (a label taken away).
//
// A tab keeps a Model, calls Ask on its key, hands it every message while
// Asking (the suggestions arrive as one), and acts when Update answers
// Given. View is the question on one line.
//
// It imports Bubble Tea, Bubbles, Lip Gloss and ui/components; never a tab.
package ask

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/components/keys"
	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// Answer is what a message did to the question.
type Answer int

// The answers Update gives.
const (
	None  Answer = iota // still asking
	Given               // enter gave a value the rule accepts: read Value
	Left                // esc left it, nothing changed
)

// KeyMap is the question's keys.
type KeyMap struct {
	Up, Down key.Binding // the previous or next suggestion
	Give     key.Binding // check and give the value
	Leave    key.Binding // leave it unchanged
}

// Keys are the question's keys, enter's help saying what giving does:
// Keys("set the label").
func Keys(give string) KeyMap {
	return KeyMap{
		Up:    keys.Bind("↑", "previous suggestion", "up"),
		Down:  keys.Bind("↓", "next suggestion", "down"),
		Give:  keys.Bind("enter", give, "enter"),
		Leave: keys.Bind("esc", "leave it unchanged", "esc"),
	}
}

// Help is the keys, for the tab's help while it asks.
func (k KeyMap) Help() []key.Binding { return []key.Binding{k.Give, k.Leave, k.Up, k.Down} }

// Styles are the question's looks.
type Styles struct {
	Input    textinput.Styles
	Question lipgloss.Style
	Hint     lipgloss.Style
	Problem  lipgloss.Style
}

// DefaultStyles are the question's looks on a dark or light background.
func DefaultStyles(isDark bool) Styles {
	p := tab.NewPalette(isDark)
	return Styles{Input: style.Input(isDark), Question: style.Fg(p.Warning).Bold(true), Hint: style.Fg(p.Muted),
		Problem: style.Fg(p.Error)}
}

// SuggestionsMsg carries the suggestions a question's Suggest found.
type SuggestionsMsg struct {
	id          int
	Suggestions []string
}

// Model is one question, or none.
type Model struct {
	KeyMap KeyMap
	Styles Styles

	question string
	input    textinput.Model
	check    func(string) error
	choices  []string
	asking   bool
	err      string
	id       int // the question asked: suggestions for an earlier one are dropped
}

// New returns a Model asking nothing, with keys whose enter says what
// giving does (see Keys).
func New(km KeyMap) Model {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = 256
	m := Model{KeyMap: km, Styles: DefaultStyles(true), input: in}
	m.input.SetStyles(m.Styles.Input)
	return m
}

// SetStyles changes the looks.
func (m *Model) SetStyles(s Styles) {
	m.Styles = s
	m.input.SetStyles(s.Input)
}

// Ask returns the Model asking question about value, typed over; check is
// the rule a non-empty value must pass (its error names the field and the
// rule), suggest (nil: none) what ↑/↓ offer, run in the command returned,
// off the update loop, its answer addressed by address (the tab's
// tab.Result) so the shell brings it back to the tab that asked.
func (m Model) Ask(question, value string, check func(string) error, suggest func() []string,
	address func(tea.Msg) tea.Msg) (Model, tea.Cmd) {
	m.question, m.check, m.choices, m.asking, m.err = question, check, nil, true, ""
	m.id++
	m.input.SetValue(value)
	m.input.CursorEnd()
	cmds := []tea.Cmd{m.input.Focus()}
	if suggest != nil {
		id := m.id
		cmds = append(cmds, func() tea.Msg { return address(SuggestionsMsg{id: id, Suggestions: suggest()}) })
	}
	return m, tea.Batch(cmds...)
}

// Asking reports whether the question waits for its answer.
func (m Model) Asking() bool { return m.asking }

// Value is the value typed, trimmed: after Given, the answer.
func (m Model) Value() string { return strings.TrimSpace(m.input.Value()) }

// Update takes a message while asking: a key moves through the
// suggestions, types, gives or leaves; the suggestions arrive.
func (m Model) Update(msg tea.Msg) (Model, Answer, tea.Cmd) {
	if !m.asking {
		return m, None, nil
	}
	if s, ok := msg.(SuggestionsMsg); ok {
		if s.id == m.id {
			m.choices = s.Suggestions
		}
		return m, None, nil
	}
	k, ok := msg.(tea.KeyPressMsg)
	if ok {
		switch {
		case key.Matches(k, m.KeyMap.Give):
			if v := m.Value(); v != "" && m.check != nil {
				if err := m.check(v); err != nil {
					m.err = err.Error()
					return m, None, nil
				}
			}
			m.asking = false
			m.input.Blur()
			return m, Given, nil
		case key.Matches(k, m.KeyMap.Leave):
			m.asking, m.err = false, ""
			m.input.Blur()
			return m, Left, nil
		case key.Matches(k, m.KeyMap.Up):
			return m.choose(-1), None, nil
		case key.Matches(k, m.KeyMap.Down):
			return m.choose(1), None, nil
		}
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if ok {
		m.err = ""
	}
	return m, None, cmd
}

// choose puts the suggestion n away from the value typed in, wrapping;
// from a value that is none of them, down goes to the first and up to
// the last.
func (m Model) choose(n int) Model {
	if len(m.choices) == 0 {
		return m
	}
	i := slices.Index(m.choices, m.Value())
	switch {
	case i < 0 && n > 0:
		i = 0
	case i < 0:
		i = len(m.choices) - 1
	default:
		i = (i + n + len(m.choices)) % len(m.choices)
	}
	m.input.SetValue(m.choices[i])
	m.input.CursorEnd()
	return m
}

// View is the question and the value being typed on one line, cut to
// width, with what was refused (or the keys) after it; "" when not
// asking.
func (m Model) View(width int) string {
	if !m.asking || width <= 0 {
		return ""
	}
	q := m.Styles.Question.Render(m.question) + " "
	tail := m.Styles.Hint.Render("  enter " + keys.Says(m.KeyMap.Give) + " · esc " + keys.Says(m.KeyMap.Leave))
	if len(m.choices) > 0 {
		tail += m.Styles.Hint.Render(" · ↑/↓ " + strings.Join(m.choices[:min(len(m.choices), 3)], ", "))
	}
	if m.err != "" {
		tail = "  " + m.Styles.Problem.Render(m.err)
	}
	m.input.SetWidth(max(width-ansi.StringWidth(q)-min(ansi.StringWidth(tail), width/2)-1, 8))
	return ansi.Truncate(q+m.input.View()+tail, width, "…")
}

package ask

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// rule refuses values longer than five characters, naming the field.
func rule(s string) error {
	if len(s) > 5 {
		return errors.New("label: longer than 5")
	}
	return nil
}

// asked is a question on "old", its suggestions delivered as the shell
// would deliver them: addressed to the tab, then unwrapped.
func asked(t *testing.T) Model {
	t.Helper()
	m, cmd := New(Keys("set the label")).Ask("label of x:", "old", rule, func() []string { return []string{"cats", "dogs"} },
		func(msg tea.Msg) tea.Msg { return tab.Result(tab.Video, msg) })
	for _, msg := range tabtest.Drain(cmd) {
		if r, ok := msg.(tab.ResultMsg); ok {
			m, _, _ = m.Update(r.Msg)
		}
	}
	return m
}

// TestGivesWhatTheRuleAccepts: enter gives the value typed, trimmed; a
// value the rule refuses is named and the question stays; esc leaves.
func TestGivesWhatTheRuleAccepts(t *testing.T) {
	m := asked(t)
	if !m.Asking() || m.Value() != "old" {
		t.Fatalf("asking %v on %q", m.Asking(), m.Value())
	}
	for _, k := range []string{"ctrl+u", "t", "o", "o", " ", "l", "o", "n", "g"} {
		m, _, _ = m.Update(tabtest.Press(k))
	}
	m, a, _ := m.Update(tabtest.Press("enter"))
	if a != None || !m.Asking() || !strings.Contains(ansi.Strip(m.View(80)), "longer than 5") {
		t.Fatalf("a refused value: answer %v, asking %v, view %q", a, m.Asking(), ansi.Strip(m.View(80)))
	}
	m, _, _ = m.Update(tabtest.Press("ctrl+u"))
	for _, k := range []string{" ", "f", "o", "x", " "} {
		m, _, _ = m.Update(tabtest.Press(k))
	}
	m, a, _ = m.Update(tabtest.Press("enter"))
	if a != Given || m.Asking() || m.Value() != "fox" {
		t.Errorf("enter: answer %v, asking %v, value %q", a, m.Asking(), m.Value())
	}
	m = asked(t)
	m, a, _ = m.Update(tabtest.Press("esc"))
	if a != Left || m.Asking() || m.View(80) != "" {
		t.Errorf("esc: answer %v, asking %v", a, m.Asking())
	}
}

// TestEmptyIsGiven: an empty value is given, unchecked: the caller's
// "none".
func TestEmptyIsGiven(t *testing.T) {
	m := asked(t)
	m, _, _ = m.Update(tabtest.Press("ctrl+u"))
	if m, a, _ := m.Update(tabtest.Press("enter")); a != Given || m.Value() != "" {
		t.Errorf("answer %v, value %q", a, m.Value())
	}
}

// TestSuggestions: ↓ and ↑ go through the suggestions, wrapping; those of
// an earlier question are dropped.
func TestSuggestions(t *testing.T) {
	m := asked(t)
	for _, c := range []struct{ key, want string }{{"down", "cats"}, {"down", "dogs"}, {"down", "cats"}, {"up", "dogs"}} {
		m, _, _ = m.Update(tabtest.Press(c.key))
		if m.Value() != c.want {
			t.Errorf("%s: %q, want %q", c.key, m.Value(), c.want)
		}
	}
	stale := SuggestionsMsg{id: m.id - 1, Suggestions: []string{"old news"}}
	m, _, _ = m.Update(stale)
	if m.Update(tabtest.Press("down")); strings.Contains(m.View(80), "old news") {
		t.Errorf("an earlier question's suggestions were taken")
	}
}

package guard

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab/tabtest"
)

func TestWeighHasNothingToWeighWithoutBudgetOrPrice(t *testing.T) {
	budgeted := &store.Settings{Budget: price.Budget{Run: tabtest.Float(1)}}
	cases := map[string]struct {
		s   *store.Settings
		est *float64
	}{
		"no settings":    {nil, tabtest.Float(5)},
		"no budget":      {&store.Settings{}, tabtest.Float(5)},
		"nothing priced": {budgeted, nil},
	}
	for name, c := range cases {
		if cmd := Weigh(nil, c.s, "comparison", c.est); cmd != nil {
			t.Errorf("%s: a command to weigh, want none (send at once)", name)
		}
	}
}

func TestWeighAndAsk(t *testing.T) {
	s := &store.Settings{Budget: price.Budget{Run: tabtest.Float(1), Day: tabtest.Float(10)}}
	for _, c := range []struct {
		est  float64
		over string // "" fits
	}{{0.5, ""}, {1, ""}, {1.5, "run"}, {11, "run"}} {
		v := Weigh(nil, s, "video task", tabtest.Float(c.est))().(Verdict)
		got := ""
		if v.Over != nil {
			got = v.Over.Per
		}
		if got != c.over || v.What != "video task" {
			t.Errorf("estimate %v: over %q (%+v), want %q", c.est, got, v, c.over)
		}
		m := New().Ask(v)
		if m.Asking() != (c.over != "") {
			t.Errorf("estimate %v: asking %v", c.est, m.Asking())
		}
	}
	day := &store.Settings{Budget: price.Budget{Day: tabtest.Float(2)}}
	if v := Weigh(nil, day, "batch", tabtest.Float(3))().(Verdict); v.Over == nil || v.Over.Per != "day" {
		t.Fatalf("day budget: %+v", v)
	}
}

func press(s string) tea.KeyPressMsg {
	if s == "esc" {
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	}
	return tea.KeyPressMsg{Code: rune(s[0]), Text: s}
}

func TestQuestionAnswers(t *testing.T) {
	over := Verdict{What: "comparison", Over: &price.Over{Estimate: 3, Limit: 2, Per: "run"}}
	m := New().Ask(over)
	if q := m.Question(); !strings.Contains(q, "comparison") || !strings.Contains(q, "3.00") ||
		!strings.Contains(q, "2.00") || !strings.Contains(q, "y run anyway · n do not run") {
		t.Fatalf("question %q names neither the run, the estimate, the budget nor the keys", q)
	}
	m, a, cmd := m.Update(press("x"))
	if a != None || !m.Asking() || cmd == nil {
		t.Fatalf("a stray key answered %v, or said nothing", a)
	}
	if _, a, _ := m.Update(press("y")); a != Yes {
		t.Fatalf("y answered %v", a)
	}
	for _, k := range []string{"n", "esc"} {
		after, a, _ := m.Update(press(k))
		if a != No || after.Asking() {
			t.Fatalf("%s answered %v, asking %v", k, a, after.Asking())
		}
		if !strings.Contains(after.Refused(), "nothing was sent") || after.View(true, 80) != "" {
			t.Fatalf("after %s: %q, view %q", k, after.Refused(), after.View(true, 80))
		}
	}
	if w := New().Ask(over).View(true, 20); strings.Contains(w, "\n") || len([]rune(stripped(w))) > 20 {
		t.Fatalf("view not cut to 20 columns: %q", w)
	}
}

func TestEstimate(t *testing.T) {
	if Estimate(nil) != "" {
		t.Fatal("an estimate without prices")
	}
	if e := Estimate(tabtest.Float(0.125)); e != "estimate 0.125" {
		t.Fatalf("estimate %q", e)
	}
}

func stripped(s string) string { return ansi.Strip(s) }

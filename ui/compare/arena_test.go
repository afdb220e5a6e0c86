package compare

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/ui/tab"
)

// TestBlindDefaultAndToggle: [arena] blind sets the next run's default;
// B toggles it, the line above the columns saying which; saving the same
// settings again keeps the toggle, a changed default sets it.
func TestBlindDefaultAndToggle(t *testing.T) {
	on := &store.Settings{Arena: store.Arena{Blind: true}}
	m := New(Options{Settings: on})
	m.SetSize(116, 36)
	if !m.arena.next || !strings.Contains(ansi.Strip(m.View()), "Blind: the next run shows its targets as A, B") {
		t.Fatalf("[arena] blind = true: next blind %v\n%s", m.arena.next, ansi.Strip(m.View()))
	}
	m = press(t, m, "ctrl+b")
	if m.arena.next || strings.Contains(ansi.Strip(m.View()), "Blind:") {
		t.Fatal("B did not turn it off")
	}
	m, _ = m.Update(tab.SettingsMsg{Settings: on})
	if m.arena.next {
		t.Error("the same settings saved again undid the toggle")
	}
	m, _ = m.Update(tab.SettingsMsg{Settings: &store.Settings{}})
	m, _ = m.Update(tab.SettingsMsg{Settings: on})
	if !m.arena.next {
		t.Error("a changed default did not set the next run")
	}
}

// TestRerunBlind: the Arena's and the Batch tab's RerunMsg with Blind
// turns blindness on and fills the prompt and targets, not opening the
// comparison named even when it has an id.
func TestRerunBlind(t *testing.T) {
	h := newHarness(t, newService(t).client(t))
	settings, _ := json.Marshal(map[string]any{"temperature": 0.5})
	h.Send(tab.RerunMsg{To: tab.Compare, Kind: store.KindCompare, ID: 99, Prompt: "write a limerick", Blind: true,
		Targets: []tab.RerunTarget{{Family: "alpha", Model: "a", SettingsJSON: settings}, {Family: "beta", Model: "b"}}})
	if !h.m.arena.next || h.m.mode != prompting || h.m.prompt != "write a limerick" || len(h.m.targets) != 2 ||
		h.m.targets[0].Settings.Temperature == nil || h.m.browser.loading {
		t.Fatalf("next blind %v, mode %d, prompt %q, targets %+v, loading %v", h.m.arena.next, h.m.mode, h.m.prompt,
			h.m.targets, h.m.browser.loading)
	}
	h.Keys("enter")
	if !h.m.arena.hidden() || len(h.m.run.lanes) != 2 {
		t.Fatalf("the run is not blind: %+v", h.m.arena)
	}
}

// TestVerdictKeys: for two, a/b/t/x are verdicts at once, as the
// command line reads them; for more, a column's letter, t or x opens the
// ranking; letters count in either case (issue 30); other keys are not
// the vote's.
func TestVerdictKeys(t *testing.T) {
	for _, c := range []struct {
		key            string
		n              int
		verdict, start string
	}{
		{"a", 2, "AB", ""}, {"b", 2, "BA", ""}, {"t", 2, store.VerdictTie, ""}, {"x", 2, store.VerdictBad, ""},
		{"c", 2, "", ""}, {"c", 3, "", "c"}, {"d", 3, "", ""}, {"d", 4, "", "d"}, {"t", 4, "", "t"}, {"x", 3, "", "x"},
		{"w", 3, "", ""}, {"A", 2, "AB", ""}, {"B", 3, "", "B"}, {"T", 2, store.VerdictTie, ""}, {"W", 3, "", ""},
		{"enter", 2, "", ""},
	} {
		v, s := verdictKey(c.key, c.n)
		if v != c.verdict || s != c.start {
			t.Errorf("%q of %d: verdict %q start %q, want %q %q", c.key, c.n, v, s, c.verdict, c.start)
		}
	}
}

// TestOpenedTakesTheStandingVote: of a prompt's votes, the latest one
// standing reveals the run; with only withdrawn ones, the latest of
// those; another prompt's votes do not count.
func TestOpenedTakesTheStandingVote(t *testing.T) {
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	votes := []store.Vote{
		{ID: 1, Verdict: "AB", WithdrawnAt: at},
		{ID: 2, Verdict: "BA"},
		{ID: 3, Verdict: "tie", WithdrawnAt: at},
		{ID: 4, Turn: 2, Verdict: "AB"},
	}
	a, v := arena{}.opened(votes, 0, false)
	if v == nil || v.ID != 2 || a.hidden() || !a.on || a.withdrawn || a.words(2) != "B better" {
		t.Errorf("standing: %+v, vote %+v", a, v)
	}
	a, v = arena{}.opened([]store.Vote{votes[0], votes[2]}, 0, true)
	if v == nil || v.ID != 3 || !a.withdrawn || a.hidden() {
		t.Errorf("withdrawn only: %+v, vote %+v", a, v)
	}
	if a, v = (arena{}).opened(votes[3:], 0, true); v != nil || !a.hidden() {
		t.Errorf("another prompt's vote: %+v", a)
	}
	if a, _ = (arena{}).opened(nil, 0, false); a.on {
		t.Error("a run never blind opened blind")
	}
}

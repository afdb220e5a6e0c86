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
// ctrl+b toggles it, the line above the columns saying which; saving the same
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
		t.Fatal("ctrl+b did not turn it off")
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

// TestOpenedTakesTheStandingVote: of a prompt's votes, the latest one
// standing reveals the run; with only withdrawn ones, the latest of
// those; another prompt's votes do not count.
func TestOpenedTakesTheStandingVote(t *testing.T) {
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	two := []store.VoteTarget{{Letter: "A", Target: "alpha:x"}, {Letter: "B", Target: "beta:y"}}
	votes := []store.Vote{
		{ID: 1, Verdict: "AB", WithdrawnAt: at, Targets: two},
		{ID: 2, Verdict: "BA", Targets: two},
		{ID: 3, Verdict: "tie", WithdrawnAt: at, Targets: two},
		{ID: 4, Turn: 2, Verdict: "AB", Targets: two},
	}
	fresh := newArena(nil)
	a, v := fresh.opened(votes, 0, 2, false)
	if v == nil || v.ID != 2 || a.hidden() || !a.vote.Blind() || a.vote.Withdrawn() || a.vote.Words() != "B better" {
		t.Errorf("standing: %+v, vote %+v", a, v)
	}
	a, v = fresh.opened([]store.Vote{votes[0], votes[2]}, 0, 2, true)
	if v == nil || v.ID != 3 || !a.vote.Withdrawn() || a.hidden() {
		t.Errorf("withdrawn only: %+v, vote %+v", a, v)
	}
	if a, v = fresh.opened(votes[3:], 0, 2, true); v != nil || !a.hidden() {
		t.Errorf("another prompt's vote: %+v", a)
	}
	if a, _ = fresh.opened(nil, 0, 2, false); a.vote.Blind() {
		t.Error("a run never blind opened blind")
	}
}

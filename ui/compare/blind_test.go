package compare

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// blindSpecs are targets whose every name, family and setting is found
// nowhere else on screen: not in the prompt, the simulator's reply or the
// tab's own words.
var blindSpecs = []string{"alpha:zq-first:temperature=0.3", "beta:xv-second:top_k=7", "gamma:wy-third:effort=low"}

// giveaways are what would tell the targets apart before the vote: their
// families, models and settings, and the figures (times, counts, rates,
// costs, stop reasons).
var giveaways = []string{"alpha", "beta", "gamma", "zq-first", "xv-second", "wy-third", "temperature", "top_k", "effort",
	"TTFT", "total ", "tok/s", "in 1", "out ", "cost", "end_turn", "STOP", "stop_sequence"}

// leaked is the first giveaway in s, or "".
func leaked(s string) string {
	for _, g := range giveaways {
		if strings.Contains(s, g) {
			return g
		}
	}
	return ""
}

// blindRun runs a blind comparison of n targets against the simulator in
// a w×h terminal, checking every frame drawn before the vote, the status
// bar's summary with it; it returns the harness with the run hidden,
// every reply ended, and how many frames were checked.
func blindRun(t *testing.T, n, w, h int) (*harness, *int) {
	t.Helper()
	hs := newHarness(t, newService(t).client(t))
	hs.m.SetSize(w-4, h-4)
	hs.m.targets, hs.m.prompt = targets(t, blindSpecs[:n]...), "explain CRDTs to a newcomer"
	frames := new(int)
	hs.after = func(hs *harness) {
		if !hs.m.arena.hidden() || len(hs.m.run.lanes) == 0 {
			return
		}
		*frames++
		if g := leaked(hs.view() + "\n" + hs.m.Summary()); g != "" {
			t.Fatalf("%q on screen before the vote (%d×%d):\n%s\nstatus: %s", g, w, h, hs.view(), hs.m.Summary())
		}
	}
	hs.Keys("ctrl+b", "ctrl+r")
	hs.NoErrors()
	if !hs.m.arena.hidden() || hs.m.run.running() || *frames < 3 {
		t.Fatalf("hidden %v, running %v, %d frames checked", hs.m.arena.hidden(), hs.m.run.running(), *frames)
	}
	return hs, frames
}

// TestBlindRunHiddenUntilTheVote: at 80×24, 120×40 and 200×50, no frame
// of a blind run before the vote names a target or shows a figure; the
// columns are letters; the vote `a` is recorded as the command line
// records it (chat, blind, the order shown), and then every name and
// figure shows.
func TestBlindRunHiddenUntilTheVote(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			h, _ := blindRun(t, 2, size[0], size[1])
			v := h.view()
			if !hasAll(v, "┏━ A ", "which is better? a A better") {
				t.Errorf("no letter A or no way to vote:\n%s", v)
			}
			if blind, err := h.db.RanBlind(t.Context(), h.m.run.convID, 0); err != nil || !blind {
				t.Errorf("the run is not marked blind in history (%v)", err)
			}
			shown := slices.Clone(h.m.run.lanes)
			h.Keys("a")
			h.NoErrors()
			votes, err := h.db.Votes(t.Context(), store.VoteFilter{})
			if err != nil || len(votes) != 1 {
				t.Fatalf("votes %+v (%v)", votes, err)
			}
			vote := votes[0]
			if vote.Kind != store.VoteChat || !vote.Blind || vote.Verdict != "AB" || vote.ConversationID != h.m.run.convID {
				t.Errorf("vote %+v", vote)
			}
			for i, vt := range vote.Targets {
				l := shown[i]
				if vt.Letter != letter(i) || vt.Lane != l.slot || vt.Model != l.target.Model ||
					vt.Family != string(l.target.Family) || vt.Target != client.FormatChatTarget(l.target) {
					t.Errorf("letter %s recorded as %+v, shown %s (lane %d)", letter(i), vt, client.FormatChatTarget(l.target), l.slot)
				}
			}
			// After the vote, every target is named, with its figures; at 80
			// columns, one column at a time.
			v = h.view()
			if size[0] == 80 {
				v += h.Keys("tab").view()
			}
			for i, l := range shown {
				if !hasAll(v, letter(i)+" = "+string(l.target.Family)+" · "+l.target.Model, "TTFT", "tok/s") {
					t.Errorf("%s not revealed after the vote:\n%s", letter(i), v)
				}
			}
			if !hasAll(v, "Blind vote: A better", "vote: better", "vote: worse") {
				t.Errorf("the vote not shown:\n%s", v)
			}
		})
	}
}

// TestBlindRunShuffles: a blind run's columns are its targets in a
// random order; over 40 runs of two, both orders come (the chance that
// one never does is 2^-39).
func TestBlindRunShuffles(t *testing.T) {
	seen := map[string]bool{}
	two := targets(t, blindSpecs[:2]...)
	for range 40 {
		m := New(Options{})
		m, _ = m.launch(pendingRun{targets: two, prompt: "p", blind: true})
		seen[m.run.lanes[0].target.Model] = true
		if m.run.lanes[0].slot != 0 || !m.arena.hidden() {
			t.Fatalf("slot %d, hidden %v: a new blind run is recorded in the order shown", m.run.lanes[0].slot, m.arena.hidden())
		}
	}
	if len(seen) != 2 {
		t.Errorf("first columns seen: %v", seen)
	}
}

// TestBlindRankingOfThree: with three targets, the letters are typed best
// first in either case (the screen shows capitals: issue 30, a ranking
// typed "BAC" recorded nothing); a letter twice is refused and enter
// before the last one says what is missing, recording nothing; enter then
// records the ranking best first.
func TestBlindRankingOfThree(t *testing.T) {
	h, _ := blindRun(t, 3, 120, 40)
	if !strings.Contains(h.view(), "rank them best first (e.g. CBA), then enter") {
		t.Errorf("no way to rank shown:\n%s", h.view())
	}
	h.Keys("C", "c", "enter")
	if ns := h.Notices(); len(ns) < 2 || !strings.Contains(ns[len(ns)-2], "C is ranked already") ||
		!strings.Contains(ns[len(ns)-1], "rank all 3") || !h.m.arena.hidden() {
		t.Fatalf("notices %q: want the letter twice refused and enter too soon said", ns)
	}
	if !strings.Contains(h.view(), "your ranking C _ _") {
		t.Errorf("the ranking typed is not shown:\n%s", h.view())
	}
	h.Keys("A", "b", "enter")
	votes, err := h.db.Votes(t.Context(), store.VoteFilter{})
	if err != nil || len(votes) != 1 || votes[0].Verdict != "CAB" || len(votes[0].Targets) != 3 {
		t.Fatalf("votes %+v (%v)", votes, err)
	}
	if v := h.view(); !hasAll(v, "Blind vote: C > A > B", "A = ", "vote: 2nd", "B = ", "vote: 3rd") {
		t.Errorf("the ranking is not shown:\n%s", v)
	}
}

// TestBlindRankingInCapitals: the ranking the screen asks for as "CBA"
// is taken as typed, capitals and all (issue 30: "BAC" recorded nothing,
// and B toggled blind mode).
func TestBlindRankingInCapitals(t *testing.T) {
	h, _ := blindRun(t, 3, 120, 40)
	blindNext := h.m.arena.next
	h.Keys("B", "A", "C", "enter")
	votes, err := h.db.Votes(t.Context(), store.VoteFilter{})
	if err != nil || len(votes) != 1 || votes[0].Verdict != "BAC" {
		t.Fatalf("votes %+v (%v)", votes, err)
	}
	if h.m.arena.next != blindNext {
		t.Error("B toggled the next run's blindness")
	}
	h.NoErrors()
}

// TestBlindJudgingKeysWait: before the vote, rating, winner, continuing
// and export are off (they would name a target or write it down); the
// digits go back to the shell; after the vote they work.
func TestBlindJudgingKeysWait(t *testing.T) {
	h, _ := blindRun(t, 2, 120, 40)
	if tabtest.Binds(h.m.KeyMap(), "4") {
		t.Error("the tab claims the digits while the run is hidden")
	}
	h.Keys("w", "c")
	h.Send(tabtest.Press("4"))
	for _, l := range h.m.run.lanes {
		if l.winner || l.rating != 0 {
			t.Fatalf("judged while hidden: %+v", l)
		}
	}
	if ns := h.Notices(); len(ns) < 2 || !strings.Contains(ns[0], "blind until you vote") {
		t.Errorf("notices %q", ns)
	}
	if len(h.Out) > 0 {
		for _, msg := range h.Out {
			if _, ok := msg.(tab.ContinueChatMsg); ok {
				t.Fatal("continued in chat before the vote")
			}
		}
	}
	h.Keys("b", "w")
	if !h.m.run.lanes[0].winner || !tabtest.Binds(h.m.KeyMap(), "4") {
		t.Errorf("after the vote the winner key does nothing, or the digits are not the tab's")
	}
}

// TestVoteNeverChangedOnlyWithdrawn: after the reveal another verdict key
// records nothing; W asks, n keeps the vote, W and y withdraw it, marked
// in history, and a second W refuses.
func TestVoteNeverChangedOnlyWithdrawn(t *testing.T) {
	h, _ := blindRun(t, 2, 120, 40)
	h.Keys("a", "b", "t")
	all := func() []store.Vote {
		t.Helper()
		vs, err := h.db.Votes(t.Context(), store.VoteFilter{Withdrawn: true})
		if err != nil {
			t.Fatal(err)
		}
		return vs
	}
	if vs := all(); len(vs) != 1 || vs[0].Verdict != "AB" {
		t.Fatalf("votes after a, b, t: %+v", vs)
	}
	h.Keys("W")
	if !strings.Contains(h.view(), "Withdraw the vote (A better) from the leaderboard?") {
		t.Fatalf("no question:\n%s", h.view())
	}
	h.Keys("n")
	if vs := all(); !vs[0].WithdrawnAt.IsZero() || h.m.arena.vote.Withdrawn() {
		t.Fatal("withdrawn on n")
	}
	h.Keys("W", "x") // a stray key keeps asking, and says so
	if ns := h.Notices(); ns[len(ns)-1] != "answer y or n" || !h.m.arena.vote.Asking() {
		t.Fatalf("a stray key: %q", ns)
	}
	h.Keys("y")
	if vs := all(); len(vs) != 1 || vs[0].WithdrawnAt.IsZero() || !h.m.arena.vote.Withdrawn() {
		t.Fatalf("not withdrawn on y: %+v", vs)
	}
	if !strings.Contains(h.view(), "Blind vote withdrawn (it was: A better)") {
		t.Errorf("view:\n%s", h.view())
	}
	h.Keys("W")
	if ns := h.Notices(); !strings.Contains(ns[len(ns)-1], "was withdrawn already") {
		t.Errorf("a second withdrawal: %q", ns)
	}
}

// TestUnvotedBlindRunOpensBlind: a blind comparison left without a vote
// (as `compare --blind` with no terminal leaves it) opens blind in a new
// tab, to be voted there; the vote maps each letter to the lane it showed;
// opened again, it shows revealed, in the order voted.
func TestUnvotedBlindRunOpensBlind(t *testing.T) {
	h, _ := blindRun(t, 3, 120, 40)
	conv := h.conversation()
	reopen := func() Model {
		t.Helper()
		m := New(Options{Store: h.db})
		m.SetSize(116, 36)
		return drive(t, m, m.Init())
	}
	m := reopen()
	if !m.arena.hidden() || m.run.convID != conv.ID {
		t.Fatalf("opened hidden %v, comparison %d (want %d)", m.arena.hidden(), m.run.convID, conv.ID)
	}
	if g := leaked(ansi.Strip(m.View())); g != "" {
		t.Fatalf("%q shown on opening:\n%s", g, ansi.Strip(m.View()))
	}
	if got := m.targets; len(got) != 3 || got[0].Model != conv.Lanes[0].Model || got[2].Model != conv.Lanes[2].Model {
		t.Errorf("the next run's targets are not in the order recorded: %v", got) // the form would tell the letters
	}
	shown := slices.Clone(m.run.lanes)
	for _, k := range []string{"b", "c", "a", "enter"} {
		var cmd tea.Cmd
		m, cmd = m.Update(tabtest.Press(k))
		m = drive(t, m, cmd)
	}
	votes, err := h.db.Votes(t.Context(), store.VoteFilter{})
	if err != nil || len(votes) != 1 || votes[0].Verdict != "BCA" {
		t.Fatalf("votes %+v (%v)", votes, err)
	}
	for i, vt := range votes[0].Targets {
		slot := shown[i].slot
		if vt.Lane != slot || vt.Model != conv.Lanes[slot].Model || vt.Family != conv.Lanes[slot].Family {
			t.Errorf("letter %s recorded as %+v; it showed lane %d, %s", vt.Letter, vt, slot, conv.Lanes[slot].Model)
		}
	}
	// Rated after the reveal, column A's stars go to the lane it showed.
	m = press(t, m, "4")
	c2, err := h.db.Conversation(t.Context(), conv.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, sl := range c2.Lanes {
		if want := map[bool]int{true: 4, false: 0}[sl.Lane == shown[0].slot]; sl.Rating != want {
			t.Errorf("lane %d rated %d, want %d", sl.Lane, sl.Rating, want)
		}
	}
	again := reopen()
	if again.arena.hidden() || again.arena.vote.Verdict() != "BCA" || again.arena.vote.ID() != votes[0].ID {
		t.Fatalf("reopened: %+v", again.arena)
	}
	for i, l := range again.run.lanes {
		if l.slot != shown[i].slot {
			t.Errorf("reopened, column %s is lane %d; it was voted as lane %d", letter(i), l.slot, shown[i].slot)
		}
	}
	if v := ansi.Strip(again.View()); !hasAll(v, "Blind vote: B > C > A", "A = ", shown[0].target.Model) {
		t.Errorf("reopened view:\n%s", v)
	}
}

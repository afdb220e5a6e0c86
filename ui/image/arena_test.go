package imagetab

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// modelWords are what would give an image model away on screen: its
// names, its family, and the settings the form was sent with.
var modelWords = []string{"image-2", "flare", "sunburst", "gamma", "256x256", "low"}

// named returns the first of modelWords in s, "" when none.
func named(s string) string {
	for _, w := range modelWords {
		if strings.Contains(strings.ToLower(s), w) {
			return w
		}
	}
	return ""
}

// reversed shows lanes last first, so a letter is never its lane's place.
func reversed(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = n - 1 - i
	}
	return out
}

// blindRun runs the prompt blind on flare and sunburst (image-2, where the
// picker's cursor starts, dropped) and returns the view count before it.
func (h *harness) blindRun(prompt string) int {
	h.t.Helper()
	h.m.arena.perm = reversed
	h.set("prompt", prompt).set(rowSize, "256x256").pick(rowQuality, "low").Keys("c")
	if h.m.arena.blind {
		h.t.Fatal("blind before b, with no default")
	}
	h.Keys("b", "space")
	if !strings.Contains(h.view(), "blind: shown as A, B, C until you vote") {
		h.t.Fatalf("the picker does not say it is blind:\n%s", h.view())
	}
	start := len(h.watching().seen)
	h.Keys("enter")
	if len(h.srv.all()) != 2 || h.m.page.running() {
		h.t.Fatalf("%d requests; running %v", len(h.srv.all()), h.m.page.running())
	}
	return start
}

// TestBlindComparisonHidesNamesUntilTheVote: from the first frame of the
// run to the vote, at three terminal sizes, no frame, status notice or
// summary names a model or its settings; the vote is recorded blind, in
// the shown order, and the names appear.
func TestBlindComparisonHidesNamesUntilTheVote(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	start := h.blindRun("a paper crane over water")
	for i, v := range h.seen[start:] {
		if w := named(v); w != "" {
			t.Fatalf("frame %d of the run names %q:\n%s", i, w, v)
		}
	}
	for _, n := range h.Notices() {
		if w := named(n); w != "" {
			t.Errorf("notice %q names %q", n, w)
		}
	}
	sizes := [][2]int{{80, 24}, {120, 40}, {200, 50}}
	for _, sz := range sizes {
		h.m.SetSize(sz[0]-4, sz[1]-4)
		v := ansi.Strip(h.m.View())
		if w := named(v); w != "" {
			t.Errorf("%dx%d names %q before the vote:\n%s", sz[0], sz[1], w, v)
		}
		if !strings.Contains(v, "▸ A") || !strings.Contains(v, "which is better? a A better") {
			t.Errorf("%dx%d: no letters or vote line:\n%s", sz[0], sz[1], v)
		}
	}
	if w := named(h.m.Summary()); w != "" {
		t.Errorf("summary %q names %q", h.m.Summary(), w)
	}
	// Keys that would show a name wait for the vote.
	h.Keys("tab", "g", "e", "R")
	if h.m.area != resultsArea || named(h.view()) != "" {
		t.Fatalf("a key left the vote:\n%s", h.view())
	}

	h.Keys("b") // B better
	votes, err := h.db.Votes(context.Background(), store.VoteFilter{Kind: store.VoteImage})
	if err != nil || len(votes) != 1 {
		t.Fatalf("votes %+v, %v", votes, err)
	}
	v := votes[0]
	jobs := h.jobs() // newest first
	byModel := map[string]int64{}
	for _, j := range jobs {
		byModel[j.Model] = j.ID
	}
	// Shown last lane first: A is sunburst, B is flare.
	want := []string{client.ImageModel25Sunburst, client.ImageModel25Flare}
	if !v.Blind || v.Verdict != "BA" || len(v.Targets) != 2 {
		t.Fatalf("vote %+v", v)
	}
	for k, tg := range v.Targets {
		if tg.Letter != store.Letters(2)[k] || tg.Model != want[k] || tg.ImageJobID != byModel[want[k]] ||
			tg.Target != want[k]+":quality=low,size=256x256" || tg.Family != "gamma" {
			t.Errorf("target %d: %+v", k, tg)
		}
	}
	for _, sz := range sizes {
		h.m.SetSize(sz[0]-4, sz[1]-4)
		v := ansi.Strip(h.m.View())
		if !strings.Contains(v, "A = image-2.5-sunburst") && !strings.Contains(v, "A = image-2.5-sun") {
			t.Errorf("%dx%d: names not revealed:\n%s", sz[0], sz[1], v)
		}
	}
	notes := h.Notices()
	if !strings.Contains(notes[len(notes)-1], "recorded: B better · A = gamma/image-2.5-sunburst, B = gamma/image-2.5-flare · W withdraws it") {
		t.Errorf("notices %q", notes)
	}
	h.NoErrors()
}

// TestBlindVoteWithdrawnAfterAQuestion: W asks (lower-case w never
// withdraws: issue 30); n keeps the vote; y withdraws it; it is never cast
// twice.
func TestBlindVoteWithdrawnAfterAQuestion(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.blindRun("two kites")
	h.Keys("t")
	h.Keys("t") // after the vote, no second vote
	all := func() []store.Vote {
		vs, err := h.db.Votes(context.Background(), store.VoteFilter{Withdrawn: true})
		if err != nil {
			t.Fatal(err)
		}
		return vs
	}
	if vs := all(); len(vs) != 1 || vs[0].Verdict != store.VerdictTie {
		t.Fatalf("votes %+v", vs)
	}
	h.Keys("w")
	if h.m.Focused() {
		t.Fatal("w asked to withdraw")
	}
	h.Keys("W")
	if !h.m.Focused() || !slices.Contains(h.Notices(), "Withdraw the vote (tie) from the leaderboard? y withdraw · n keep") ||
		!strings.Contains(h.view(), "Withdraw the vote (tie) from the leaderboard?") {
		t.Fatalf("W did not ask: %q\n%s", h.Notices(), h.view())
	}
	h.Keys("n")
	if vs := all(); !vs[0].WithdrawnAt.IsZero() {
		t.Fatal("n withdrew the vote")
	}
	h.Keys("W", "y")
	if vs := all(); len(vs) != 1 || vs[0].WithdrawnAt.IsZero() {
		t.Fatalf("y did not withdraw: %+v", vs)
	}
	if open, _ := h.db.Votes(context.Background(), store.VoteFilter{}); len(open) != 0 {
		t.Errorf("a withdrawn vote still counts: %+v", open)
	}
	h.NoErrors()
}

// TestBlindRankingOfThree: three targets are ranked by their letters,
// typed best first in either case, then enter; a letter twice, or one
// that names no image, is refused.
func TestBlindRankingOfThree(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.m.arena.perm = reversed
	h.set("prompt", "a lantern").set(rowSize, "256x256").to(rowQuality).Keys("c", "b", "enter")
	if n := len(h.srv.all()); n != 3 {
		t.Fatalf("%d requests", n)
	}
	h.Keys("C", "d", "c")
	if !strings.Contains(h.view(), "your ranking C _ _") {
		t.Errorf("the typed letters are not shown:\n%s", h.view())
	}
	if ns := h.Notices(); len(ns) < 2 || !strings.Contains(ns[len(ns)-2], "vote first") || !strings.Contains(ns[len(ns)-1], "C is ranked already") {
		t.Errorf("notices %q", ns)
	}
	h.Keys("a", "B", "enter")
	vs, err := h.db.Votes(context.Background(), store.VoteFilter{})
	if err != nil || len(vs) != 1 || vs[0].Verdict != "CAB" || len(vs[0].Targets) != 3 {
		t.Fatalf("votes %+v %v", vs, err)
	}
}

// TestBlindDefaultAndArenaRerun: Settings' [arena] blind starts the picker
// blind; a RerunMsg from the Arena turns it on and chooses its models.
func TestBlindDefaultAndArenaRerun(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.Send(tab.SettingsMsg{Settings: &store.Settings{Models: store.Models{Image: client.ImageModel25Flare}, Arena: store.Arena{Blind: true}}})
	h.to(rowQuality).Keys("c")
	if !h.m.arena.blind {
		t.Error("the [arena] blind default is not on")
	}
	h.Keys("esc")

	h = newHarness(t, nil)
	h.Send(tab.RerunMsg{To: tab.Image, Prompt: "a red fox", Blind: true,
		Targets: []tab.RerunTarget{{Model: client.ImageModel2}, {Model: client.ImageModel25Sunburst}}})
	if h.m.area != pickerArea || !h.m.arena.blind {
		t.Fatalf("area %d blind %v", h.m.area, h.m.arena.blind)
	}
	if got := h.m.picker.picked(); !slices.Equal(got, []string{client.ImageModel2, client.ImageModel25Sunburst}) {
		t.Errorf("picked %q", got)
	}
	if h.m.form.spec().Prompt != "a red fox" {
		t.Errorf("prompt %q", h.m.form.spec().Prompt)
	}
	h.Keys("enter")
	if n := len(h.srv.all()); n != 2 || h.m.page.run.blind == nil {
		t.Fatalf("%d requests; blind %v", n, h.m.page.run.blind != nil)
	}
}

// TestGoldenBlind draws a blind comparison before and after its vote.
func TestGoldenBlind(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, stage := range []string{"before", "after"} {
			t.Run(fmt.Sprintf("%s_%dx%d", stage, size[0], size[1]), func(t *testing.T) {
				m := goldenModel()
				m.SetSize(size[0]-4, size[1]-4)
				m = blindComparing(m)
				if stage == "after" {
					m.page.run.blind.vote = m.page.run.blind.vote.Resume(store.Vote{ID: 1, Verdict: "BA",
						Targets: []store.VoteTarget{{Letter: "A"}, {Letter: "B"}}})
				}
				v := m.View()
				if w := named(ansi.Strip(v)); (w != "") != (stage == "after") {
					t.Errorf("%s the vote, named %q:\n%s", stage, w, ansi.Strip(v))
				}
				golden.RequireEqual(t, tabtest.In256Colours(v))
			})
		}
	}
}

// blindComparing is two models done side by side, blind, shown last first.
func blindComparing(m Model) Model {
	m.form.prompt.SetValue("a paper crane")
	m.form.setText(rowQuality, "low")
	a := &lane{model: client.ImageModel25Flare, state: laneDone, total: 2 * time.Second, job: 1,
		finals: []picture{{key: "a", img: scene(64, 64, 0), path: "/data/media/2026-11-21/image-1.png"}}}
	b := &lane{model: client.ImageModel25Sunburst, state: laneDone, total: 3 * time.Second, job: 2,
		finals: []picture{{key: "b", img: scene(64, 64, 1), path: "/data/media/2026-11-21/image-2.png"}}}
	m.page.run = &run{id: 1, spec: m.form.spec(), cancel: func() {}, lanes: []*lane{a, b}, blind: newBlind(nil, []int{1, 0}, true)}
	return m.toResults()
}

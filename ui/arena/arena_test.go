package arena

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/store"
	"atelier/store/rank"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// rankOf is rank.Compute's board of the blind votes f selects, with the
// options `atelier leaderboard` uses.
func rankOf(t *testing.T, db *store.Store, f store.VoteFilter, rounds int) rank.Board {
	t.Helper()
	var in []rank.Vote
	for _, v := range tabtest.Must[[]store.Vote](t)(db.Votes(bg, f)) {
		if v.Blind {
			names, tie, bad := v.Ranked()
			in = append(in, rank.Vote{Ranked: names, Tie: tie, BothBad: bad})
		}
	}
	return tabtest.Must[rank.Board](t)(rank.Compute(in, rank.Options{Rounds: rounds, Seed: store.BoardSeed}))
}

// TestBoardShowsRankComputeNumbers: the board the tab computes is rank's
// for the same blind votes, rounds and seed, and every number of it is on
// screen as the command line prints it.
func TestBoardShowsRankComputeNumbers(t *testing.T) {
	db, _ := fixture(t)
	hs := newHarness(t, db, 120, 40)
	hs.NoErrors()
	want := rankOf(t, db, store.VoteFilter{Kind: store.VoteChat}, testRounds)
	got := hs.m.boards.board.blind
	if got.Votes != want.Votes || got.Votes != 18 || len(got.Entries) != 4 {
		t.Fatalf("board of %d votes, %d entries; want rank's %d votes (18 blind), 4 targets", got.Votes, len(got.Entries), want.Votes)
	}
	view := hs.view()
	for i, e := range want.Entries {
		if got.Entries[i] != e {
			t.Errorf("entry %d: %+v, want rank's %+v", i, got.Entries[i], e)
		}
		line := lineWith(t, view, e.Target)
		for _, s := range []string{rankRange(e) + " ", fmt.Sprintf(" %.0f ", e.Score), interval(e),
			fmt.Sprintf(" %d ", e.Votes), percent(e.WinRate)} {
			if !strings.Contains(line, s) {
				t.Errorf("line of %s %q: no %q", e.Target, line, s)
			}
		}
	}
	if got.Style == nil {
		t.Fatal("no style-controlled fit: the fixture's votes all have their replies")
	}
	for _, e := range got.Style.Entries {
		if line := lineWith(t, view, e.Target); !strings.Contains(line, fmt.Sprintf(" %.0f ", e.Score)) {
			t.Errorf("line of %s %q: no style-controlled rating %.0f", e.Target, line, e.Score)
		}
	}
	if !strings.Contains(view, "Points per doubling of each:\n  length ") {
		t.Errorf("no style coefficients under the board:\n%s", view)
	}
	if !strings.Contains(view, "Chat arena · 18 blind votes · 95% intervals from 200 bootstrap rounds") {
		t.Errorf("no figures line:\n%s", view)
	}
	if New(Options{}).boards.rounds != store.BoardRounds {
		t.Error("the default rounds are not the command line's")
	}
}

// lineWith is the line of view holding s.
func lineWith(t *testing.T, view, s string) string {
	t.Helper()
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	t.Fatalf("no line with %q in\n%s", s, view)
	return ""
}

// TestFiltersNarrowTheBoard: tag, family and since as the command line's
// flags take them, typed into the filter form; a refused one names its
// field and changes nothing; x clears them.
func TestFiltersNarrowTheBoard(t *testing.T) {
	db, _ := fixture(t)
	hs := newHarness(t, db, 120, 40)
	apply := func(tag, fam, since string) *harness {
		hs.Keys("f")
		if !hs.m.Focused() {
			t.Fatal("f opened no field")
		}
		for _, v := range []string{tag, fam, since} {
			hs.Keys("ctrl+u").Type(v).Keys("tab") // each field: what it held out, v typed in
		}
		return hs.Keys("enter")
	}
	apply(" Code ", "", "")
	want := rankOf(t, db, store.VoteFilter{Kind: store.VoteChat, Tag: "code"}, testRounds)
	if got := hs.m.boards.board.blind; got.Votes != 12 || got.Votes != want.Votes || got.Entries[0] != want.Entries[0] {
		t.Errorf("tag code: %d votes, %+v; want rank's 12 on the tagged prompt: %+v", got.Votes, got.Entries, want.Entries)
	}
	if !strings.Contains(hs.view(), "tag code") {
		t.Errorf("the filter is not shown:\n%s", hs.view())
	}

	apply("", "alpha", "")
	if got := hs.m.boards.board.blind; got.Votes != 5 || len(got.Entries) != 2 {
		t.Errorf("family alpha: %+v; want the 5 votes between alpha targets only", got)
	}

	tomorrow := time.Now().Add(24 * time.Hour).Format("2006-01-02")
	apply("", "", tomorrow)
	if got := hs.m.boards.board.blind; got.Votes != 0 {
		t.Errorf("since tomorrow: %d votes, want none", got.Votes)
	}
	if v := hs.view(); !strings.Contains(v, "No blind chat votes match since "+tomorrow+": f changes the filters, x clears them.") {
		t.Errorf("the empty board does not say why:\n%s", v)
	}
	apply("", "", "1h")
	if got := hs.m.boards.board.blind; got.Votes != 18 {
		t.Errorf("since 1h: %d votes, want all 18", got.Votes)
	}

	apply("", "", "last week")
	if !hs.m.Focused() || !strings.Contains(hs.view(), `since "last week": want a date like 2026-11-01, or a time ago like 720h or 7d`) {
		t.Errorf("a bad since is not refused by name:\n%s", hs.view())
	}
	hs.Keys("esc")
	if hs.m.filter.since != "1h" {
		t.Errorf("a refused filter changed it: %+v", hs.m.filter)
	}
	hs.Keys("x")
	if hs.m.filter != (filter{}) || hs.m.boards.board.blind.Votes != 18 {
		t.Errorf("x: filter %+v, %d votes; want none and all", hs.m.filter, hs.m.boards.board.blind.Votes)
	}
	hs.NoErrors()
}

// TestMatrixCells: m shows the head-to-head matrix: each cell the row's
// win rate against the column (ties as halves) and their votes.
func TestMatrixCells(t *testing.T) {
	db, _ := fixture(t)
	hs := newHarness(t, db, 120, 40).Keys("m")
	b := hs.m.boards.board.blind
	rankAt := map[string]int{}
	for i, e := range b.Entries {
		rankAt[e.Target] = i
	}
	a, bb, d := rankAt[tA], rankAt[tB], rankAt[tD]
	// A beat B 6 of 7 times, and once more in the ranking CAB.
	if c := b.HeadToHead[a][bb]; c.Games != 8 || c.Score != 7 {
		t.Fatalf("A vs B: %+v, want 7 of 8", c)
	}
	view := hs.view()
	row := lineWith(t, view, fmt.Sprintf("%2d %s", a+1, tA))
	cells := cellsOf(row, hs.m.matrix.labelWidth(hs.m.shown(), hs.m.width))
	if got := cells[bb]; got != "88% 8" {
		t.Errorf("A's row, B's column: %q, want 88%% 8 (row %q)", got, row)
	}
	if got := cells[a]; got != "—" {
		t.Errorf("A against itself: %q, want —", got)
	}
	if got := cellsOf(lineWith(t, view, fmt.Sprintf("%2d %s", d+1, tD)), hs.m.matrix.labelWidth(hs.m.shown(), hs.m.width))[bb]; got != "·" {
		t.Errorf("D and B never met: %q, want ·", got)
	}
	if !strings.Contains(view, "Head to head") {
		t.Errorf("no heading:\n%s", view)
	}
	hs.Keys("m")
	if hs.m.matrix.on || !strings.Contains(hs.view(), "95% INTERVAL") {
		t.Error("m again does not go back to the board")
	}
}

// cellsOf cuts a matrix row after its label into cells.
func cellsOf(row string, label int) []string {
	rs := []rune(row)
	var out []string
	for at := label; at+cellW <= len(rs); at += cellW {
		out = append(out, strings.TrimSpace(string(rs[at:at+cellW])))
	}
	return out
}

// TestMatrixScrollsAtEightyColumns: with more targets than fit at 80
// columns, the matrix shows some columns and →/← bring the others.
func TestMatrixScrollsAtEightyColumns(t *testing.T) {
	db := openStore(t)
	conv := comparison(t, db, "p")
	for i := range 11 {
		vote(t, db, conv, true, "AB", fmt.Sprintf("alpha:m%02d", i), fmt.Sprintf("alpha:m%02d", i+1))
	}
	hs := newHarness(t, db, 76, 20).Keys("m")
	cols := hs.m.matrix.columns(hs.m.shown(), hs.m.width)
	if cols >= 12 {
		t.Fatalf("%d columns fit at 76: the test wants fewer than 12", cols)
	}
	if v := hs.view(); !strings.Contains(v, fmt.Sprintf("1–%d of 12, ←/→", cols)) || strings.Contains(v, "#12") {
		t.Errorf("first columns:\n%s", v)
	}
	for range 20 {
		hs.Keys("right")
	}
	if v := hs.view(); !strings.Contains(v, fmt.Sprintf("%d–12 of 12, ←/→", 13-cols)) || !strings.Contains(v, "#12") {
		t.Errorf("after →: \n%s", v)
	}
	for _, l := range strings.Split(hs.view(), "\n") {
		if w := len([]rune(l)); w > 76 {
			t.Errorf("line of %d columns: %q", w, l)
		}
	}
}

// TestNeedVotesKeySendsBlindRerun: enter on a pair that needs votes asks
// Compare for a blind comparison of the two on the newest prompt of the
// history not judged for them.
func TestNeedVotesKeySendsBlindRerun(t *testing.T) {
	db, convs := fixture(t)
	hs := newHarness(t, db, 120, 40)
	pairs := hs.m.boards.board.blind.NeedVotes
	if len(pairs) < 2 {
		t.Fatalf("pairs that need votes: %+v, want at least two", pairs)
	}
	hs.Keys("j")
	if !strings.Contains(lineWith(t, hs.view(), "▸"), pairs[1].A+" vs "+pairs[1].B) {
		t.Errorf("the cursor is not on the second pair:\n%s", hs.view())
	}
	hs.Keys("enter")
	hs.NoErrors()
	var got []tab.RerunMsg
	for _, msg := range hs.Out {
		if r, ok := msg.(tab.RerunMsg); ok {
			got = append(got, r)
		}
	}
	if len(got) != 1 {
		t.Fatalf("sent %d rerun messages, want 1: %v", len(got), hs.Out)
	}
	r := got[0]
	if r.To != tab.Compare || r.Kind != store.KindCompare || !r.Blind || r.Prompt != "explain CRDTs briefly" {
		t.Errorf("rerun %+v: want Compare, blind, on the newest prompt never judged", r)
	}
	if _, ok := convs["explain CRDTs briefly"]; !ok {
		t.Fatal("fixture lost its newest prompt")
	}
	if len(r.Targets) != 2 {
		t.Fatalf("targets %+v, want the pair", r.Targets)
	}
	for i, name := range []string{pairs[1].A, pairs[1].B} {
		want := tabtest.Must[client.ChatTarget](t)(client.ParseChatTarget(name))
		tg := r.Targets[i]
		var s client.ChatSettings
		if len(tg.SettingsJSON) > 0 {
			if err := json.Unmarshal(tg.SettingsJSON, &s); err != nil {
				t.Fatal(err)
			}
		}
		if tg.Family != string(want.Family) || tg.Model != want.Model || client.FormatChatSettings(s) != client.FormatChatSettings(want.Settings) {
			t.Errorf("target %d: %+v %s, want %s", i, tg, tg.SettingsJSON, name)
		}
	}
	if n := hs.Notices(); len(n) == 0 || !strings.Contains(n[len(n)-1], "newest prompt not judged") {
		t.Errorf("notices %q: want one saying which prompt", n)
	}
	// Added beside the person's comparison, never in its place, and the
	// pair joins the target set "arena", which keeps what it held (issue 30).
	if !r.Keep {
		t.Error("the rerun replaces the person's Compare targets (Keep is false)")
	}
	set, err := db.TargetSetNamed(t.Context(), store.ArenaTargetSet)
	if err != nil || !slices.Equal(set.Targets, []string{pairs[1].A, pairs[1].B}) {
		t.Fatalf("target set arena: %+v, %v", set, err)
	}
	hs.Keys("k", "enter")
	set, _ = db.TargetSetNamed(t.Context(), store.ArenaTargetSet)
	if want := []string{pairs[1].A, pairs[1].B}; len(set.Targets) < 3 || !slices.Equal(set.Targets[:2], want) {
		t.Errorf("after a second pair, target set arena is %v: want %v kept first, the new pair's after", set.Targets, want)
	}
}

// TestNeedVotesKeyElsewhere: with no prompt in history the key says so;
// on the image board it sends the Image tab a blind run of the pair on the
// newest image prompt they were not judged on.
func TestNeedVotesKeyElsewhere(t *testing.T) {
	db := openStore(t)
	conv := tabtest.Must[int64](t)(db.NewConversation(bg, store.KindCompare, "")) // no prompt in it
	vote(t, db, conv, true, "AB", tA, tB)
	hs := newHarness(t, db, 120, 40).Keys("enter")
	if n := hs.Notices(); len(n) != 1 || !strings.Contains(n[0], "no prompt in the history yet") {
		t.Errorf("no prompt: notices %q", n)
	}
	for _, msg := range hs.Out {
		if _, ok := msg.(tab.RerunMsg); ok {
			t.Error("a rerun with no prompt")
		}
	}
	hs.Out = nil
	hs.Keys("3", "enter")
	if n := hs.Notices(); len(n) != 1 || !strings.Contains(n[0], "no pair to run") {
		t.Errorf("empty video board: notices %q", n)
	}

	// An image pair (named as the Image tab names them, MODEL[:settings]):
	// the Image tab's side-by-side run, blind, on the image prompt.
	var jobs [2]int64
	for i := range jobs {
		jobs[i] = tabtest.Must[int64](t)(db.AddImageJob(bg, store.ImageJobStart{Model: fmt.Sprintf("img-%d", i), Prompt: "a lighthouse"}))
	}
	tabtest.Must[int64](t)(db.RecordVote(bg, store.Vote{Kind: store.VoteImage, Verdict: "AB", Blind: true, Targets: []store.VoteTarget{
		{Letter: "A", ImageJobID: jobs[0], Family: "gamma", Model: "img-0", Target: "img-0:quality=low"},
		{Letter: "B", ImageJobID: jobs[1], Family: "gamma", Model: "img-1", Target: "img-1:quality=low"}}}))
	tabtest.Must[int64](t)(db.AddImageJob(bg, store.ImageJobStart{Model: "img-0", Prompt: "a harbour at dawn"}))
	hs.Out = nil
	hs.Keys("2")
	if v := hs.view(); !strings.Contains(v, "Image arena · 1 blind vote") || !strings.Contains(v, "img-0:quality=low vs img-1:quality=low") {
		t.Fatalf("image board:\n%s", v)
	}
	hs.Keys("enter")
	var image *tab.RerunMsg
	for _, msg := range hs.Out {
		if r, ok := msg.(tab.RerunMsg); ok {
			image = &r
		}
	}
	if image == nil || image.To != tab.Image || !image.Blind || image.Prompt != "a harbour at dawn" ||
		len(image.Targets) != 2 || image.Targets[0].Model != "img-0" || image.Targets[1].Model != "img-1" {
		t.Fatalf("image pair: %+v, want a blind run of img-0 and img-1 on the prompt not judged yet", image)
	}
	hs.Out = nil

	// While the board shown is computed, there is nothing to run yet.
	m, _ := hs.m.Update(tabtest.Press("1"))
	if _, cmd := m.Update(tabtest.Press("enter")); cmd == nil {
		t.Error("enter while the board is computed: nothing said")
	} else if n := tabtest.Notices(tabtest.Drain(cmd)); len(n) != 1 || !strings.Contains(n[0], "being computed") {
		t.Errorf("enter while the board is computed: %q", n)
	}
	for _, msg := range hs.Out {
		if _, ok := msg.(tab.RerunMsg); ok {
			t.Error("a rerun while the board is computed")
		}
	}
}

// TestApartFromTheFit: votes and stars given with the names shown are
// listed apart and never change the board.
func TestApartFromTheFit(t *testing.T) {
	db, _ := fixture(t)
	hs := newHarness(t, db, 120, 40)
	for _, e := range hs.m.boards.board.blind.Entries {
		if e.Target == tD && e.Votes != 5 {
			t.Errorf("D judged in %d votes on the board, want its 5 blind ones", e.Votes)
		}
	}
	view := hs.view()
	heading := strings.Index(view, "Not in the fit")
	if heading < 0 {
		t.Fatalf("no section apart:\n%s", view)
	}
	apart := view[heading:]
	for _, s := range []string{"beta:model-b", "4.0 stars from 1 · 1 time as the winner", "alpha:model-a",
		"2.0 stars from 1 · 0 times as the winner", "1 open vote · win rate 100%", "1 open vote · win rate 0%"} {
		if !strings.Contains(apart, s) {
			t.Errorf("section apart: no %q in\n%s", s, apart)
		}
	}
}

// TestEmptyBoardSaysWhy: no votes: each board says how to get some.
func TestEmptyBoardSaysWhy(t *testing.T) {
	hs := newHarness(t, openStore(t), 80, 24)
	for key, want := range map[string]string{
		"1": "No blind chat votes yet: ctrl+b in Compare runs blind",
		"2": "No blind image votes yet: run a blind side-by-side in Image (c)",
		"3": "No blind video votes yet: vote on two finished tasks",
	} {
		if v := hs.Keys(key).view(); !strings.Contains(v, want) {
			t.Errorf("board %s: no %q in\n%s", key, want, v)
		}
	}
	hs.NoErrors()
}

// TestKindsAndClaims: 1/2/3 and tab pick the board; the digits are live
// keys only while no field is typed.
func TestKindsAndClaims(t *testing.T) {
	hs := newHarness(t, openStore(t), 80, 24)
	for _, c := range []struct {
		key  string
		kind store.VoteKind
	}{{"3", store.VoteVideo}, {"tab", store.VoteChat}, {"shift+tab", store.VoteVideo}, {"2", store.VoteImage}} {
		if hs.Keys(c.key); kinds[hs.m.kind] != c.kind || hs.m.boards.board.kind != c.kind {
			t.Errorf("%s: board %s (loaded %s), want %s", c.key, kinds[hs.m.kind], hs.m.boards.board.kind, c.kind)
		}
	}
	if !tabtest.Binds(hs.m.KeyMap(), "1") || tabtest.Binds(hs.m.KeyMap(), "4") {
		t.Error("claims: want 1–3, not 4")
	}
	hs.Keys("f")
	if tabtest.Binds(hs.m.KeyMap(), "1") || !hs.m.FieldEmpty() {
		t.Error("a digit typed in a filter field is claimed as a board")
	}
	hs.Type("2")
	if kinds[hs.m.kind] != store.VoteImage || hs.m.form.FocusedEmpty() || !strings.Contains(ansi.Strip(hs.m.form.View()), "tag 2") {
		t.Errorf("typing 2 in the tag field: board %s, fields %q", kinds[hs.m.kind], ansi.Strip(hs.m.form.View()))
	}
}

// TestReloadsWhenShownAndOnDelete: votes cast meanwhile show when the tab
// is shown; an item deleted takes its votes off the board; a late result
// of an older load is dropped.
func TestReloadsWhenShownAndOnDelete(t *testing.T) {
	db, convs := fixture(t)
	hs := newHarness(t, db, 120, 40)
	vote(t, db, convs["explain CRDTs briefly"], true, "AB", tC, tD)
	hs.Send(tab.ShownMsg{})
	if got := hs.m.boards.board.blind.Votes; got != 19 {
		t.Errorf("after a vote and ShownMsg: %d votes, want 19", got)
	}
	ref := store.ItemRef{Kind: store.KindCompare, ID: convs["a haiku about the sea"]}
	if err := db.Delete(bg, ref); err != nil {
		t.Fatal(err)
	}
	hs.Send(tab.DeletedMsg{Ref: ref})
	if got := hs.m.boards.board.blind.Votes; got != 13 {
		t.Errorf("after deleting the haiku comparison: %d votes, want 13", got)
	}

	m, older := hs.m.Update(tab.ShownMsg{})
	m, newer := m.Update(tabtest.Press("2"))
	m, _ = m.Update(unwrap(t, newer()))
	m, _ = m.Update(unwrap(t, older()))
	if m.boards.board.kind != store.VoteImage || m.boards.loading {
		t.Errorf("the older chat load replaced the image board (%s, loading %v)", m.boards.board.kind, m.boards.loading)
	}
}

// unwrap is the tab's own message inside a command's result.
func unwrap(t *testing.T, msg tea.Msg) tea.Msg {
	t.Helper()
	r, ok := msg.(tab.ResultMsg)
	if !ok || r.To != tab.Arena {
		t.Fatalf("result %#v: want one for Arena", msg)
	}
	return r.Msg
}

// TestNoStore: without a history the tab says so, and nothing breaks.
func TestNoStore(t *testing.T) {
	hs := newHarness(t, nil, 80, 24)
	if v := hs.view(); !strings.Contains(v, "no history to rank") {
		t.Errorf("no store:\n%s", v)
	}
	hs.Keys("enter", "m", "j", "pgdown")
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"atelier/client/sim/simtest"
	"atelier/cmd/atelier/internal/clitest"
	"atelier/store"
	"atelier/store/storetest"
)

// blindTargets are two targets whose every name, family and setting is a
// string found nowhere else in a comparison's output.
var blindTargets = []string{"-t", "alpha:zq-first:temperature=0.3", "-t", "beta:xv-second:top_k=7"}

// giveaways are the strings that would tell the targets apart before the
// vote: families, models, settings, and the figures' table.
var giveaways = []string{"alpha", "beta", "zq-first", "xv-second", "temperature", "top_k", "FIRST TOKEN", "TOK/S",
	"tok/s"}

// beforeVote is what a blind comparison printed before the vote revealed
// the targets.
func beforeVote(t *testing.T, stdout string) string {
	t.Helper()
	before, _, found := strings.Cut(stdout, "\nVote: ")
	if !found {
		t.Fatalf("no vote line in:\n%s", stdout)
	}
	return before
}

func TestBlindCompareHidesTargetsUntilTheVote(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	args := append(append([]string{"compare", "--blind"}, blindTargets...), "--vote", "a", "--tag", "Code", "explain CRDTs")
	r := runIn(t, svc.Env, nil, clocks{}, args...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	before := beforeVote(t, r.stdout)
	for _, g := range giveaways {
		if strings.Contains(strings.ToLower(before), strings.ToLower(g)) || strings.Contains(r.stderr, g) {
			t.Errorf("%q shown before the vote:\n%s\nstderr: %s", g, before, r.stderr)
		}
	}
	if !strings.Contains(before, "== A ==\n") || !strings.Contains(before, "== B ==\n") ||
		strings.Count(before, strings.TrimSpace(simtest.Printed("explain CRDTs"))) != 2 {
		t.Errorf("want both replies under letters A and B:\n%s", before)
	}
	// The vote reveals who was who, the figures with them.
	_, after, _ := strings.Cut(r.stdout, "\nVote: ")
	var winner string
	for _, line := range strings.Split(after, "\n") {
		if strings.HasPrefix(line, "A = ") {
			winner = strings.Fields(strings.TrimPrefix(line, "A = "))[0]
		}
	}
	if winner == "" || !strings.HasPrefix(after, winner+" better") || !strings.Contains(after, "FIRST TOKEN") ||
		!strings.Contains(after, "B = ") {
		t.Fatalf("the reveal does not name A (%q) as the winner with the figures:\n%s", winner, after)
	}
	// Recorded: the vote in history show and in the JSON export, the tag too.
	show := runIn(t, svc.Env, nil, clocks{}, "history", "show", "compare:1")
	if !strings.Contains(show.stdout, "## Votes") || !strings.Contains(show.stdout, "blind vote on prompt 1: "+winner+" better") || !strings.Contains(show.stdout, "- vote 1 · ") ||
		!strings.Contains(show.stdout, "Tags: code") {
		t.Errorf("history show lacks the vote or tag:\n%s", show.stdout)
	}
	js := runIn(t, svc.Env, nil, clocks{}, "history", "show", "--json", "compare:1")
	var doc struct {
		Votes []struct {
			Verdict string
			Blind   bool
			Shown   []struct{ Letter, Target string }
		}
	}
	if err := json.Unmarshal([]byte(js.stdout), &doc); err != nil || len(doc.Votes) != 1 || doc.Votes[0].Verdict != "AB" ||
		!doc.Votes[0].Blind || doc.Votes[0].Shown[0].Target != winner {
		t.Errorf("JSON export's votes %+v (%v)", doc.Votes, err)
	}
	// Withdrawn, it leaves the board but stays in the history, marked.
	defer func() {
		w := runIn(t, svc.Env, nil, clocks{}, "vote", "withdraw", "1")
		if w.code != 0 || w.stdout != "vote 1 withdrawn\n" {
			t.Fatalf("withdraw: exit %d %q %q", w.code, w.stdout, w.stderr)
		}
		if again := runIn(t, svc.Env, nil, clocks{}, "vote", "withdraw", "1"); again.code != 1 || !strings.Contains(again.stderr, "already withdrawn") {
			t.Errorf("withdrawing twice: exit %d %q", again.code, again.stderr)
		}
		if lb := runIn(t, svc.Env, nil, clocks{}, "leaderboard"); !strings.Contains(lb.stdout, "No blind chat votes yet") {
			t.Errorf("a withdrawn vote still ranks:\n%s", lb.stdout)
		}
		if show := runIn(t, svc.Env, nil, clocks{}, "history", "show", "compare:1"); !strings.Contains(show.stdout, "· withdrawn ") {
			t.Errorf("history show does not mark the withdrawn vote:\n%s", show.stdout)
		}
	}()
	// And it ranks: the winner first on the board.
	lb := runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--json")
	var board struct {
		Entries []struct {
			Target string
			Votes  int
		}
	}
	if err := json.Unmarshal([]byte(lb.stdout), &board); err != nil || len(board.Entries) != 2 ||
		board.Entries[0].Target != winner || board.Entries[0].Votes != 1 {
		t.Errorf("leaderboard after one vote: %+v (%v) %s", board, err, lb.stderr)
	}
}

func TestBlindCompareWithoutAVoteIsKeptUnvoted(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	r := runIn(t, svc.Env, nil, clocks{}, append(append([]string{"compare", "--blind"}, blindTargets...), "hello")...)
	if r.code != 0 || !strings.Contains(r.stderr, "not voted") || !strings.Contains(r.stderr, "unvoted, as compare:1") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	for _, g := range giveaways {
		if strings.Contains(r.stdout, g) {
			t.Errorf("%q shown though no vote revealed the targets:\n%s", g, r.stdout)
		}
	}
	db := storetest.Open(t, clitest.DataDir(svc.Env))
	blind, err := db.RanBlind(context.Background(), 1, 0)
	db.Close()
	if err != nil || !blind {
		t.Errorf("the unvoted comparison is not marked blind (%v): the Compare tab would open it named", err)
	}
	lb := runIn(t, svc.Env, nil, clocks{}, "leaderboard")
	if !strings.Contains(lb.stdout, "No blind chat votes yet") {
		t.Errorf("leaderboard: %s", lb.stdout)
	}
}

func TestBlindCompareFlagsChecked(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--vote", "a"}, "--vote: only with --blind"},
		{[]string{"--blind", "--json"}, "--blind: not with --json"},
		{[]string{"--blind", "--vote", "c"}, "--vote: verdict \"c\""},
		{[]string{"--blind", "--vote", "ab", "--tag", "a,b"}, "--tag"},
	} {
		args := append(append(append([]string{"compare"}, blindTargets...), c.args...), "x")
		r := runIn(t, svc.Env, nil, clocks{}, args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	if n := svc.Hits.Load(); n != 0 {
		t.Errorf("%d requests sent for commands that were wrong from the start", n)
	}
}

func TestBlindRankingOfThreeAndFailedTarget(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	// gamma fails with a 500 on every try: its error names it, so it waits
	// for the reveal too.
	env := svc.WithConfig(t, "[headers.gamma]\nX-Sim-Fault = \"500\"\n")
	r := runIn(t, env, nil, clocks{}, "compare", "--blind", "-t", "alpha:zq-first", "-t", "beta:xv-second",
		"-t", "gamma:wy-third", "--vote", "cab", "hi")
	if r.code != 1 || !strings.Contains(r.stderr, "1 of 3 targets failed") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	before := beforeVote(t, r.stdout)
	if strings.Contains(before, "gamma") || strings.Contains(before, "wy-third") || !strings.Contains(before, "the error is shown after the vote") {
		t.Errorf("the failed target is named, or its failure not said, before the vote:\n%s", before)
	}
	_, after, _ := strings.Cut(r.stdout, "\nVote: ")
	if strings.Count(strings.SplitN(after, "\n", 2)[0], " > ") != 2 {
		t.Errorf("a ranking of three should read X > Y > Z: %q", after)
	}
}

// A model that writes its own name gives itself away: the reply is left as
// it is and marked.
func TestBlindCompareMarksSelfNamingReplies(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	// The simulator's reply begins "Notes on <the prompt's words>".
	r := runIn(t, svc.Env, nil, clocks{}, "compare", "--blind", "-t", "alpha:zetanine", "-t", "beta:other",
		"--vote", "t", "zetanine facts")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	before := beforeVote(t, r.stdout)
	if strings.Count(before, "(this reply may name its model)") != 2 || !strings.Contains(before, "zetanine facts") {
		t.Errorf("both replies name zetanine and should be marked, their text kept:\n%s", before)
	}
	r = runIn(t, svc.Env, nil, clocks{}, "compare", "--blind", "-t", "alpha:zetanine", "-t", "beta:other",
		"--vote", "t", "plain facts")
	if strings.Contains(r.stdout, "may name its model") {
		t.Errorf("a reply naming no model was marked:\n%s", r.stdout)
	}
}

// The leaderboard after 200 generated votes: blind votes ranked in the
// order of the strengths that drew them, open votes apart, the filters.
func TestLeaderboardAfterManyVotes(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	home := clitest.Lookup(svc.Env)("ATELIER_HOME")
	db := storetest.Open(t, home)
	ctx := context.Background()
	conv, err := db.NewConversation(ctx, store.KindCompare, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.SetTags(ctx, store.ItemRef{Kind: store.KindCompare, ID: conv}, []string{"code"}); err != nil {
		t.Fatal(err)
	}
	other, _ := db.NewConversation(ctx, store.KindCompare, "")
	// Four targets; the lower index wins 3 in 4 of its votes.
	names := []string{"alpha:strong", "alpha:good", "beta:fair", "beta:weak"}
	pairs := [][2]int{{0, 1}, {2, 3}, {0, 2}, {1, 3}, {0, 3}, {1, 2}}
	for k := range 200 {
		better, worse := pairs[k%6][0], pairs[k%6][1]
		verdict := "AB"
		if (k/6)%4 == 3 {
			verdict = "BA"
		}
		v := store.Vote{Kind: store.VoteChat, ConversationID: conv, Verdict: verdict, Blind: true, Targets: []store.VoteTarget{
			{Letter: "A", Lane: 0, Family: strings.Split(names[better], ":")[0], Target: names[better]},
			{Letter: "B", Lane: 1, Family: strings.Split(names[worse], ":")[0], Target: names[worse]}}}
		if k%10 == 0 {
			v.ConversationID = other // untagged
		}
		if _, err := db.RecordVote(ctx, v); err != nil {
			t.Fatal(err)
		}
	}
	// Stars given in an open comparison: shown apart, never fitted.
	if err := db.SetLane(ctx, store.Lane{ConversationID: conv, Lane: 0, Family: "beta", Model: "weak",
		SettingsJSON: []byte(`{"temperature":0.5}`), Rating: 5, Winner: true}); err != nil {
		t.Fatal(err)
	}
	open := store.Vote{Kind: store.VoteChat, ConversationID: conv, Verdict: "BA", Targets: []store.VoteTarget{
		{Letter: "A", Family: "alpha", Target: "alpha:strong"}, {Letter: "B", Family: "alpha", Target: "alpha:open-only"}}}
	if _, err := db.RecordVote(ctx, open); err != nil {
		t.Fatal(err)
	}
	db.Close()

	board := func(args ...string) leaderboard {
		t.Helper()
		r := runIn(t, svc.Env, nil, clocks{}, append([]string{"leaderboard", "--json"}, args...)...)
		var lb leaderboard
		if err := json.Unmarshal([]byte(r.stdout), &lb); r.code != 0 || err != nil {
			t.Fatalf("%v: exit %d, %v, %s", args, r.code, err, r.stderr)
		}
		return lb
	}
	lb := board()
	var order []string
	for _, e := range lb.Entries {
		order = append(order, e.Target)
	}
	if fmt.Sprint(order) != fmt.Sprint(names) || lb.Votes != 200 || len(lb.HeadToHead) != 4 {
		t.Errorf("board %v over %d votes, want %v over 200 with a 4×4 matrix", order, lb.Votes, names)
	}
	if len(lb.Open) != 2 || lb.Open[0].Target != "alpha:open-only" || lb.Open[0].Votes != 1 {
		t.Errorf("open votes apart: %+v", lb.Open)
	}
	for _, e := range lb.Entries {
		if e.Target == "alpha:open-only" {
			t.Error("a target only voted on openly entered the fit")
		}
	}
	if len(lb.Rated) != 1 || lb.Rated[0].Target != "beta:weak:temperature=0.5" || lb.Rated[0].Stars != 5 || lb.Rated[0].Wins != 1 {
		t.Errorf("open ratings apart: %+v", lb.Rated)
	}
	if got := board("--tag", "code").Votes; got != 180 {
		t.Errorf("--tag code: %d votes, want the 180 on the tagged comparison", got)
	}
	if got := board("--family", "alpha"); len(got.Entries) != 2 || got.Entries[0].Target != "alpha:strong" {
		t.Errorf("--family alpha: %+v", got.Entries)
	}
	if got := board("--kind", "image").Votes; got != 0 {
		t.Errorf("--kind image: %d votes", got)
	}
	if got := board("--since", "2999-01-01").Votes; got != 0 {
		t.Errorf("--since the future: %d votes", got)
	}

	text := runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--rounds", "200")
	for _, want := range []string{"Chat arena · 200 blind votes · 95% intervals from 200 bootstrap rounds",
		"RANK  TARGET", "1–2   alpha:strong", "Statistically tied (intervals overlap): alpha:strong, alpha:good", "Open votes (names shown; not in the scores):",
		"Ratings given with the names shown (not in the scores):", "beta:weak:temperature=0.5  5.0 stars from 1  1 times the winner"} {
		if !strings.Contains(text.stdout, want) {
			t.Errorf("leaderboard text lacks %q:\n%s", want, text.stdout)
		}
	}
	bad := runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--kind", "audio")
	if bad.code != 2 || !strings.Contains(bad.stderr, "--kind \"audio\"") {
		t.Errorf("--kind audio: exit %d %s", bad.code, bad.stderr)
	}
}

package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"atelier/client/sim/simtest"
	"atelier/cmd/atelier/internal/clitest"
	"atelier/store"
	"atelier/store/storetest"
)

// The board split by tag: X beats Y on the code prompts and loses to it
// on the poetry ones, 30 votes each; the chat board carries the
// style-controlled fit from the replies' text, and --by-tag names the
// flip.
func TestLeaderboardStyleAndFlipsByTag(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	db := storetest.Open(t, clitest.Lookup(svc.Env)("ATELIER_HOME"))
	ctx := context.Background()
	for _, c := range []struct{ tag, verdict string }{{"code", "AB"}, {"poetry", "BA"}} {
		conv, err := db.NewConversation(ctx, store.KindCompare, c.tag)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.SetTags(ctx, store.ItemRef{Kind: store.KindCompare, ID: conv}, []string{c.tag}); err != nil {
			t.Fatal(err)
		}
		for lane, text := range []string{"# X\n\n- **a**\n- b\n", "y, plainly and at more length than x"} {
			if _, err := db.AddMessage(ctx, store.Message{ConversationID: conv, Lane: lane, Role: store.RoleAssistant,
				Text: text, Usage: store.Usage{OutputTokens: int64(10 * (lane + 1))}}); err != nil {
				t.Fatal(err)
			}
		}
		for range 30 {
			v := store.Vote{Kind: store.VoteChat, ConversationID: conv, Verdict: c.verdict, Blind: true, Targets: []store.VoteTarget{
				{Letter: "A", Lane: 0, Family: "alpha", Target: "alpha:x"},
				{Letter: "B", Lane: 1, Family: "alpha", Target: "alpha:y"}}}
			if _, err := db.RecordVote(ctx, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	db.Close()

	r := runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--json", "--rounds", "100")
	var lb leaderboard
	if err := json.Unmarshal([]byte(r.stdout), &lb); r.code != 0 || err != nil {
		t.Fatalf("exit %d, %v, %s", r.code, err, r.stderr)
	}
	if lb.Style == nil || len(lb.Style.Entries) != 2 || len(lb.Style.Coefficients) != 4 || lb.Style.Coefficients[0].Feature != "length" {
		t.Fatalf("style fit %+v: want both targets and four coefficients", lb.Style)
	}
	if e := lb.Entries[0]; e.RankBest != 1 || e.RankWorst != 2 || e.Group != 1 || lb.Entries[1].Group != 1 {
		t.Errorf("entries %+v: 30 wins each way want a tie for 1–2", lb.Entries)
	}
	text := runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--rounds", "100").stdout
	for _, want := range []string{"STYLE-CONTROLLED", "length is worth 0 points per doubling", "list items is worth", "even so far: no number of votes would settle it"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}

	r = runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--by-tag", "--json", "--rounds", "100")
	var split tagBoards
	if err := json.Unmarshal([]byte(r.stdout), &split); r.code != 0 || err != nil {
		t.Fatalf("--by-tag: exit %d, %v, %s", r.code, err, r.stderr)
	}
	if len(split.Tags) != 2 || split.Tags[0].Tag != "code" || split.Tags[0].Board.Votes != 30 {
		t.Errorf("--by-tag boards %+v: want code and poetry, 30 votes each", split.Tags)
	}
	want := "alpha:x ahead of alpha:y on code, behind on poetry"
	if len(split.Flips) != 1 || split.Flips[0].A != "alpha:x" || split.Flips[0].AheadOn != "code" {
		t.Errorf("flips %+v: want %s", split.Flips, want)
	}
	if text := runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--by-tag", "--rounds", "100").stdout; !strings.Contains(text, want) {
		t.Errorf("--by-tag text lacks %q:\n%s", want, text)
	}
	if bad := runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--by-tag", "--tag", "code"); bad.code != 2 || !strings.Contains(bad.stderr, "--by-tag and --tag") {
		t.Errorf("--by-tag with --tag: exit %d %s", bad.code, bad.stderr)
	}
}

package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"atelier/batch/judge"
	"atelier/client/sim/simtest"
	"atelier/store"
	"atelier/store/storetest"
)

// judgedComparisons records blind votes on comparisons whose replies
// script the simulator's judge: two it agrees with (one tagged code), one
// it does not.
func judgedComparisons(t *testing.T, home string) {
	t.Helper()
	db := storetest.Open(t, home)
	ctx := context.Background()
	for i, c := range []struct{ a, b, verdict, tag string }{
		{"one [[pick:me]]", "two", "AB", "code"},
		{"one", "two [[pick:me]]", "BA", ""},
		{"one [[pick:me]]", "two", "BA", ""},
	} {
		conv, err := db.NewConversation(ctx, store.KindCompare, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []store.Message{{ConversationID: conv, Role: store.RoleUser, Text: "prompt " + string(rune('a'+i))},
			{ConversationID: conv, Lane: 0, Role: store.RoleAssistant, Text: c.a},
			{ConversationID: conv, Lane: 1, Role: store.RoleAssistant, Text: c.b}} {
			if _, err := db.AddMessage(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		if c.tag != "" {
			if err := db.SetTags(ctx, store.ItemRef{Kind: store.KindCompare, ID: conv}, []string{c.tag}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.RecordVote(ctx, store.Vote{Kind: store.VoteChat, ConversationID: conv, Verdict: c.verdict, Blind: true,
			Targets: []store.VoteTarget{{Letter: "A", Lane: 0, Family: "alpha", Target: "alpha:x"},
				{Letter: "B", Lane: 1, Family: "beta", Target: "beta:y"}}}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestJudgeCalibrate(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	judgedComparisons(t, svc.Home)

	if r := atelier(t, svc.Env, "", "judge", "calibrate"); r.code != 2 || !strings.Contains(r.stderr, "no judge: --judge FAMILY:MODEL") {
		t.Errorf("no judge: exit %d %s", r.code, r.stderr)
	}
	r := atelier(t, svc.Env, "", "judge", "calibrate", "--judge", "alpha:m1", "--tag", "code", "--json")
	var c judge.Calibration
	if err := json.Unmarshal([]byte(r.stdout), &c); r.code != 0 || err != nil {
		t.Fatalf("--tag code: exit %d, %v: %s", r.code, err, r.stderr)
	}
	if c.Votes != 1 || c.Asked != 1 || c.Agreement.Agree != 1 || c.Judge != "alpha:m1" {
		t.Errorf("--tag code: %+v: want the one tagged vote, agreed", c)
	}
	before := svc.Hits.Load()
	r = atelier(t, svc.Env, "", "judge", "calibrate", "--judge", "alpha:m1")
	for _, want := range []string{"Judge alpha:m1 against your blind chat votes", "agrees with you on 67% of 3 votes",
		"Cohen's kappa", "inconsistent (the pick changed with the order; counted as a tie): 0% (0 of 3)", "asked about 2 votes this time"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("calibrate lacks %q:\n%s%s", want, r.stdout, r.stderr)
		}
	}
	if calls := svc.Hits.Load() - before; calls != 4 {
		t.Errorf("%d calls, want 4: two votes not yet judged, both orders", calls)
	}
	before = svc.Hits.Load()
	if r = atelier(t, svc.Env, "", "judge", "calibrate", "--judge", "alpha:m1", "--no-ask"); !strings.Contains(r.stdout, "of 3 votes") || svc.Hits.Load() != before {
		t.Errorf("--no-ask: %s (%d calls)", r.stdout, svc.Hits.Load()-before)
	}
}

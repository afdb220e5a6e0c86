package judge

import (
	"context"
	"math"
	"testing"

	"atelier/store"
)

// votedComparison records a comparison of prompt with the two replies,
// lane 0 shown as A, and the person's blind verdict on it.
func votedComparison(t *testing.T, db *store.Store, prompt, a, b, verdict string) {
	t.Helper()
	ctx := context.Background()
	conv, err := db.NewConversation(ctx, store.KindCompare, prompt)
	if err != nil {
		t.Fatal(err)
	}
	msgs := []store.Message{{ConversationID: conv, Role: store.RoleUser, Text: prompt},
		{ConversationID: conv, Lane: 0, Role: store.RoleAssistant, Text: a},
		{ConversationID: conv, Lane: 1, Role: store.RoleAssistant, Text: b}}
	for _, m := range msgs {
		if _, err := db.AddMessage(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	_, err = db.RecordVote(ctx, store.Vote{Kind: store.VoteChat, ConversationID: conv, Verdict: verdict, Blind: true,
		Targets: []store.VoteTarget{{Letter: "A", Lane: 0, Family: "alpha", Target: "alpha:x"},
			{Letter: "B", Lane: 1, Family: "beta", Target: "beta:y"}}})
	if err != nil {
		t.Fatal(err)
	}
}

// The judge against five blind votes, scripted through the simulator: it
// agrees on two picks, disagrees on one, is inconsistent on one (a tie,
// as the person's) and ties where the person chose. By hand: person B, A,
// B, tie, A; judge B, A, A, tie, tie. Agreement 3/5; the person's labels
// A 2, B 2, tie 1, the judge's A 2, B 1, tie 2: p_e = (4 + 2 + 2)/25 =
// 0.32, κ = (0.6 − 0.32)/0.68 = 0.411765; 1 of 5 inconsistent.
func TestCalibrateAgainstTheSimulator(t *testing.T) {
	j, db := newJudge(t)
	votedComparison(t, db, "p1", "one", "two [[pick:me]]", "BA")
	votedComparison(t, db, "p2", "one [[pick:me]]", "two", "AB")
	votedComparison(t, db, "p3", "one [[pick:me]]", "two", "BA")
	votedComparison(t, db, "p4 [[pick:first]]", "one", "two", store.VerdictTie)
	votedComparison(t, db, "p5", "one", "two", "AB")
	ctx := context.Background()
	check := func(c Calibration, asked int) {
		t.Helper()
		if c.Votes != 5 || c.Asked != asked || c.Unjudged != 0 || c.Inconsistent != 1 || c.InconsistentShare != 0.2 ||
			c.Agreement.Agree != 0.6 || c.Agreement.Kappa == nil || math.Abs(*c.Agreement.Kappa-0.28/0.68) > 1e-9 {
			t.Errorf("calibration %+v (kappa %v): want 5 votes, %d asked, agree 0.6, κ 0.4118, 1 inconsistent", c, c.Agreement.Kappa, asked)
		}
	}
	c, err := Calibrate(ctx, db, j, j.Name(), store.VoteFilter{})
	if err != nil {
		t.Fatal(err)
	}
	check(c, 5)
	// Again: every vote has its verdict; nothing is asked, the figures stay.
	c, err = Calibrate(ctx, db, j, j.Name(), store.VoteFilter{})
	if err != nil {
		t.Fatal(err)
	}
	check(c, 0)
	// Without a judge: the kept verdicts only.
	if c, err = Calibrate(ctx, db, nil, j.Name(), store.VoteFilter{}); err != nil {
		t.Fatal(err)
	}
	check(c, 0)
	// Another judge has seen nothing.
	if c, _ = Calibrate(ctx, db, nil, "beta:other", store.VoteFilter{}); c.Votes != 0 || c.Unjudged != 5 {
		t.Errorf("another judge: %+v, want 5 unjudged", c)
	}
}

// A judge whose replies are out of format judges nothing: the votes stay
// unjudged and the first error says why.
func TestCalibrateMalformed(t *testing.T) {
	j, db := newJudge(t)
	votedComparison(t, db, "p [[pick:malformed]]", "one", "two", "AB")
	c, err := Calibrate(context.Background(), db, j, j.Name(), store.VoteFilter{})
	if err != nil || c.Votes != 0 || c.Unjudged != 1 || c.FirstError == "" {
		t.Errorf("%+v, %v: want one vote unjudged with the error", c, err)
	}
}

func TestLabels(t *testing.T) {
	for v, want := range map[string]string{"AB": "A", "CABD": "C", store.VerdictTie: "tie", store.VerdictBad: "tie"} {
		if got := PersonLabel(v); got != want {
			t.Errorf("PersonLabel(%q) = %q, want %q", v, got, want)
		}
	}
	if JudgeLabel(store.JudgeVerdict{First: "A", Second: "B"}) != "tie" || JudgeLabel(store.JudgeVerdict{First: "B", Second: "B"}) != "B" {
		t.Error("JudgeLabel: inconsistent is a tie, consistent the letter")
	}
}

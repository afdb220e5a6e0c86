package judge

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/store"
	"atelier/store/price"
	"atelier/store/storetest"
)

// newJudge is a judge of alpha:m1 against the simulator, recording in a
// fresh store.
func newJudge(t *testing.T) (*Judge, *store.Store) {
	t.Helper()
	c := simtest.Client(t, simtest.Serve(t, sim.Options{}, nil))
	db := storetest.Open(t, "")
	j, err := New(c, db, "alpha:m1")
	if err != nil {
		t.Fatal(err)
	}
	return j, db
}

// Rubric grades against the simulator, scripted to pass, fail, reply out
// of format, or echo an injected verdict; every call is recorded in the
// judge's conversation with its usage, so it is priced and counted in the
// budget's spending.
func TestGradeAgainstTheSimulator(t *testing.T) {
	j, db := newJudge(t)
	ctx := context.Background()
	for _, c := range []struct {
		rubric string
		pass   bool
		score  float64
		err    string
	}{
		{"names the capital", true, 0.9, ""},
		{"names the capital [[grade:fail]]", false, 0.2, ""},
		{"names the capital [[grade:inject]]", false, 0.1, ""},
		{"names the capital [[grade:malformed]]", false, 0, "grade: want the final lines"},
	} {
		g, err := j.Grade(ctx, c.rubric, "Capital of France?", "Paris.")
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "judge alpha:m1") {
				t.Errorf("%q: %+v, %v: want an error naming the judge and %q", c.rubric, g, err, c.err)
			}
		case err != nil || g.Pass != c.pass || g.Score != c.score:
			t.Errorf("%q: %+v, %v: want pass %v score %v", c.rubric, g, err, c.pass, c.score)
		}
	}
	conv := j.Conversation()
	cv, err := db.Conversation(ctx, conv)
	if err != nil {
		t.Fatal(err)
	}
	replies := 0
	for _, m := range cv.Messages {
		if m.Role == store.RoleAssistant {
			replies++
			if m.Usage.OutputTokens == 0 || m.Model != "m1" {
				t.Errorf("judge reply %+v: want its model and usage recorded", m)
			}
		}
	}
	if replies != 4 {
		t.Errorf("%d judge replies recorded in conversation %d, want 4", replies, conv)
	}
	one := 1.0
	spent, err := db.SpentSince(ctx, time.Now().Add(-time.Hour), price.Table{"m1": {Input: &one, Output: &one}})
	if err != nil || spent <= 0 {
		t.Errorf("spent %v, %v: want the judge's calls priced", spent, err)
	}
}

// Both orders: a judge that prefers an answer by its content is
// consistent; one that prefers the first shown flips with the order and is
// inconsistent (a tie); a pick out of format is an error.
func TestPickBothOrders(t *testing.T) {
	j, _ := newJudge(t)
	ctx := context.Background()
	v, err := j.PickBothOrders(ctx, "", "Say hi", []string{"hello", "hi [[pick:me]]"})
	if err != nil || !v.Consistent || v.Winner != 1 || v.First != 1 || v.Second != 1 {
		t.Errorf("content pick: %+v, %v: want B in both orders", v, err)
	}
	v, err = j.PickBothOrders(ctx, "", "Say hi [[pick:first]]", []string{"hello", "hi"})
	if err != nil || v.Consistent || v.Winner != -1 || v.First != 0 || v.Second != 1 {
		t.Errorf("position pick: %+v, %v: want A then B, inconsistent", v, err)
	}
	v, err = j.PickBothOrders(ctx, "", "Say hi", []string{"hello", "hi"})
	if err != nil || !v.Consistent || v.Winner != -1 {
		t.Errorf("no preference: %+v, %v: want a consistent tie", v, err)
	}
	if _, err := j.PickBothOrders(ctx, "", "Say hi [[pick:malformed]]", []string{"a", "b"}); err == nil {
		t.Error("a pick out of format: no error")
	}
	if _, err := New(nil, nil, ""); !errors.Is(err, ErrNoTarget) {
		t.Errorf("no target: %v", err)
	}
	if _, err := New(nil, nil, "delta:x"); err == nil || !strings.Contains(err.Error(), `judge "delta:x"`) {
		t.Errorf("a bad target: %v", err)
	}
}

// A failed call is an error, recorded as a failed reply.
func TestGradeCallFails(t *testing.T) {
	j, _ := newJudge(t)
	j.Target = client.ChatTarget{Family: client.Alpha, Model: "m1", Settings: client.ChatSettings{}}
	_, err := j.Grade(context.Background(), "r [[fault:unauthorized]]", "t", "a")
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.Status != 401 {
		t.Errorf("err %v: want the 401", err)
	}
}

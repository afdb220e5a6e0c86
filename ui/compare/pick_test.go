package compare

import (
	"context"
	"strings"
	"testing"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// judged is a harness whose run of prompt on two targets has ended, with
// alpha:judge as Settings' judge.
func judged(t *testing.T, prompt string, s *store.Settings) *harness {
	t.Helper()
	h := newHarness(t, newService(t).client(t))
	s.Arena.Judge = "alpha:judge"
	h.Send(tab.SettingsMsg{Settings: s})
	h.m.targets, h.m.prompt = targets(t, "alpha:a", "beta:b"), prompt
	h.Keys("ctrl+r")
	if !h.m.run.allEnded() {
		t.Fatalf("the run did not end:\n%s", h.view())
	}
	return h
}

// J asks the judge in both orders: a judge that picks whatever is shown
// first flips with the order and is shown as inconsistent; one with no
// preference is a tie in both; its calls are recorded in history.
func TestJudgeKeyBothOrders(t *testing.T) {
	t.Parallel()
	h := judged(t, "say hi [[pick:first]]", &store.Settings{})
	h.Keys("J")
	p := h.m.run.pick
	if p == nil || p.asking || p.verdict.Consistent || p.verdict.First != 0 || p.verdict.Second != 1 {
		t.Fatalf("pick %+v: want column 1 shown first, column 2 reversed, inconsistent", p)
	}
	if v := h.view(); strings.Count(v, "judge: inconsistent") != 2 {
		t.Errorf("the columns do not say inconsistent:\n%s", v)
	}
	if ns := h.Notices(); len(ns) == 0 || !strings.Contains(ns[len(ns)-1], "judge alpha:judge: inconsistent: column 1 in the order shown, column 2 reversed") {
		t.Errorf("notices %q", ns)
	}
	convs, err := h.db.Conversations(context.Background(), store.ConversationQuery{Kind: store.KindChat})
	if err != nil || len(convs) != 1 || !strings.HasPrefix(convs[0].Title, "judge of a comparison: say hi") {
		t.Errorf("judge conversations %+v, %v: want one with its two calls", convs, err)
	}

	h = judged(t, "say hi", &store.Settings{})
	h.Keys("J")
	if p := h.m.run.pick; p == nil || !p.verdict.Consistent || p.verdict.Winner != -1 || strings.Count(h.view(), "judge: a tie") != 2 {
		t.Errorf("no preference: %+v:\n%s", p, h.view())
	}
}

// Without a judge in Settings J says how to choose one; a judge whose two
// calls pass the budget asks first, and n sends nothing.
func TestJudgeKeyNeedsAJudgeAndTheBudget(t *testing.T) {
	t.Parallel()
	h := judged(t, "say hi", &store.Settings{})
	h.Send(tab.SettingsMsg{Settings: &store.Settings{}})
	h.Keys("J")
	if ns := h.Notices(); len(ns) == 0 || !strings.Contains(ns[len(ns)-1], "no judge target: set one in Settings (arena.judge)") {
		t.Errorf("no judge: notices %q", ns)
	}
	h = judged(t, "say hi", &store.Settings{
		Prices: price.Table{"judge": {Input: tabtest.Float(1000), Output: tabtest.Float(1000)}},
		Budget: price.Budget{Run: tabtest.Float(0.01)},
	})
	h.Keys("J")
	if v := h.view(); !strings.Contains(v, "judge: the estimate") || !strings.Contains(v, "Run it anyway?") {
		t.Fatalf("no question:\n%s", v)
	}
	h.Keys("n")
	if h.m.run.pick != nil {
		t.Errorf("the judge was asked after no: %+v", h.m.run.pick)
	}
}

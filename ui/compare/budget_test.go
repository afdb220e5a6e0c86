package compare

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// budgeted is the harness of a service that counts the chat requests it
// gets, the tab's two targets priced and a budget of one cent a run; the
// prompt's estimate is 2,000 tokens out at $10 a million on each target: $0.04.
func budgeted(t *testing.T) (*harness, *atomic.Int32) {
	t.Helper()
	svc := newService(t)
	var sent atomic.Int32
	svc.hold = func(r *http.Request, _ []byte) {
		if r.Method == http.MethodPost {
			sent.Add(1)
		}
	}
	h := newHarness(t, svc.client(t))
	s := &store.Settings{
		Prices: price.Table{"a": {Input: tabtest.Float(1), Output: tabtest.Float(10)}, "b": {Input: tabtest.Float(1), Output: tabtest.Float(10)}},
		Budget: price.Budget{Run: tabtest.Float(0.01)},
	}
	h.Send(tab.SettingsMsg{Settings: s})
	h.m.targets, h.m.prompt = targets(t, "alpha:a:max_tokens=2000", "beta:b:max_tokens=2000"), "hello"
	return h, &sent
}

// TestGuardNoSendsNothing: a run whose estimate passes the budget asks
// first; while it asks, other keys answer nothing; n sends nothing (the
// service's counter proves it) and says so.
func TestGuardNoSendsNothing(t *testing.T) {
	h, sent := budgeted(t)
	if v := h.view(); !strings.Contains(v, "next run estimate 0.04") {
		t.Errorf("no estimate with the targets:\n%s", v)
	}
	h.Keys("ctrl+r")
	if v := h.view(); !strings.Contains(v, "comparison: the estimate 0.04 passes the budget") || !strings.Contains(v, "Run it anyway?  y run anyway · n do not run") {
		t.Fatalf("no question:\n%s", v)
	}
	h.Keys("a", "ctrl+r", "n")
	if n := sent.Load(); n != 0 || len(h.m.run.lanes) != 0 || h.m.mode != browsing {
		t.Fatalf("%d requests, %d columns, mode %d after no", n, len(h.m.run.lanes), h.m.mode)
	}
	if ns := h.Notices(); len(ns) == 0 || !strings.Contains(ns[len(ns)-1], "nothing was sent") {
		t.Errorf("notices %q", ns)
	}
	if strings.Contains(h.view(), "Run it anyway") {
		t.Error("still asking")
	}
}

// TestGuardYesSends: y sends the run kept, to every target.
func TestGuardYesSends(t *testing.T) {
	h, sent := budgeted(t)
	h.Keys("ctrl+r", "y")
	h.NoErrors()
	if n := sent.Load(); n != 2 || len(h.m.run.lanes) != 2 || h.m.run.running() {
		t.Fatalf("%d requests, %d columns", n, len(h.m.run.lanes))
	}
	for _, l := range h.m.run.lanes {
		if l.state != done {
			t.Errorf("%s: state %d (%s)", l.target.Model, l.state, l.err)
		}
	}
}

// TestGuardFitsSendsAtOnce: under the budget, ctrl+r sends without a
// question; the editor shows the estimate of what is typed.
func TestGuardFitsSendsAtOnce(t *testing.T) {
	h, sent := budgeted(t)
	h.m.targets = targets(t, "alpha:a:max_tokens=100", "beta:b:max_tokens=100")
	h.Keys("e")
	if v := h.view(); !strings.Contains(tabtest.Line(v, "Prompt"), "estimate 0.002") {
		t.Errorf("the editor shows no estimate:\n%s", v)
	}
	h.Keys("enter")
	if n := sent.Load(); n != 2 || strings.Contains(h.view(), "Run it anyway") {
		t.Fatalf("%d requests", n)
	}
}

// TestGuardCountsTheDefaultMaxTokens is issue 30's case (item 7): targets
// with no max_tokens set, output at 15 a million, a run budget of 0.001:
// alpha sends max_tokens 4096, so the run is estimated at 0.06 and asks.
func TestGuardCountsTheDefaultMaxTokens(t *testing.T) {
	h, sent := budgeted(t)
	s := &store.Settings{Prices: price.Table{"*": {Input: tabtest.Float(0), Output: tabtest.Float(15)}}, Budget: price.Budget{Run: tabtest.Float(0.001)}}
	h.Send(tab.SettingsMsg{Settings: s})
	h.m.targets = targets(t, "alpha:a", "beta:b", "gamma:c")
	h.Keys("ctrl+r")
	if v := h.view(); !strings.Contains(v, "comparison: the estimate 0.06") || !strings.Contains(v, "Run it anyway?") {
		t.Fatalf("ran past the budget without asking:\n%s", v)
	}
	if n := sent.Load(); n != 0 {
		t.Fatalf("%d requests sent before the answer", n)
	}
}

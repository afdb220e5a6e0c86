package video

import (
	"strings"
	"testing"

	"atelier/client/sim"
	"atelier/store"
	"atelier/store/price"
)

// budgeted is a tab on the rig with videoa priced at $0.10 a second and
// a budget of run dollars a run.
func budgeted(t *testing.T, r *rig, run float64) *harness {
	t.Helper()
	s := &store.Settings{Prices: testPrices(), Budget: price.Budget{Run: &run}}
	return r.harnessWith(t, Options{Settings: s})
}

// TestFormShowsTheEstimate: the header shows what the request will cost,
// following the duration typed; with no prices, no estimate at all.
func TestFormShowsTheEstimate(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := budgeted(t, r, 100)
	h.endpoint("videoa/q3/text-to-video/turbo")
	// videoa q3's default duration is 5 s: 0.5 at 0.1 a second; 8 s, 0.8.
	if l := h.line("Endpoint"); !strings.HasSuffix(l, "estimate 0.5") {
		t.Fatalf("header %q: want the estimate of the default 5 s", l)
	}
	h.to("duration").Keys("backspace").Type("8")
	if l := h.line("Endpoint"); !strings.HasSuffix(l, "estimate 0.8") {
		t.Errorf("header %q: want the estimate to follow the duration (%s)", l, h.m.form.Text("duration"))
	}
	bare := newHarness(t, Options{Store: r.st})
	if strings.Contains(bare.view(), "estimate") {
		t.Errorf("no prices, yet an estimate:\n%s", bare.view())
	}
}

// TestBudgetGuardAsksBeforeSending: over the budget, the form asks; no
// sends nothing (the simulator's count proves it), yes sends the task.
func TestBudgetGuardAsksBeforeSending(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := budgeted(t, r, 0.25)
	h.endpoint("videoa/q1/text-to-video")
	h.to("prompt").Type("a lighthouse in fog").Keys("enter")
	if !h.m.out.guard.Asking() || !strings.Contains(h.view(), "Run it anyway?  y run anyway · n do not run") {
		t.Fatalf("over the budget, no question:\n%s", h.view())
	}
	if !h.m.Focused() {
		t.Error("while asking, the tab must own y and n")
	}
	h.Keys("x", "enter") // a stray key, a second submit: still asking, nothing sent
	if !h.m.out.guard.Asking() || len(r.submissions()) != 0 {
		t.Fatalf("a stray key answered: asking %v, %d sent", h.m.out.guard.Asking(), len(r.submissions()))
	}
	h.Keys("n")
	if n := len(r.submissions()); n != 0 || len(h.m.tasks.Items()) != 0 {
		t.Fatalf("refused, yet %d sent and %d tasks", n, len(h.m.tasks.Items()))
	}
	// The two stray keys were told which keys answer (issue 30).
	if n := h.Notices(); len(n) != 3 || n[0] != "answer y or n" || n[2] != "video task: not run; nothing was sent" {
		t.Errorf("notices %q", n)
	}
	if h.m.form.Text("prompt") != "a lighthouse in fog" {
		t.Error("a refusal lost the form")
	}
	h.Keys("enter")
	if !h.m.out.guard.Asking() {
		t.Fatal("asked once only")
	}
	h.Keys("y")
	if got := r.submissions(); len(got) != 1 || got[0]["prompt"] != "a lighthouse in fog" {
		t.Fatalf("after yes, sent %v", got)
	}
	if len(h.m.tasks.Items()) != 1 {
		t.Errorf("after yes, %d tasks", len(h.m.tasks.Items()))
	}
}

// TestBudgetGuardLetsAFittingTaskGo: under the budget, no question.
func TestBudgetGuardLetsAFittingTaskGo(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := budgeted(t, r, 5)
	h.endpoint("videoa/q1/text-to-video")
	h.to("prompt").Type("waves").Keys("enter")
	if h.m.out.guard.Asking() || len(r.submissions()) != 1 {
		t.Fatalf("asking %v, %d sent:\n%s", h.m.out.guard.Asking(), len(r.submissions()), h.view())
	}
}

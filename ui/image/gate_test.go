package imagetab

import (
	"slices"
	"strings"
	"testing"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab"
)

// budgeted gives the tab prices (0.04 an image of the default model) and a
// budget of 0.10 a run.
func (h *harness) budgeted() *harness {
	run := 0.10
	return h.Send(tab.SettingsMsg{Settings: &store.Settings{Models: store.Models{Image: client.ImageModel25Flare},
		Output: store.Output{Images: h.outDir}, Prices: testPrices(), Budget: price.Budget{Run: &run}}})
}

func TestFormShowsTheEstimateWhenPriced(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	if strings.Contains(h.view(), "estimate") {
		t.Fatalf("an estimate with no prices:\n%s", h.view())
	}
	h.budgeted()
	if !strings.Contains(h.line("estimate"), "estimate 0.04 · 1 image") {
		t.Errorf("one priced image: %q", h.line("estimate"))
	}
	h.set(rowN, "3")
	if !strings.Contains(h.line("estimate"), "estimate 0.12 · 3 images") {
		t.Errorf("n=3: %q", h.line("estimate"))
	}
	h.set(rowModel, "gamma/image-2") // no rate: no estimate rather than a guess
	if strings.Contains(h.view(), "estimate") {
		t.Errorf("an estimate for an unpriced model:\n%s", h.view())
	}
}

func TestGuardNoSendsNothingYesSends(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil).budgeted()
	h.set("prompt", "three foxes").set(rowN, "3").set(rowSize, "256x256").Keys("enter")
	if n := len(h.srv.all()); n != 0 {
		t.Fatalf("%d requests sent before the answer", n)
	}
	if !h.m.gate.ask.Asking() || !strings.Contains(h.view(), "3 images: the estimate") {
		t.Fatalf("not asked:\n%s", h.view())
	}
	if !h.m.Focused() {
		t.Error("the question does not own the bare keys")
	}
	h.Keys("q", "enter") // stray keys keep asking
	if !h.m.gate.ask.Asking() || len(h.srv.all()) != 0 {
		t.Fatal("a stray key answered the question")
	}
	h.Keys("n")
	if n := len(h.srv.all()); n != 0 {
		t.Fatalf("no sent %d requests", n)
	}
	if got := h.Notices(); !slices.Contains(got, "3 images: not run; nothing was sent") {
		t.Errorf("notices %q", got)
	}
	if h.m.page.run != nil || len(h.jobs()) != 0 {
		t.Error("a refused run was started or recorded")
	}

	h.Keys("enter", "y")
	reqs := h.srv.all()
	if len(reqs) != 1 || !strings.Contains(string(reqs[0].body), `"n":3`) {
		t.Fatalf("yes sent %d requests: %+v", len(reqs), reqs)
	}
	h.NoErrors()
	if jobs := h.jobs(); len(jobs) != 1 || jobs[0].Status != store.StatusComplete {
		t.Fatalf("jobs %+v", jobs)
	}
}

func TestGuardLetsARunUnderBudgetGo(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil).budgeted()
	h.set("prompt", "two foxes").set(rowN, "2").set(rowSize, "256x256").Keys("enter") // 0.08 of 0.10
	if n := len(h.srv.all()); n != 1 || h.m.gate.ask.Asking() {
		t.Fatalf("%d requests, asking %v", n, h.m.gate.ask.Asking())
	}
}

func TestGuardWeighsAComparison(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	run := 0.05
	p := price.Table{"gamma/*": {Image: map[string]float64{"*": 0.04}}}
	h.Send(tab.SettingsMsg{Settings: &store.Settings{Models: store.Models{Image: client.ImageModel25Flare},
		Prices: p, Budget: price.Budget{Run: &run}}})
	h.set("prompt", "a paper crane").to(rowQuality).Keys("c")
	if !strings.Contains(h.view(), "estimate 0.12 · 3 images") {
		t.Errorf("the picker shows no estimate:\n%s", h.view())
	}
	h.Keys("enter")
	if n := len(h.srv.all()); n != 0 || !h.m.gate.ask.Asking() {
		t.Fatalf("%d requests before the answer", n)
	}
	if !strings.Contains(h.view(), "3 images of 3 models") {
		t.Errorf("question:\n%s", h.view())
	}
	h.Keys("esc")
	if n := len(h.srv.all()); n != 0 {
		t.Fatalf("esc sent %d requests", n)
	}
}

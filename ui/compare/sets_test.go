package compare

import (
	"context"
	"slices"
	"strings"
	"testing"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// TestTargetSets: S opens a set's field, the saved names beside it;
// ctrl+s saves the next run's targets (their settings and the run's system
// prompt with them) under the name typed; enter takes a set's targets
// back, its first 4 when it holds more; a set not there is named.
func TestTargetSets(t *testing.T) {
	t.Parallel()
	h := onSim(t, "", "alpha:a:temperature=0.2", "alpha:a:temperature=1")
	h.m.system = "be brief"
	h.Keys("S")
	if h.m.mode != lining || !strings.Contains(h.view(), "Target set (none saved yet") {
		t.Fatalf("S opened no field:\n%s", h.view())
	}
	h.Type("sweep")
	for _, w := range []int{76, 116} { // an 80-column terminal's tab too: the name typed shows
		h.m.SetSize(w, 20)
		h.Send(tab.RedrawMsg{})
		if line := strings.SplitN(h.view(), "\n", 2)[0]; !strings.Contains(line, "› sweep") {
			t.Errorf("at %d columns the field hides the name typed: %q", w, line)
		}
	}
	h.Keys("ctrl+s")
	h.NoErrors()
	ts, err := h.db.TargetSetNamed(context.Background(), "sweep")
	if want := []string{"alpha:a:system=be brief,temperature=0.2", "alpha:a:system=be brief,temperature=1"}; err != nil || !slices.Equal(ts.Targets, want) {
		t.Fatalf("saved %v (%v), want %v", ts, err, want)
	}
	if n := h.Notices(); len(n) == 0 || n[len(n)-1] != `compare: target set "sweep" saved: 2 targets` {
		t.Errorf("notices %q", n)
	}

	h.m.targets, h.m.system = targets(t, "beta:b", "gamma:g"), ""
	h.Keys("S")
	if !strings.Contains(h.view(), "saved: sweep") {
		t.Errorf("the field does not name the saved sets:\n%s", h.view())
	}
	h.Type("Sweep").Keys("enter")
	h.NoErrors()
	if got := specsOf(h.m.targets); h.m.system != "be brief" || !slices.Equal(got, []string{"alpha:a:temperature=0.2", "alpha:a:temperature=1"}) {
		t.Fatalf("after taking the set: system %q, targets %v", h.m.system, got)
	}

	five := []string{"alpha:a", "beta:b", "gamma:g", "alpha:a:temperature=1", "beta:b:temperature=1"}
	if err := h.db.SaveTargetSet(context.Background(), "five", five); err != nil {
		t.Fatal(err)
	}
	h.Keys("S").Type("five").Keys("enter")
	if got := specsOf(h.m.targets); !slices.Equal(got, five[:4]) {
		t.Errorf("a set of five gave %v", got)
	}
	if n := h.Notices(); !strings.Contains(n[len(n)-1], "its first 4 of 5 targets") {
		t.Errorf("notices %q", n)
	}
	h.Keys("S").Type("nope").Keys("enter")
	if e := h.Errors(); len(e) != 1 || !strings.Contains(e[0].Error(), `no target set "nope"`) {
		t.Errorf("errors %v", e)
	}
}

func specsOf(ts []client.ChatTarget) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = client.FormatChatTarget(t)
	}
	return out
}

// TestArenaComparisonIsAdded: the Arena's blind comparison comes as one
// more run, not in place of the person's: it runs on the pair and its
// prompt, and then the person's own targets and prompt are the next run's
// again (issue 30: the Arena's enter overwrote Compare's targets).
func TestArenaComparisonIsAdded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newService(t).client(t))
	own := targets(t, "alpha:a:temperature=0.3", "beta:b", "gamma:g")
	h.m.targets, h.m.prompt, h.m.system = own, "my own draft", "be terse"
	h.Send(tab.RerunMsg{To: tab.Compare, Kind: store.KindCompare, Prompt: "explain CRDTs", Blind: true, Keep: true,
		Targets: []tab.RerunTarget{{Family: "alpha", Model: "x"}, {Family: "beta", Model: "y"}}})
	if h.m.prompt != "explain CRDTs" || len(h.m.targets) != 2 {
		t.Fatalf("the arena's comparison is not the next run: %q %v", h.m.prompt, specsOf(h.m.targets))
	}
	h.Keys("enter") // the editor opened on it: enter runs it
	h.NoErrors()
	if h.m.run.prompt != "explain CRDTs" || len(h.m.run.lanes) != 2 {
		t.Fatalf("the run: %q, %d columns", h.m.run.prompt, len(h.m.run.lanes))
	}
	if h.m.prompt != "my own draft" || h.m.system != "be terse" || !slices.Equal(specsOf(h.m.targets), specsOf(own)) {
		t.Errorf("after the arena's run, the next run is %q / %q %v: want the person's own", h.m.prompt, h.m.system, specsOf(h.m.targets))
	}
}

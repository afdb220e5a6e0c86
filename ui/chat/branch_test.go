package chat

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"atelier/client/sim"
	"atelier/store"
)

// threeTurns is a conversation of three prompts whose first reply has
// three alternatives (ctrl+r twice), sent through the simulator.
func threeTurns(t *testing.T) *harness {
	h := newHarness(t, "")
	h.prompt("one")
	h.Keys("ctrl+r")
	h.Keys("ctrl+r") // three alternatives of the first reply
	h.prompt("two")
	h.prompt("three")
	h.NoErrors()
	return h
}

// e chooses the last prompt, then each press the one before, going round;
// the chosen one is in the composer, marked in the transcript, and the
// label says which of how many.
func TestEChoosesEachPromptInTurn(t *testing.T) {
	h := threeTurns(t)
	h.Keys("tab") // the list
	for _, want := range []struct {
		text, label string
	}{{"three", "prompt 3 of 3"}, {"two", "prompt 2 of 3"}, {"one", "prompt 1 of 3"}, {"three", "prompt 3 of 3"}} {
		h.Keys("e")
		h.NoErrors()
		if !h.m.comp.editing || h.m.comp.text() != want.text || h.m.focus != onReply {
			t.Fatalf("after e: editing %v, text %q, focus %v; want %q", h.m.comp.editing, h.m.comp.text(), h.m.focus, want.text)
		}
		v := h.view()
		if !strings.Contains(v, want.label) || strings.Count(v, "✎ editing") != 1 {
			t.Fatalf("e choosing %q: the label or the mark is wrong:\n%s", want.text, v)
		}
		var marked []string
		for _, e := range h.m.conv.entries {
			if e.chosen {
				marked = append(marked, e.text)
			}
		}
		if !slices.Equal(marked, []string{want.text}) {
			t.Fatalf("marked %q, want %q", marked, want.text)
		}
	}
	// esc drops the choice: the composer empties, the mark goes.
	h.Keys("esc")
	if h.m.comp.editing || h.m.comp.text() != "" || strings.Contains(h.view(), "✎") {
		t.Fatalf("after esc: editing %v, text %q\n%s", h.m.comp.editing, h.m.comp.text(), h.view())
	}
	// A chosen prompt changed in the composer is not thrown away by e.
	h.Keys("e", "enter").Type(" changed").Keys("shift+tab", "e")
	if h.m.comp.text() != "three changed" {
		t.Fatalf("e threw away a changed prompt: %q", h.m.comp.text())
	}
}

// A branch from the FIRST prompt of a conversation with three
// alternatives: a new first prompt beside it, nothing lost; after a
// restart the list marks it ⑂, the path kept is the branch, < / > at the
// first prompt step between the two paths, and the export names the path
// kept.
func TestABranchFromTheFirstPromptSurvivesARestart(t *testing.T) {
	h := threeTurns(t)
	before := len(h.stored().Messages)
	h.Keys("tab", "e", "e", "e", "enter") // the first prompt, to the composer
	h.Type(", differently").Keys("enter")
	h.NoErrors()
	es := h.m.conv.entries
	if len(es) != 2 || es[0].text != "one, differently" || es[0].forkMark() != "branch 2 of 2" ||
		es[1].text != sim.ReplyText("one, differently") {
		t.Fatalf("after the branch:\n%s", pathSummary(es))
	}
	c := h.stored()
	if len(c.Messages) != before+2 {
		t.Fatalf("%d messages kept, want %d: the earlier path and the branch", len(c.Messages), before+2)
	}
	branch := es[0].id
	for _, m := range c.Messages {
		if m.ID == branch && (m.ParentID != 0 || m.Turn != 0) {
			t.Fatalf("the branch follows %d in turn %d, want a first prompt", m.ParentID, m.Turn)
		}
	}
	id, want := h.m.conv.id, pathSummary(es)

	again := newHarness(t, h.dir) // a new process on the same history
	if !strings.Contains(again.view(), "⑂") {
		t.Errorf("the list does not mark the conversation as forking:\n%s", again.view())
	}
	again.Keys("tab", "enter")
	again.NoErrors()
	if again.m.conv.id != id || pathSummary(again.m.conv.entries) != want {
		t.Fatalf("after a restart:\n%s\nwant:\n%s", pathSummary(again.m.conv.entries), want)
	}
	again.Keys("tab", "tab", "home", "<") // the conversation pane: the fork at the top
	again.NoErrors()
	var texts []string
	for _, e := range again.m.conv.entries {
		texts = append(texts, e.text)
	}
	if len(texts) != 6 || texts[0] != "one" || texts[2] != "two" || texts[4] != "three" ||
		again.m.conv.entries[0].forkMark() != "branch 1 of 2" || again.m.conv.entries[1].forkMark() != "3 of 3" {
		t.Fatalf("< at the first prompt:\n%s", pathSummary(again.m.conv.entries))
	}
	// > here would step the alternatives below (the last fork in view):
	// the first prompt chosen (e three times), > steps its branches.
	again.Keys("e", "e", "e", ">")
	again.NoErrors()
	if got := pathSummary(again.m.conv.entries); got != want {
		t.Fatalf("> on the chosen first prompt, back to the branch:\n%s\nwant:\n%s", got, want)
	}
	if again.m.comp.text() != "one, differently" || !again.m.conv.entries[0].chosen ||
		!strings.Contains(again.view(), "prompt 1 of 1") {
		t.Fatalf("the branch stepped to is not the prompt chosen: %q\n%s", again.m.comp.text(), again.view())
	}
	again.Keys("esc")

	var b strings.Builder
	if err := again.db.ExportJSON(context.Background(), store.ItemRef{Kind: store.KindChat, ID: id}, &b); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Conversation struct {
			KeptPath []int64      `json:"kept_path"`
			Forks    []store.Fork `json:"forks"`
		} `json:"conversation"`
	}
	if err := json.Unmarshal([]byte(b.String()), &doc); err != nil {
		t.Fatal(err)
	}
	kept := []int64{again.m.conv.entries[0].id, again.m.conv.entries[1].id}
	if !slices.Equal(doc.Conversation.KeptPath, kept) || len(doc.Conversation.Forks) != 2 ||
		doc.Conversation.Forks[0].Parent != 0 || doc.Conversation.Forks[0].Kind != "branches" ||
		doc.Conversation.Forks[0].Kept != branch {
		t.Fatalf("the export does not name the branch kept (%v):\n%s", kept, b.String())
	}
}

// A branch from a middle prompt follows the reply before that prompt.
func TestABranchFromAMiddlePromptFollowsItsParent(t *testing.T) {
	h := threeTurns(t)
	two := h.m.conv.entries[2]
	parent := h.m.conv.entries[1].id
	h.Keys("tab", "e", "e", "enter").Type(" again").Keys("enter")
	h.NoErrors()
	es := h.m.conv.entries
	if len(es) != 4 || es[2].text != "two again" || es[2].forkMark() != "branch 2 of 2" || es[1].id != parent {
		t.Fatalf("after the branch:\n%s", pathSummary(es))
	}
	for _, m := range h.stored().Messages {
		if m.ID == es[2].id && (m.ParentID != parent || m.Turn != two.turn) {
			t.Fatalf("the branch follows %d in turn %d, want %d in turn %d", m.ParentID, m.Turn, parent, two.turn)
		}
	}
}

package chat

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// Another process adds an alternative to the conversation on screen: the
// tab reads it again at the store's change and shows "2 of 2" (the shell
// tells it within watchEvery, ui/watch.go).
func TestAnAlternativeAddedElsewhereShows(t *testing.T) {
	h := newHarness(t, "")
	h.prompt("a haiku")
	prompt := h.m.conv.entries[0].id
	other := tabtest.OpenStore(t, h.dir) // another process's store
	r, err := other.BeginReply(context.Background(), store.ReplyStart{ConversationID: h.m.conv.id,
		ParentID: prompt, Family: "alpha", Model: "elsewhere"})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Append("from the other process", ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Finish(store.ReplyEnd{}); err != nil {
		t.Fatal(err)
	}
	h.Send(tab.StoreChangedMsg{Shown: tab.Chat})
	h.NoErrors()
	v := h.view()
	if !strings.Contains(v, "from the other process") || !strings.Contains(v, "elsewhere · 2 of 2") {
		t.Fatalf("the alternative added elsewhere does not show:\n%s", v)
	}
	// The composer keeps what was typed over a change read again.
	h.Type("half a thought")
	h.Send(tab.StoreChangedMsg{Shown: tab.Chat})
	if h.m.comp.text() != "half a thought" {
		t.Fatalf("composer after a change: %q", h.m.comp.text())
	}
	// Out of sight, nothing is read until the tab is shown.
	h.Send(tab.StoreChangedMsg{Shown: tab.Compare})
	if h.m.conv.loading != 0 {
		t.Fatal("read while out of sight")
	}
}

// Three alternatives and a branch are the conversation's tree after a
// restart: the path kept is the one shown last, each fork marked, and
// stepping reaches every sibling.
func TestAlternativesAndABranchSurviveARestart(t *testing.T) {
	h := newHarness(t, "")
	h.prompt("one")
	h.Keys("ctrl+r")
	h.Keys("ctrl+r") // three alternatives
	h.prompt("two")
	h.Keys("tab", "e") // the last prompt edited and sent: a branch
	h.Type(" again").Keys("enter")
	h.NoErrors()
	id := h.m.conv.id
	want := pathSummary(h.m.conv.entries)

	again := newHarness(t, h.dir) // a new process on the same history
	again.Keys("tab", "enter")    // the list: open the conversation
	again.NoErrors()
	if again.m.conv.id != id {
		t.Fatalf("opened %d, want %d", again.m.conv.id, id)
	}
	if got := pathSummary(again.m.conv.entries); got != want {
		t.Fatalf("after a restart:\n%s\nwant:\n%s", got, want)
	}
	got := again.transcript()
	for _, mark := range []string{"· 3 of 3", "· branch 2 of 2"} {
		if !strings.Contains(got, mark) {
			t.Errorf("no %q after a restart:\n%s", mark, got)
		}
	}
	// The fork in view is the branch: < goes to the first, with its reply.
	again.Keys("tab", "tab", "<")
	again.NoErrors()
	if es := again.m.conv.entries; len(es) != 4 || es[2].text != "two" || es[2].forkMark() != "branch 1 of 2" {
		t.Fatalf("after <: %d entries, %q %q", len(es), es[2].text, es[2].forkMark())
	}
	c := again.stored()
	if len(c.Messages) != 8 {
		t.Fatalf("%d messages kept, want 8 (3 alternatives, 2 branches, their replies)", len(c.Messages))
	}
}

// pathSummary is the path shown, an entry a line: its id, text and mark.
func pathSummary(es []entry) string {
	var b strings.Builder
	for _, e := range es {
		fmt.Fprintf(&b, "%d %s %q %s\n", e.id, e.role, e.text[:min(len(e.text), 20)], e.forkMark())
	}
	return b.String()
}

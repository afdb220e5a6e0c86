package chat

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

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
	h.Keys("tab", "e", "enter") // the last prompt edited and sent: a branch
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

// TestGoldenAlternatives draws a conversation that forks: its first reply
// the second of three alternatives, its next prompt the second of two
// branches, the list marking it; and its first prompt chosen to branch
// from. `-update` rewrites the files.
func TestGoldenAlternatives(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, c := range []struct {
			name string
			set  func(*harness)
		}{
			{"alternatives", func(h *harness) { h.Keys("tab", "tab", "home") }}, // the first fork in view
			{"branch", func(*harness) {}},
			// e twice: the first prompt chosen to branch from, marked, in
			// the composer, the window on it.
			{"chosen", func(h *harness) { h.Keys("tab", "tab", "e", "e") }},
		} {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				h := (&harness{t: t, m: newTestModel(Options{Models: store.Models{Alpha: "model-x"}})}).bind()
				h.m.SetSize(size[0]-4, size[1]-4)
				h.Send(listLoadedMsg{seq: 0, replace: true, now: testNow, page: []store.Conversation{
					{ID: 8, Title: "Lighthouse haiku", UpdatedAt: testNow.Add(-time.Minute), Forks: true},
					{ID: 7, Title: "Tea haiku", UpdatedAt: testNow.Add(-2 * time.Minute)},
				}})
				h.m.conv.loading, h.m.conv.seq = 1, 1
				h.Send(openedMsg{seq: 1, id: 8, entries: entriesOf(forkedConversation(), nil)})
				c.set(h)
				golden.RequireEqual(t, tabtest.In256Colours(h.m.View()))
			})
		}
	}
}

// forkedConversation is a chat whose first reply has three alternatives
// (the second kept) and whose next prompt two branches (the second kept).
func forkedConversation() []store.Message {
	at := testNow.Add(-time.Minute)
	reply := func(id, parent int64, turn int, text string, shown time.Duration, total time.Duration) store.Message {
		return store.Message{ID: id, ParentID: parent, Turn: turn, Role: store.RoleAssistant, Family: "alpha",
			Model: "model-x", Text: text, Status: store.StatusComplete, StopReason: "end_turn",
			Usage: store.Usage{InputTokens: 12, OutputTokens: 40}, TTFT: 300 * time.Millisecond, Total: total,
			CreatedAt: at, ShownAt: at.Add(shown)}
	}
	prompt := func(id, parent int64, turn int, text string, shown time.Duration) store.Message {
		return store.Message{ID: id, ParentID: parent, Turn: turn, Role: store.RoleUser, Text: text,
			CreatedAt: at, ShownAt: at.Add(shown)}
	}
	return []store.Message{
		prompt(1, 0, 0, "write a haiku about a lighthouse", 9),
		reply(2, 1, 0, "A beam sweeps the fog,\nships count the seconds of light,\nthe keeper sleeps late.", 1, 2*time.Second),
		reply(3, 1, 0, "Salt on the lantern,\none eye open all night long,\nthe sea keeps its word.", 9, 1800*time.Millisecond),
		reply(4, 1, 0, "White tower, black rock:\nthe tide writes and rubs it out,\nthe light reads it back.", 3, 2100*time.Millisecond),
		prompt(5, 3, 1, "now one about a harbour", 4),
		reply(6, 5, 1, "Ropes creak in the dark.", 4, time.Second),
		prompt(7, 3, 1, "now one about a harbour at dawn", 9),
		reply(8, 7, 1, "Gulls wake before boats;\nthe harbour pours out its nets,\npink light on the slips.", 9, 1500*time.Millisecond),
	}
}

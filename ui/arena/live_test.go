package arena

import (
	"testing"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// The Arena's boards follow the store while it shows: a vote cast by
// another process is on the board after the shell's next look; a change
// that touches no vote, tag or rating computes nothing again; out of
// sight, nothing is read until the tab is shown.
func TestArenaFollowsTheStore(t *testing.T) {
	db, convs := fixture(t)
	hs := newHarness(t, db, 120, 40)
	votes := hs.m.boards.board.blind.Votes

	other := tabtest.OpenStore(t, db.Dir()) // another process
	tabtest.Must[int64](t)(other.NewConversation(bg, store.KindChat, "a chat, no vote"))
	reads := db.Reads()
	hs.Send(tab.StoreChangedMsg{Shown: tab.Arena})
	if n := db.Reads() - reads; n != 1 || hs.m.boards.board.blind.Votes != votes {
		t.Fatalf("a change with no vote: %d reads (want the one look), %d votes", n, hs.m.boards.board.blind.Votes)
	}

	vote(t, other, convs["write a merge sort in Go"], true, "BA", tA, tB)
	reads = db.Reads()
	hs.Send(tab.StoreChangedMsg{Shown: tab.Chat})
	if n := db.Reads() - reads; n != 0 {
		t.Fatalf("out of sight: %d reads", n)
	}
	hs.Send(tab.StoreChangedMsg{Shown: tab.Arena})
	if got := hs.m.boards.board.blind.Votes; got != votes+1 {
		t.Fatalf("the board has %d blind votes after another process cast one, want %d", got, votes+1)
	}
	hs.NoErrors()
}

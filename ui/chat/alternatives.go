package chat

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// Alternatives and branches. A conversation is a tree in the
// store (store/tree.go): ctrl+r adds a reply beside the one shown (an
// alternative), an edited prompt sent again a prompt beside the one edited
// (a branch); nothing is replaced. The tab shows the path kept, each
// entry that forks marked "2 of 3" (a branch "branch 2 of 2"), and < / >
// step the fork in view through its siblings: the store keeps the one
// shown (ShowMessage) and the conversation is read again along it, so
// what the next prompt continues is the path on screen.

// lastID is the stored id of the last of entries; 0 when none is stored.
func lastID(es []entry) int64 {
	if len(es) == 0 {
		return 0
	}
	return es[len(es)-1].id
}

// withNew are the siblings of an entry about to be sent beside e (its id
// not known yet: 0) and its place among them; none when e is not stored.
func withNew(e entry) ([]int64, int) {
	if e.id == 0 {
		return nil, 0
	}
	sib := append([]int64(nil), e.siblings...)
	if len(sib) == 0 {
		sib = []int64{e.id}
	}
	return append(sib, 0), len(sib)
}

// named puts the entry's stored id, just learnt, in its place among its
// siblings.
func (e *entry) named() {
	if e.place < len(e.siblings) && e.siblings[e.place] == 0 {
		e.siblings[e.place] = e.id
	}
}

// forks reports whether the entry has siblings to step through.
func (e *entry) forks() bool { return len(e.siblings) > 1 }

// forkMark is what an entry's header says of its siblings: "2 of 3" for
// a reply's alternatives, "branch 2 of 2" for a prompt's branches.
func (e *entry) forkMark() string {
	if !e.forks() {
		return ""
	}
	mark := fmt.Sprintf("%d of %d", e.place+1, len(e.siblings))
	if e.role == store.RoleUser {
		return "branch " + mark
	}
	return mark
}

// forkInView is the fork the reader is looking at: the last entry that
// forks and begins above the window's bottom; -1 if none.
func (t transcript) forkInView(entries []entry) int {
	for i := min(len(entries), len(t.starts)) - 1; i >= 0; i-- {
		if entries[i].forks() && t.starts[i] >= 0 && t.starts[i] < t.offset+t.height {
			return i
		}
	}
	return -1
}

// stepBy is the way a key steps: -1 back, +1 on.
func stepBy(msg tea.KeyPressMsg, k keyMap) int {
	if key.Matches(msg, k.PrevAlt) {
		return -1
	}
	return 1
}

// step shows the next (by +1) or previous (-1) sibling of entry i (the
// fork in view), going round: the store keeps it, and the conversation
// is read again along it, from it.
func (c conversation) step(i, by int, db *store.Store, sp drawSpec) (conversation, tea.Cmd) {
	switch {
	case c.run != nil:
		return c, c.busy()
	case db == nil || c.id == 0:
		return c, tab.Warn("no alternatives here: ctrl+r adds one beside the reply")
	case i < 0:
		return c, tab.Warn("no alternatives in view: ctrl+r adds one beside the last reply")
	}
	e := c.entries[i]
	n := len(e.siblings)
	to := e.siblings[((e.place+by)%n+n)%n]
	c = c.load()
	seq, id := c.seq, c.id
	return c, func() tea.Msg {
		if err := db.ShowMessage(context.Background(), to); err != nil {
			return result(openedMsg{seq: seq, id: id, err: err})
		}
		msg := read(db, seq, id, sp)
		msg.again, msg.anchor = true, to
		return result(msg)
	}
}

// follow reads the conversation again when the store changed while it
// shows (or changed out of sight and it is shown now), if its messages
// moved: another process added an alternative, a branch, a reply, or kept
// another path. Not while a reply arrives here or a read is under way:
// their answers are the conversation. The replies drawn in tr are kept
// where they are read back unchanged (transcript.following).
func (c conversation) follow(msg tea.Msg, db *store.Store, tr transcript) (conversation, tea.Cmd) {
	if !c.stale.Follow(msg, tab.Chat) || db == nil || c.id == 0 || c.run != nil || c.loading != 0 {
		return c, nil
	}
	sp := tr.following(c.entries)
	c = c.load()
	seq, id, have := c.seq, c.id, c.stamp
	return c, func() tea.Msg {
		if st, err := db.Stamp(context.Background(), id); err == nil && st == have {
			return result(openedMsg{seq: seq, again: true, same: true})
		}
		msg := read(db, seq, id, sp)
		msg.again = true
		return result(msg)
	}
}

// keep is where the window stands, to stand there again once the
// conversation is read again: the entry at its top, and whether it shows
// the end.
func (t transcript) keep(entries []entry) (int64, bool) {
	for i := min(len(entries), len(t.starts)) - 1; i >= 0; i-- {
		if t.starts[i] >= 0 && t.starts[i] <= t.offset {
			return entries[i].id, t.atBottom()
		}
	}
	return 0, t.atBottom()
}

// showAt puts the entry stored as id at the window's top (the last
// prompt when none is), or the window at the end when bottom.
func (t transcript) showAt(id int64, bottom bool, entries []entry, lk look) transcript {
	at := lastUser(entries)
	for i, e := range entries {
		if id != 0 && e.id == id {
			at = i
		}
	}
	t = t.showFrom(at, entries, lk)
	if bottom {
		t = t.scrollBy(len(t.lines), entries, lk)
	}
	return t
}

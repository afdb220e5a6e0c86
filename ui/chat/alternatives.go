package chat

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// Alternatives and branches (issue 33). A conversation is a tree in the
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

// stepMsg is the conversation read again: a sibling kept (anchor), or
// the store changed under it (another process added an alternative).
type stepMsg struct {
	opened openedMsg
	anchor int64 // the message stepped to, shown at the window's top; 0: keep the window
	same   bool  // the store changed elsewhere: the conversation was not read again
}

// step shows the next (by +1) or previous (-1) sibling of the fork in
// view, going round: the store keeps it, and the conversation is read
// again along it.
func (m Model) step(by int) (Model, tea.Cmd) {
	switch {
	case m.conv.run != nil:
		return m, m.conv.busy()
	case m.db == nil || m.conv.id == 0:
		return m, tab.Warn("no alternatives here: ctrl+r adds one beside the reply")
	}
	i := m.tr.forkInView(m.conv.entries)
	if i < 0 {
		return m, tab.Warn("no alternatives in view: ctrl+r adds one beside the last reply")
	}
	e := m.conv.entries[i]
	n := len(e.siblings)
	to := e.siblings[((e.place+by)%n+n)%n]
	m.conv = m.conv.load()
	db, seq, id, sp := m.db, m.conv.seq, m.conv.id, m.tr.drawSpec()
	return m, func() tea.Msg {
		if err := db.ShowMessage(context.Background(), to); err != nil {
			return result(stepMsg{opened: openedMsg{seq: seq, id: id, err: err}})
		}
		return result(stepMsg{opened: read(db, seq, id, sp), anchor: to})
	}
}

// stepped shows the conversation read again after a step, from the
// message stepped to, the keyboard and the composer as they were.
func (m Model) stepped(msg stepMsg) (Model, tea.Cmd) {
	if msg.opened.seq != m.conv.loading {
		return m, nil
	}
	m.conv.loading = 0
	switch {
	case msg.same:
		return m, nil
	case msg.opened.err != nil:
		return m, tab.Error(msg.opened.err)
	}
	anchor, bottom := msg.anchor, m.tr.atBottom()
	if anchor == 0 { // the entry at the window's top stays there
		for i := min(len(m.conv.entries), len(m.tr.starts)) - 1; i >= 0; i-- {
			if m.tr.starts[i] >= 0 && m.tr.starts[i] <= m.tr.offset {
				anchor = m.conv.entries[i].id
				break
			}
		}
	}
	m.conv = m.conv.show(msg.opened.id, msg.opened.entries)
	m.conv.stamp = msg.opened.stamp
	m.tr = m.tr.reset()
	m.tr = m.tr.adopt(msg.opened.bodies, m.conv.entries)
	m.relayout()
	at := lastUser(m.conv.entries)
	for i, e := range m.conv.entries {
		if e.id == anchor {
			at = i
		}
	}
	m.tr = m.tr.showFrom(at, m.conv.entries, m.look())
	if bottom && msg.anchor == 0 {
		m.tr = m.tr.scrollBy(len(m.tr.lines), m.conv.entries, m.look())
	}
	m.list = m.list.listed(m.conv, true, m.clock, max(m.height-2, 1))
	return m, m.tr.prerender(m.conv.entries)
}

// followStore reads the conversation on screen again when the store
// changed while it shows (or changed out of sight and it is shown now),
// if its messages moved: another process added an alternative, a
// branch, a reply, or kept another path. Not while a reply arrives here or
// a read is under way: their answers are the conversation.
func (m Model) followStore(msg tea.Msg) (Model, tea.Cmd) {
	if !m.conv.stale.Follow(msg, tab.Chat) || m.db == nil || m.conv.id == 0 ||
		m.conv.run != nil || m.conv.loading != 0 {
		return m, nil
	}
	m.conv = m.conv.load()
	db, seq, id, sp, have := m.db, m.conv.seq, m.conv.id, m.tr.drawSpec(), m.conv.stamp
	return m, func() tea.Msg {
		st, err := db.Stamp(context.Background(), id)
		if err == nil && st == have {
			return result(stepMsg{opened: openedMsg{seq: seq}, same: true})
		}
		return result(stepMsg{opened: read(db, seq, id, sp)})
	}
}

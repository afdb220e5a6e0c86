package imageview

import (
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"
)

// A Viewer's sync: a question to the terminal whose answer shows that what
// was written before it has been read (see Viewer.Refresh).

// syncWait is how long Prepare waits for the answer to a sync query.
// Inside tmux, which drops passthrough from a pane whose redraw is due (see
// viewer_ack.go), the query may be lost: it goes again after probeWait, up
// to probeTries times.
const syncWait = time.Second

// The sync queries' ids: a range of their own after kittyQueryID's (a
// query stores nothing, so they cannot clash with an image).
const (
	kittySyncBase = kittyQueryID + 1
	kittySyncIDs  = 1 << 20
)

// isSyncID reports whether a kitty reply's id is a sync query's.
func isSyncID(id int) bool { return id >= kittySyncBase && id < kittySyncBase+kittySyncIDs }

// syncDeadline is the payload of the raw message that ends the wait for
// sync query id (it writes nothing).
type syncDeadline struct{ id int }

func (syncDeadline) String() string { return "" }

// startSync sends a new sync query, which Prepare waits for.
func (v *Viewer) startSync() tea.Cmd {
	v.syncTries = 0
	return v.sendSync()
}

// sendSync sends a sync query under a new id (the full screen's probe
// keeps kittySyncBase) and waits for its answer.
func (v *Viewer) sendSync() tea.Cmd {
	v.syncs = v.syncs%(kittySyncIDs-2) + 1
	id := kittySyncBase + v.syncs
	v.sync = id
	v.syncTries++
	q := "\x1b_Gi=" + strconv.Itoa(id) + ",s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\"
	wait := syncWait
	if v.Caps.Tmux {
		q, wait = TmuxPassthrough(q), probeWait
	}
	return tea.Batch(tea.Raw(q), v.Tick(wait, func(time.Time) tea.Msg { return tea.RawMsg{Msg: syncDeadline{id}} }))
}

// syncUnanswered takes the end of a wait for a sync query's answer: inside
// tmux the query goes again (probeTries in all); else, or after them, the
// images go anyway.
func (v *Viewer) syncUnanswered(d syncDeadline) tea.Cmd {
	if d.id != v.sync {
		return nil
	}
	if v.Caps.Tmux && v.syncTries < probeTries {
		return v.sendSync()
	}
	v.sync = 0
	return nil
}

package imageview

import (
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"
)

// A Viewer's sync: a question to the terminal whose answer shows that what
// was written before it has been read (see Viewer.Refresh).

// syncWait is how long Prepare waits for the answer to a sync query.
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
	v.syncs = v.syncs%(kittySyncIDs-1) + 1
	id := kittySyncBase + v.syncs
	v.sync = id
	q := "\x1b_Gi=" + strconv.Itoa(id) + ",s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\"
	if v.Caps.Tmux {
		q = TmuxPassthrough(q)
	}
	return tea.Batch(tea.Raw(q), v.Tick(syncWait, func(time.Time) tea.Msg { return tea.RawMsg{Msg: syncDeadline{id}} }))
}

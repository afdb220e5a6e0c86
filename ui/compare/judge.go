package compare

import (
	"context"
	"encoding/json"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// The person's verdict on each column (rating, note, winner) is shown at
// once and saved in history by a command. Saves go one at a time, each
// with every column of the run, so they land in the order they were made.

// verdictQueue orders the saves.
type verdictQueue struct {
	saving bool
	next   []store.Lane // the save to make once the one under way answers
	export bool         // x was pressed during a save: export after it
}

// savedMsg says a save of verdicts answered.
type savedMsg struct{ err error }

// rate gives column i n stars; 0 takes them away. It reports whether
// there is such a column.
func (r run) rate(i, n int) bool {
	l := r.laneAt(i)
	if l == nil {
		return false
	}
	if n > 5 {
		n = 0 // the key after 5 is 0: no rating
	}
	l.rating = n
	return true
}

// toggleWinner makes column i the winner, or no longer one. It reports
// whether there is such a column.
func (r run) toggleWinner(i int) bool {
	l := r.laneAt(i)
	if l == nil {
		return false
	}
	win := !l.winner
	for i := range r.lanes {
		r.lanes[i].winner = false
	}
	l.winner = win
	return true
}

// judged saves the verdicts of r once one changed.
func (q *verdictQueue) judged(changed bool, db *store.Store, r run) tea.Cmd {
	if !changed {
		return nil
	}
	return q.save(db, r)
}

// save saves every column's verdict of r in db, after the save under way.
func (q *verdictQueue) save(db *store.Store, r run) tea.Cmd {
	if db == nil || r.convID == 0 {
		return nil // not in history: the verdict lives on screen
	}
	lanes := r.verdictLanes()
	if q.saving {
		q.next = lanes
		return nil
	}
	q.saving = true
	return writeVerdicts(db, lanes)
}

// verdictLanes are the run's lanes as history keeps them (each in its
// slot: a blind run's are shown in another order), the winner last:
// saving it takes the title from the others.
func (r run) verdictLanes() []store.Lane {
	var out, win []store.Lane
	for _, l := range r.lanes {
		settings, _ := json.Marshal(l.target.Settings)
		sl := store.Lane{ConversationID: r.convID, Turn: r.turn, Lane: l.slot, Family: string(l.target.Family),
			Model: l.target.Model, SettingsJSON: settings, Rating: l.rating, Note: l.note, Winner: l.winner}
		if l.winner {
			win = append(win, sl)
		} else {
			out = append(out, sl)
		}
	}
	return append(out, win...)
}

// writeVerdicts is the command saving lanes in db.
func writeVerdicts(db *store.Store, lanes []store.Lane) tea.Cmd {
	return func() tea.Msg {
		for _, l := range lanes {
			if err := db.SetLane(context.Background(), l); err != nil {
				return result(savedMsg{err: err})
			}
		}
		return result(savedMsg{})
	}
}

// saved starts the save that waited in db, or the export that waited for
// it (export).
func (q *verdictQueue) saved(msg savedMsg, db *store.Store, export tea.Cmd) tea.Cmd {
	q.saving = false
	var cmd tea.Cmd
	if msg.err != nil {
		cmd = tab.Error(fmt.Errorf("compare: verdict not saved: %w", msg.err))
	}
	if next := q.next; next != nil {
		q.next, q.saving = nil, true
		return tea.Batch(cmd, writeVerdicts(db, next))
	}
	if q.export {
		q.export = false
		return tea.Batch(cmd, export)
	}
	return cmd
}

package history

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/components/confirm"
	"atelier/ui/tab"
)

// deletion is a deletion being decided. It is apart from the list and the
// reader because both ask for it, and it takes two answers in turn: the
// store's first for a video task (one that still runs is refused, as the
// Video tab refuses it), then the person's, y or n
// (ui/components/confirm), on the tab's last line. The zero deletion asks
// nothing.
type deletion struct {
	pending *doomed       // the item asked about; nil when none
	q       confirm.Model // the question on screen
}

// doomed is the item a deletion waits on.
type doomed struct {
	row   row
	title string
}

// The answers to the deletion's commands.
type (
	deletableMsg struct {
		row   row
		title string
		err   error // why it may not be deleted
	}
	deletedMsg struct {
		row   row
		title string
		err   error
	}
)

// asking reports whether a question waits for y or n.
func (d deletion) asking() bool { return d.pending != nil }

// ask asks before deleting r. Whether a video task still runs is the
// store's to say, so that is asked first.
func (d deletion) ask(e tabEnv, r row, title string) (deletion, tea.Cmd) {
	db := e.db
	switch {
	case db != nil && r.ref.Kind == store.KindVideo:
		return d, func() tea.Msg {
			t, err := db.VideoTask(context.Background(), r.requestID)
			if err == nil && !t.Done {
				err = tab.VideoRunning(r.requestID)
			}
			return result(deletableMsg{row: r, title: title, err: err})
		}
	case db != nil && r.ref.Kind == store.KindBatch:
		return d, func() tea.Msg {
			b, err := db.Batch(context.Background(), r.ref.ID)
			if err == nil && b.Status == store.BatchRunning {
				err = fmt.Errorf("batch %d is running: stop it in the Batch tab (alt+8) first", b.ID)
			}
			return result(deletableMsg{row: r, title: title, err: err})
		}
	}
	return d.asked(e, r, title), nil
}

// checked takes the store's answer to ask: the question, or why not.
func (d deletion) checked(e tabEnv, msg deletableMsg) (deletion, tea.Cmd) {
	if msg.err != nil {
		return d, tab.Error(msg.err)
	}
	return d.asked(e, msg.row, msg.title), nil
}

// asked is d asking before deleting r, named by its title.
func (d deletion) asked(e tabEnv, r row, title string) deletion {
	what := "its files"
	switch r.ref.Kind {
	case store.KindChat, store.KindCompare:
		what = "its messages"
	case store.KindBatch:
		what = "its cells' conversations"
	}
	d.pending = &doomed{row: r, title: title}
	d.q = confirm.New(confirm.KeyMap{Yes: e.km.Yes, No: e.km.No}).
		Ask(fmt.Sprintf("delete %s “%s” and %s?", r.ref.Kind, oneLine(title, 40), what))
	return d
}

// key takes the person's answer: y deletes, n (or esc) keeps, any other
// key keeps asking and says so.
func (d deletion) key(e tabEnv, msg tea.KeyPressMsg) (deletion, tea.Cmd) {
	var a confirm.Answer
	var cmd tea.Cmd
	switch d.q, a, cmd = d.q.Update(msg); a {
	case confirm.Yes:
		c := *d.pending
		d.pending = nil
		return d, deleteCmd(e.db, c.row, c.title)
	case confirm.No:
		d.pending = nil
	}
	return d, cmd
}

// question is the line asking to confirm a deletion; "" when none is asked.
func (d deletion) question(st styles) string {
	if d.pending == nil {
		return ""
	}
	return st.Problem.Render(d.q.Question()) + st.Hint.Render("  "+d.q.Hint())
}

// deleteCmd deletes the item with its files.
func deleteCmd(db *store.Store, r row, title string) tea.Cmd {
	return func() tea.Msg {
		if db == nil {
			return result(deletedMsg{row: r, title: title, err: errNoStore})
		}
		return result(deletedMsg{row: r, title: title, err: db.Delete(context.Background(), r.ref)})
	}
}

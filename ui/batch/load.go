package batch

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
	"atelier/store"
	"atelier/ui/tab"
)

// Every read of the store runs in a command, bounded by readTimeout, and
// comes back as one of these messages, wrapped for this tab.

// readTimeout bounds a read of the history: a busy disk must not keep
// the tab waiting forever.
const readTimeout = 10 * time.Second

// listLimit is how many batches the list shows, newest first.
const listLimit = 500

func result(msg tea.Msg) tea.Msg { return tab.Result(tab.Batch, msg) }

func readCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), readTimeout)
}

// listedMsg is the list of batches.
type listedMsg struct {
	batches []store.Batch
	err     error
}

func listCmd(db *store.Store) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := readCtx()
		defer cancel()
		bs, err := db.Batches(ctx, listLimit)
		return result(listedMsg{batches: bs, err: err})
	}
}

// loadedMsg is a batch's matrix data: the batch, its plan and its cells
// (not the replies' text, which summaryMsg brings).
type loadedMsg struct {
	id    int64
	b     *store.Batch
	plan  *engine.Plan
	cells []store.BatchCell
	err   error
}

// loadMatrix reads what the matrix of batch id shows.
func loadMatrix(ctx context.Context, db *store.Store, id int64) loadedMsg {
	b, err := db.Batch(ctx, id)
	if err != nil {
		return loadedMsg{id: id, err: err}
	}
	plan, err := engine.LoadPlan(b)
	if err != nil {
		return loadedMsg{id: id, err: err}
	}
	cells, err := db.BatchCells(ctx, id)
	return loadedMsg{id: id, b: b, plan: plan, cells: cells, err: err}
}

func matrixCmd(db *store.Store, id int64) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := readCtx()
		defer cancel()
		return result(loadMatrix(ctx, db, id))
	}
}

// summaryMsg is the summary rows and the disagreement of each case,
// computed from every reply's text off the UI loop.
type summaryMsg struct {
	id       int64
	cells    []store.BatchCell // the cells they were computed from
	summary  []engine.TargetSummary
	disagree []bool
	repeats  [][]engine.Repeats // [case][target]
	err      error
}

func summaryCmd(db *store.Store, id int64, plan *engine.Plan, cells []store.BatchCell) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := readCtx()
		defer cancel()
		replies, err := db.BatchReplies(ctx, id)
		if err != nil {
			return result(summaryMsg{id: id, err: err})
		}
		return result(summaryMsg{id: id, cells: cells, summary: engine.Summarize(plan, cells, replies),
			disagree: disagreement(plan, cells, replies), repeats: engine.RepeatsOf(plan, cells, replies)})
	}
}

// reply is one repeat of a cell as the replies view shows it.
type reply struct {
	cell store.BatchCell
	text string // "" when the cell has no reply
}

// repliesMsg is a cell's repeats with their replies.
type repliesMsg struct {
	id      int64
	c, t    int
	replies []reply
	err     error
}

func repliesCmd(db *store.Store, id int64, c, t int, cells []store.BatchCell) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := readCtx()
		defer cancel()
		out := make([]reply, 0, len(cells))
		for _, cell := range cells {
			r := reply{cell: cell}
			if cell.MessageID != 0 {
				msg, err := db.Message(ctx, cell.MessageID)
				if err != nil {
					return result(repliesMsg{id: id, err: err})
				}
				r.text = msg.Text
			}
			out = append(out, r)
		}
		return result(repliesMsg{id: id, c: c, t: t, replies: out})
	}
}

// deletedMsg says a batch was deleted, or why not.
type deletedMsg struct {
	id  int64
	err error
}

func deleteCmd(db *store.Store, id int64) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := readCtx()
		defer cancel()
		return result(deletedMsg{id: id, err: db.DeleteBatch(ctx, id)})
	}
}

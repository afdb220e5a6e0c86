package history

import (
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// A batch's cells stay with their batch: the list shows a batch run as one
// row (kind batch), and enter on it lists its cells — the conversations
// or image jobs it made — in place of the whole history, each opened as
// any item is; esc goes back to the whole history, the cursor on the
// batch. The filters narrow the cells too; a search is the whole
// history's, so / leaves the batch.

// batchScope is the batch whose cells the list shows.
type batchScope struct {
	batch row // the batch's row, to come back to and to name it
}

// id is the batch listed, 0 for the whole history.
func (s *batchScope) id() int64 {
	if s == nil {
		return 0
	}
	return s.batch.ref.ID
}

// enterBatch lists the cells of batch r, from the first.
func (b browse) enterBatch(e tabEnv, r row) (browse, tea.Cmd) {
	b.scope = &batchScope{batch: r}
	b.list = newList()
	b.list.loading = true
	return b.reload(e)
}

// leaveBatch lists the whole history again, the cursor back on the
// batch's row when the first page holds it.
func (b browse) leaveBatch(e tabEnv) (browse, tea.Cmd) {
	back := b.scope.batch
	b = b.leaveScope()
	b.list.l.SetItems([]row{back})
	return b.reload(e)
}

// leaveScope forgets the batch listed, if any.
func (b browse) leaveScope() browse {
	b.scope = nil
	return b
}

// notForBatch is why an action on an item does nothing on a batch's row:
// a batch is read, exported and run again in the Batch tab.
func notForBatch(r row) tea.Cmd {
	if r.ref.Kind != store.KindBatch {
		return nil
	}
	return tab.Warn("a batch is exported and run again from the Batch tab (alt+8); enter lists its cells")
}

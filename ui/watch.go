package ui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// watchEvery is how often the shell asks the store whether anything was
// written: a change shows in every view within a second, and an idle TUI
// wakes for it twice a second to read one pragma (BenchmarkIdleWatch).
const watchEvery = 500 * time.Millisecond

// watchedMsg is the store's version as a look found it.
type watchedMsg struct {
	version int64
	err     error
}

// watch looks at the store's version after watchEvery, on the status
// bar's clock (Deps.Tick), in a command: Update never reads the store.
func (m Model) watch() tea.Cmd {
	db := m.deps.Store
	if db == nil {
		return nil
	}
	return m.tick(watchEvery, func(time.Time) tea.Msg {
		v, err := db.Version(context.Background())
		return watchedMsg{version: v, err: err}
	})
}

// watched tells every tab when the store changed since the last look, and
// looks again later. The first look counts as a change: the tabs' first
// loads ran before it, and a write between those and the first look would
// otherwise be missed. A look that failed (the disk, a closed store) is
// tried again at the next; the views stay as they are meanwhile.
func (m Model) watched(msg watchedMsg) (Model, tea.Cmd) {
	next := m.watch()
	if msg.err != nil || (m.looked && msg.version == m.version) {
		return m, next
	}
	m.looked, m.version = true, msg.version
	m, told := m.broadcast(tab.StoreChangedMsg{Shown: m.active})
	return m, tea.Batch(told, next)
}

package compare

import (
	tea "charm.land/bubbletea/v2"

	"atelier/internal/share"
	"atelier/store"
	"atelier/ui/components/sharepage"
	"atelier/ui/tab"
)

// shareRun writes comparison convID, the one shown, as a page into the data folder's
// shares/ (ui/components/sharepage); a blind run waits for its vote
// (vote.go).
func shareRun(db *store.Store, convID int64) tea.Cmd {
	if db == nil || convID == 0 {
		return tab.Warn("compare: this comparison is not in history, so there is nothing to share")
	}
	return sharepage.Cmd(db, share.Options{}, share.Ref{Item: store.ItemRef{Kind: store.KindCompare, ID: convID}})
}

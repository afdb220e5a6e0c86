// Package sharepage is the share key (keys.Share, P) of History, Compare,
// the Image gallery, Batch and the Arena: what the tab shows written as
// one self-contained HTML page (internal/share) into the data folder's
// shares/ folder, the status line naming the file.
package sharepage

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/internal/homepath"
	"atelier/internal/share"
	"atelier/store"
	"atelier/ui/tab"
)

// Dir is the folder the share key writes into: shares/ in the data folder.
func Dir(db *store.Store) string { return filepath.Join(db.Dir(), "shares") }

// Timeout bounds a page's writing: a batch's or a leaderboard's may take
// a moment, never the screen.
const Timeout = time.Minute

// Cmd writes a page of refs into Dir (named after the first, replacing
// an older page of the same) and tells the status line where it went.
func Cmd(db *store.Store, o share.Options, refs ...share.Ref) tea.Cmd {
	return func() tea.Msg {
		if db == nil {
			return tab.ErrorMsg{Err: fmt.Errorf("share: no history is open")}
		}
		ctx, cancel := context.WithTimeout(context.Background(), Timeout)
		defer cancel()
		res, err := share.Write(ctx, db, refs, filepath.Join(Dir(db), share.Name(refs)), o)
		if err != nil {
			return tab.ErrorMsg{Err: err}
		}
		text := "shared " + homepath.Tilde(res.Path)
		if n := len(res.Beside); n > 0 {
			text += fmt.Sprintf(" (+ %d beside it)", n)
		}
		return tab.NoticeMsg{Text: text, Kind: tab.Done}
	}
}

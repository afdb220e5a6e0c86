package history

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/internal/homepath"
	"atelier/store"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// exportedMsg answers exportCmd, even while another tab shows.
type exportedMsg struct {
	markdown, json string
	media          bool // images or a video were copied beside
	err            error
}

// errNoStore is what every action says when the tab has no history.
var errNoStore = errors.New("history: no data folder is open")

// exportCmd writes the item as Markdown with a folder of its media, and as
// JSON beside it, into the output folder of its kind (the current folder
// when none is set).
func exportCmd(db *store.Store, output store.Output, r row) tea.Cmd {
	dir := exportDir(output, r.ref.Kind)
	return func() tea.Msg {
		if db == nil {
			return result(exportedMsg{err: errNoStore})
		}
		md, js, err := exportItem(db, r.ref, dir)
		media := r.ref.Kind == store.KindImage || r.ref.Kind == store.KindVideo
		return result(exportedMsg{markdown: homepath.Tilde(md), json: homepath.Tilde(js), media: media, err: err})
	}
}

// exportDir is the folder an item of kind k is exported to.
func exportDir(output store.Output, k store.Kind) string {
	dir := output.Images
	if k == store.KindVideo {
		dir = output.Videos
	}
	if k == store.KindChat || k == store.KindCompare || dir == "" {
		return "."
	}
	return homepath.Expand(dir)
}

// exportItem writes both exports and returns their absolute paths.
func exportItem(db *store.Store, ref store.ItemRef, dir string) (string, string, error) {
	return db.ExportFiles(context.Background(), ref, dir)
}

// exported tells the status bar where the files went.
func exported(msg exportedMsg) tea.Cmd {
	if msg.err != nil {
		return tab.Error(msg.err)
	}
	also := "+ .json"
	if msg.media {
		also += ", media"
	}
	return tab.Notice(fmt.Sprintf("exported %s (%s)", msg.markdown, also))
}

// openFileCmd opens a saved image or video in the system's viewer.
func openFileCmd(path string) tea.Cmd {
	return func() tea.Msg {
		c := imageview.OpenCmd(path)
		if err := c.Start(); err != nil {
			return tab.ErrorMsg{Err: imageview.OpenFailed(err, "files", "open "+path)}
		}
		go c.Wait() // the launcher returns at once; reap it
		return tab.NoticeMsg{Text: "opened " + path}
	}
}

// playCmd plays a saved video in the first player found (see
// imageview.Finder); with none, the status line names what to install and
// where the file is.
func playCmd(path string) tea.Cmd {
	return func() tea.Msg {
		if err := imageview.Play(path); err != nil {
			return tab.ErrorMsg{Err: err}
		}
		return tab.NoticeMsg{Text: "playing " + homepath.Tilde(path)}
	}
}

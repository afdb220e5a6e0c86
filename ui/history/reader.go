package history

import (
	"image"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"atelier/store"
	"atelier/ui/components/scroll"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// reader is an item open for reading; the zero reader is closed.
type reader struct {
	open bool
	seq  int // this opening: answers for an earlier one are dropped
	row  row
	it   *loaded // nil until read
	err  string

	thinking bool // thinking shown, not folded
	stacked  bool // comparison lanes one after another
	json     bool // the native JSON instead of the item
	back     int  // the item's scroll offset while the JSON shows

	jsonParts   []jsonPart
	jsonLoading bool
	jsonErr     string

	images    map[string]image.Image // decoded pictures, by imageKey
	imageErrs map[string]string

	page   page
	at     scroll.Model // the window on the page's lines
	wantAt int64        // the message to bring into view once read: a search's match
	link   int          // the lineage link marked (tab moves it, enter opens it)
}

// title is the item's title: a conversation's, or the prompt.
func (r reader) title() string {
	switch {
	case r.it == nil:
		return plainTitle(r.row)
	case r.it.conv != nil:
		return r.it.conv.Title
	case r.it.image != nil:
		return r.it.image.Prompt
	}
	return r.it.video.Prompt
}

// update takes the answers to the reader's commands (the item read, its
// replies rendered, its pictures decoded, its native JSON) and the
// terminal's cell size, which the pictures are laid out by.
func (r reader) update(e tabEnv, msg tea.Msg) (reader, tea.Cmd) {
	switch msg := msg.(type) {
	case openedMsg:
		return r.opened(e, msg)
	case renderedMsg:
		return r.rendered(e, msg), nil
	case imageview.DecodedMsg:
		return r.decoded(e, msg), nil
	case framesMsg:
		return r.framesCut(e, msg)
	case jsonMsg:
		return r.jsonLoaded(e, msg), nil
	case uv.CellSizeEvent, tea.ColorProfileMsg: // every tab hears; 16 colours are dithered
		e.preview.Update(msg)
		if r.open {
			r.relayout(e)
		}
	}
	return r, nil
}

// opened shows an item read from the store.
func (r reader) opened(e tabEnv, msg openedMsg) (reader, tea.Cmd) {
	if !r.open || msg.seq != r.seq {
		return r, nil
	}
	if msg.err != nil {
		r.err = msg.err.Error()
		r.relayout(e)
		return r, tab.Error(msg.err)
	}
	r.it = msg.it
	r.wantAt = promptOfMatch(msg.it, r.wantAt)
	r.relayout(e)
	var js tea.Cmd
	if r.json {
		js = jsonCmd(e.db, r.seq, msg.it)
	}
	return r, tea.Batch(decodeCmds(r.seq, msg.it), framesCmd(r.seq, msg.it, e.ffmpeg), js)
}

// promptOfMatch is where a search match in a comparison opens: at the
// prompt of its turn, so the lanes show from the first, whichever lane the
// words were found in (a match in lane 3 opened the
// lanes at 89%). Elsewhere the match itself.
func promptOfMatch(it *loaded, id int64) int64 {
	if id == 0 || it == nil || it.conv == nil || it.conv.Kind != store.KindCompare {
		return id
	}
	turn := -1
	for _, msg := range it.conv.Messages {
		if msg.ID == id {
			turn = msg.Turn
		}
	}
	for _, msg := range it.conv.Messages {
		if msg.Turn == turn && msg.Role == store.RoleUser {
			return msg.ID
		}
	}
	return id
}

// closed is the reader closed, its pictures' renderings forgotten.
func (r reader) closed(p *imageview.Preview) reader {
	for k := range r.images {
		p.Forget(k)
	}
	return reader{}
}

// key handles the keys that are the reader's own: back to the list,
// scrolling, and what is shown. What is done to the item (export, delete,
// re-run) is the tab's (act).
func (r reader) key(e tabEnv, msg tea.KeyPressMsg) (reader, tea.Cmd) {
	k := e.km
	switch {
	case key.Matches(msg, k.Back):
		return r.closed(e.preview), nil
	case key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom):
		return r.scroll(e, msg), nil
	case key.Matches(msg, k.Thinking):
		r.thinking = !r.thinking
		r.relayout(e)
	case key.Matches(msg, k.Lanes):
		r.stacked = !r.stacked
		r.relayout(e)
	case key.Matches(msg, k.JSON):
		var load bool
		if r, load = r.toggleJSON(e); load {
			return r, jsonCmd(e.db, r.seq, r.it)
		}
	case key.Matches(msg, k.File):
		return r, r.openFile()
	case key.Matches(msg, k.NextLink) && r.it != nil && len(r.it.links()) > 0:
		r.link = (r.link + 1) % len(r.it.links())
		r.relayout(e)
	}
	return r, nil
}

// plainTitle is a row's title without a snippet's markers.
func plainTitle(r row) string {
	return strings.NewReplacer(store.HighlightStart, "", store.HighlightEnd, "").Replace(r.title)
}

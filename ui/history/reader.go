package history

import (
	"image"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
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
	back     int  // the item's scroll position while the JSON shows

	jsonParts   []jsonPart
	jsonLoading bool
	jsonErr     string

	images    map[string]image.Image // decoded pictures, by imageKey
	imageErrs map[string]string

	page   page
	offset int   // the first line shown
	wantAt int64 // the message to bring into view once read: a search's match
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

// open starts reading an item; asJSON shows its native JSON first.
func (m Model) open(r row, asJSON bool) (Model, tea.Cmd) {
	m.opens++
	m.reader = reader{open: true, seq: m.opens, row: r, json: asJSON, jsonLoading: asJSON, wantAt: r.messageID,
		images: map[string]image.Image{}, imageErrs: map[string]string{}}
	m.md = newMDCache()
	m.reader.relayout(m.env())
	return m, openCmd(m.db, m.reader.seq, r)
}

// opened shows an item read from the store.
func (m Model) opened(msg openedMsg) (Model, tea.Cmd) {
	if !m.reader.open || msg.seq != m.reader.seq {
		return m, nil
	}
	if msg.err != nil {
		m.reader.err = msg.err.Error()
		m.reader.relayout(m.env())
		return m, tab.Error(msg.err)
	}
	m.reader.it = msg.it
	m.reader.wantAt = promptOfMatch(msg.it, m.reader.wantAt)
	m.reader.relayout(m.env())
	var js tea.Cmd
	if m.reader.json {
		js = jsonCmd(m.db, m.reader.seq, msg.it)
	}
	return m, tea.Batch(decodeCmds(m.reader.seq, msg.it), js)
}

// promptOfMatch is where a search match in a comparison opens: at the
// prompt of its turn, so the lanes show from the first, whichever lane the
// words were found in (issue 19, bug 7: a match in lane 3 opened the
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

func (m Model) readKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.km
	switch {
	case key.Matches(msg, k.Back):
		m.reader = m.reader.closed(m.preview)
		return m, nil
	case key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom):
		e := m.env()
		m.reader = m.reader.scroll(e, m.km.step(msg, max(e.bodyHeight()-2, 1), len(m.reader.page.lines)))
		return m, nil
	case key.Matches(msg, k.Thinking):
		m.reader.thinking = !m.reader.thinking
		m.reader.relayout(m.env())
	case key.Matches(msg, k.Lanes):
		m.reader.stacked = !m.reader.stacked
		m.reader.relayout(m.env())
	case key.Matches(msg, k.JSON):
		var load bool
		if m.reader, load = m.reader.toggleJSON(m.env()); load {
			return m, jsonCmd(m.db, m.reader.seq, m.reader.it)
		}
	case key.Matches(msg, k.File):
		return m, m.reader.openFile()
	case key.Matches(msg, k.Export):
		return m, exportCmd(m.db, m.output, m.reader.row)
	case key.Matches(msg, k.Delete):
		return m.askDelete(m.reader.row, m.reader.title())
	case key.Matches(msg, k.Rerun):
		return m, rerunCmd(m.db, m.reader.row)
	case key.Matches(msg, k.Recipe):
		return m, recipeRerunCmd(m.db, m.reader.row)
	}
	return m, nil
}

// plainTitle is a row's title without a snippet's markers.
func plainTitle(r row) string {
	return strings.NewReplacer(store.HighlightStart, "", store.HighlightEnd, "").Replace(r.title)
}

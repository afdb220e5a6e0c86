package history

import (
	"fmt"
	"image"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/store/price"
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

// readerEnv is what the reader lays out and draws with: the tab's looks,
// size and caches (the caches are the UI loop's only).
type readerEnv struct {
	st            styles
	dark          bool
	width, height int
	md            *mdCache
	preview       *imageview.Preview
	prices        price.Table
}

// env is the reader's environment now.
func (m Model) env() readerEnv {
	return readerEnv{st: m.st, dark: m.dark, width: m.width, height: m.height, md: m.md, preview: m.preview, prices: m.prices}
}

// bodyHeight is the room for the item under its heading line.
func (e readerEnv) bodyHeight() int { return max(e.height-1, 1) }

// scroll moves the view n lines and renders the replies come into sight.
func (r reader) scroll(e readerEnv, n int) reader {
	r.wantAt = 0
	r.offset = r.clampOffset(e, r.offset+n)
	r.ensureVisible(e)
	return r
}

// toggleJSON switches between the item and its native JSON; load reports
// that the JSON is to be read, the first time it is asked for.
func (r reader) toggleJSON(e readerEnv) (_ reader, load bool) {
	r.json = !r.json
	if !r.json {
		r.offset = r.back
		r.relayout(e)
		return r, false
	}
	r.back, r.offset = r.offset, 0
	if r.jsonParts == nil && r.jsonErr == "" && r.it != nil && !r.jsonLoading {
		r.jsonLoading, load = true, true
	}
	r.relayout(e)
	return r, load
}

// openFile opens the item's picture or video in the system's viewer.
func (r reader) openFile() tea.Cmd {
	it := r.it
	switch {
	case it != nil && it.image != nil:
		for _, f := range shownFiles(it.image.Files) {
			if fl := it.files[f.Path]; fl.found {
				return openFileCmd(fl.abs)
			}
		}
	case it != nil && it.video != nil:
		if fl := it.files[it.video.VideoPath]; fl.found {
			return openFileCmd(fl.abs)
		}
	}
	return tab.Warn("no saved file to open")
}

// decoded shows a picture once decoded, if it belongs to the open item.
func (r reader) decoded(e readerEnv, msg imageview.DecodedMsg) reader {
	if !r.open || !strings.HasPrefix(msg.ID, fmt.Sprintf("%d/", r.seq)) {
		return r
	}
	switch {
	case msg.Err != nil:
		r.imageErrs[msg.ID] = msg.Err.Error()
	case msg.Display != nil:
		r.images[msg.ID] = msg.Display
	default:
		r.images[msg.ID] = msg.Image
	}
	r.relayout(e)
	return r
}

// rendered takes renderings made in the background.
func (r reader) rendered(e readerEnv, msg renderedMsg) reader {
	if msg.cache != e.md {
		return r
	}
	e.md.inflight = false
	for k, v := range msg.out {
		e.md.out[k] = v
	}
	if r.open {
		r.relayout(e)
	}
	return r
}

// renderPending starts rendering, in the background, the replies of the
// open item still shown plain; one such command at a time.
func (r reader) renderPending(e readerEnv) tea.Cmd {
	if !r.open || r.it == nil || r.json || e.md.inflight {
		return nil
	}
	jobs := r.page.missing(0, -1)
	if len(jobs) == 0 {
		return nil
	}
	e.md.inflight = true
	return renderCmd(e.md, e.dark, jobs)
}

// relayout lays the item out again (after a change of size, of what is
// shown, or of what has been rendered), keeping the view on the block it
// was on, and renders the replies in sight.
func (r *reader) relayout(e readerEnv) {
	r.layoutKeeping(e)
	r.ensureVisible(e)
}

func (r *reader) layoutKeeping(e readerEnv) {
	key, delta, anchored := r.page.anchor(r.offset)
	r.page = r.layout(e)
	if r.wantAt != 0 && r.it != nil {
		key, delta, anchored = r.wantAt, 0, true
	}
	if at, ok := r.page.find(key); anchored && ok {
		r.offset = at + delta
		r.wantAt = 0 // found once: from now on the view stays where it is
	}
	r.offset = r.clampOffset(e, r.offset)
}

// ensureVisible renders, now, the replies in sight that are shown plain.
// Rendering changes their height, which may bring others into sight.
func (r *reader) ensureVisible(e readerEnv) {
	for range 3 {
		jobs := r.page.missing(r.offset, r.offset+e.bodyHeight())
		if len(jobs) == 0 || r.json {
			return
		}
		e.md.render(jobs, e.dark)
		r.layoutKeeping(e)
	}
}

// layout lays out what the reader shows.
func (r *reader) layout(e readerEnv) page {
	lc := &layoutCtx{width: max(e.width, 1), height: e.bodyHeight(), st: e.st, thinking: r.thinking, stacked: r.stacked,
		md: e.md.out, blocks: e.md.blocks, images: r.images, imageErrs: r.imageErrs, seq: r.seq, preview: e.preview,
		prices: e.prices}
	var blocks []block
	switch {
	case r.err != "":
		blocks = []block{{lines: paragraph(r.err, lc.width, e.st.Problem)}}
	case r.it == nil:
		blocks = []block{{lines: []string{e.st.Hint.Render("opening…")}}}
	case r.json:
		blocks = lc.jsonBlocks(r)
	case r.it.conv != nil:
		blocks = lc.conversation(r.it.conv)
	case r.it.image != nil:
		blocks = lc.imageJob(r.it)
	case r.it.video != nil:
		blocks = lc.videoTask(r.it)
	}
	return assemble(blocks)
}

// clampOffset keeps a scroll position inside the page.
func (r reader) clampOffset(e readerEnv, o int) int {
	return max(0, min(o, len(r.page.lines)-e.bodyHeight()))
}

// plainTitle is a row's title without a snippet's markers.
func plainTitle(r row) string {
	return strings.NewReplacer(store.HighlightStart, "", store.HighlightEnd, "").Replace(r.title)
}

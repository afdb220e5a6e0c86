package history

import (
	"fmt"
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
	m.relayout()
	return m, openCmd(m.db, m.reader.seq, r)
}

// opened shows an item read from the store.
func (m Model) opened(msg openedMsg) (Model, tea.Cmd) {
	if !m.reader.open || msg.seq != m.reader.seq {
		return m, nil
	}
	if msg.err != nil {
		m.reader.err = msg.err.Error()
		m.relayout()
		return m, tab.Error(msg.err)
	}
	m.reader.it = msg.it
	m.reader.wantAt = promptOfMatch(msg.it, m.reader.wantAt)
	m.relayout()
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

// closeItem goes back to the list.
func (m Model) closeItem() Model {
	for k := range m.reader.images {
		m.preview.Forget(k)
	}
	m.reader = reader{}
	return m
}

func (m Model) readKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.km
	switch {
	case key.Matches(msg, k.Back):
		return m.closeItem(), nil
	case key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom):
		return m.scroll(m.readStep(msg)), nil
	case key.Matches(msg, k.Thinking):
		m.reader.thinking = !m.reader.thinking
		m.relayout()
	case key.Matches(msg, k.Lanes):
		m.reader.stacked = !m.reader.stacked
		m.relayout()
	case key.Matches(msg, k.JSON):
		return m.toggleJSON()
	case key.Matches(msg, k.File):
		return m, m.openFile()
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

// readStep is how far a moving key scrolls.
func (m Model) readStep(msg tea.KeyPressMsg) int {
	return m.km.step(msg, max(m.bodyHeight()-2, 1), len(m.reader.page.lines))
}

// scroll moves the view n lines and renders the replies come into sight.
func (m Model) scroll(n int) Model {
	m.reader.wantAt = 0
	m.reader.offset = m.clampOffset(m.reader.offset + n)
	m.ensureVisible()
	return m
}

// toggleJSON switches between the item and its native JSON, read the
// first time it is asked for.
func (m Model) toggleJSON() (Model, tea.Cmd) {
	r := &m.reader
	r.json = !r.json
	if !r.json {
		r.offset = r.back
		m.relayout()
		return m, nil
	}
	r.back, r.offset = r.offset, 0
	var cmd tea.Cmd
	if r.jsonParts == nil && r.jsonErr == "" && r.it != nil && !r.jsonLoading {
		r.jsonLoading = true
		cmd = jsonCmd(m.db, m.reader.seq, r.it)
	}
	m.relayout()
	return m, cmd
}

// openFile opens the item's picture or video in the system's viewer.
func (m Model) openFile() tea.Cmd {
	it := m.reader.it
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
func (m Model) decoded(msg imageview.DecodedMsg) Model {
	if !m.reader.open || !strings.HasPrefix(msg.ID, fmt.Sprintf("%d/", m.reader.seq)) {
		return m
	}
	switch {
	case msg.Err != nil:
		m.reader.imageErrs[msg.ID] = msg.Err.Error()
	case msg.Display != nil:
		m.reader.images[msg.ID] = msg.Display
	default:
		m.reader.images[msg.ID] = msg.Image
	}
	m.relayout()
	return m
}

// rendered takes renderings made in the background.
func (m Model) rendered(msg renderedMsg) Model {
	if msg.cache != m.md {
		return m
	}
	m.md.inflight = false
	for k, v := range msg.out {
		m.md.out[k] = v
	}
	if m.reader.open {
		m.relayout()
	}
	return m
}

// renderPending starts rendering, in the background, the replies of the
// open item still shown plain; one such command at a time.
func (m Model) renderPending() tea.Cmd {
	if !m.reader.open || m.reader.it == nil || m.reader.json || m.md.inflight {
		return nil
	}
	jobs := m.reader.page.missing(0, -1)
	if len(jobs) == 0 {
		return nil
	}
	m.md.inflight = true
	return renderCmd(m.md, m.dark, jobs)
}

// relayout lays the item out again (after a change of size, of what is
// shown, or of what has been rendered), keeping the view on the block it
// was on, and renders the replies in sight.
func (m *Model) relayout() {
	m.layoutKeeping()
	m.ensureVisible()
}

func (m *Model) layoutKeeping() {
	r := &m.reader
	key, delta, anchored := r.page.anchor(r.offset)
	r.page = m.layout()
	if r.wantAt != 0 && r.it != nil {
		key, delta, anchored = r.wantAt, 0, true
	}
	if at, ok := r.page.find(key); anchored && ok {
		r.offset = at + delta
		r.wantAt = 0 // found once: from now on the view stays where it is
	}
	r.offset = m.clampOffset(r.offset)
}

// ensureVisible renders, now, the replies in sight that are shown plain.
// Rendering changes their height, which may bring others into sight.
func (m *Model) ensureVisible() {
	for range 3 {
		r := &m.reader
		jobs := r.page.missing(r.offset, r.offset+m.bodyHeight())
		if len(jobs) == 0 || r.json {
			return
		}
		m.md.render(jobs, m.dark)
		m.layoutKeeping()
	}
}

// layout lays out what the reader shows.
func (m Model) layout() page {
	r := m.reader
	lc := &layoutCtx{width: max(m.width, 1), height: m.bodyHeight(), st: m.st, thinking: r.thinking, stacked: r.stacked,
		md: m.md.out, blocks: m.md.blocks, images: r.images, imageErrs: r.imageErrs, seq: r.seq, preview: m.preview,
		prices: m.prices}
	var blocks []block
	switch {
	case r.err != "":
		blocks = []block{{lines: paragraph(r.err, lc.width, m.st.Problem)}}
	case r.it == nil:
		blocks = []block{{lines: []string{m.st.Hint.Render("opening…")}}}
	case r.json:
		blocks = lc.jsonBlocks(&r)
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
func (m Model) clampOffset(o int) int {
	return max(0, min(o, len(m.reader.page.lines)-m.bodyHeight()))
}

// bodyHeight is the room for the item under its heading line.
func (m Model) bodyHeight() int { return max(m.height-1, 1) }

// plainTitle is a row's title without a snippet's markers.
func plainTitle(r row) string {
	return strings.NewReplacer(store.HighlightStart, "", store.HighlightEnd, "").Replace(r.title)
}

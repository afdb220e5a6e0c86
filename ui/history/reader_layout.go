package history

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// bodyHeight is the room for the item under its heading line.
func (e tabEnv) bodyHeight() int { return max(e.height-1, 1) }

// scroll moves the view by a scrolling key or the wheel (the scroller
// every pane has) and renders the replies come into sight.
func (r reader) scroll(e tabEnv, msg tea.Msg) reader {
	r.wantAt = 0
	r.fit(e)
	r.at.KeyMap = e.km.scroll()
	r.at, _ = r.at.Update(msg)
	r.ensureVisible(e)
	return r
}

// fit tells the scroller the room and the page's length.
func (r *reader) fit(e tabEnv) {
	r.at.SetHeight(e.bodyHeight())
	r.at.SetTotal(len(r.page.lines))
}

// toggleJSON switches between the item and its native JSON; load reports
// that the JSON is to be read, the first time it is asked for.
func (r reader) toggleJSON(e tabEnv) (_ reader, load bool) {
	r.json = !r.json
	if !r.json {
		r.at.SetTotal(r.back + e.bodyHeight()) // the item's lines come with the layout
		r.at.SetOffset(r.back)
		r.relayout(e)
		return r, false
	}
	r.back = r.at.Offset()
	r.at.GotoTop()
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
			return playCmd(fl.abs)
		}
	}
	return tab.Warn("no saved file to open")
}

// decoded shows a picture once decoded, if it belongs to the open item.
func (r reader) decoded(e tabEnv, msg imageview.DecodedMsg) reader {
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
func (r reader) rendered(e tabEnv, msg renderedMsg) reader {
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
func (r reader) renderPending(e tabEnv) tea.Cmd {
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
func (r *reader) relayout(e tabEnv) {
	r.layoutKeeping(e)
	r.ensureVisible(e)
}

func (r *reader) layoutKeeping(e tabEnv) {
	key, delta, anchored := r.page.anchor(r.at.Offset())
	r.page = r.layout(e)
	if r.wantAt != 0 && r.it != nil {
		key, delta, anchored = r.wantAt, 0, true
	}
	offset := r.at.Offset()
	if at, ok := r.page.find(key); anchored && ok {
		offset = at + delta
		r.wantAt = 0 // found once: from now on the view stays where it is
	}
	r.fit(e)
	r.at.SetOffset(offset)
}

// ensureVisible renders, now, the replies in sight that are shown plain.
// Rendering changes their height, which may bring others into sight.
func (r *reader) ensureVisible(e tabEnv) {
	for range 3 {
		jobs := r.page.missing(r.at.Offset(), r.at.Offset()+e.bodyHeight())
		if len(jobs) == 0 || r.json {
			return
		}
		e.md.render(jobs, e.dark)
		r.layoutKeeping(e)
	}
}

// layout lays out what the reader shows.
func (r *reader) layout(e tabEnv) page {
	lc := &layoutCtx{width: max(e.width, 1), height: e.bodyHeight(), st: e.st, thinking: r.thinking, stacked: r.stacked,
		md: e.md.out, blocks: e.md.blocks, images: r.images, imageErrs: r.imageErrs, seq: r.seq, preview: e.preview,
		prices: e.prices, link: r.link}
	var blocks []block
	switch {
	case r.err != "":
		blocks = []block{{lines: paragraph(r.err, lc.width, e.st.Problem)}}
	case r.it == nil:
		blocks = []block{{lines: []string{e.st.Hint.Render("opening…")}}}
	case r.json:
		blocks = lc.jsonBlocks(r)
	case r.it.conv != nil:
		blocks = append(lc.conversation(r.it.conv), lc.lineageBlock(r.it, lc.link)...)
	case r.it.image != nil:
		blocks = lc.imageJob(r.it)
	case r.it.video != nil:
		blocks = lc.videoTask(r.it)
	}
	return assemble(blocks)
}

// lines are the open item's heading line and the lines in sight.
func (r reader) lines(e tabEnv) []string {
	title := e.st.Heading.Render("‹ "+string(r.row.ref.Kind)) + e.st.Hint.Render(" · ") +
		e.st.Title.Render(oneLine(r.title(), max(e.width/2, 10)))
	if tag := tab.LabelTag(r.label(), 30); tag != "" {
		title += e.st.Hint.Render(" · ") + e.st.Label.Render(tag)
	}
	if marks := marksLine(r.it); marks != "" {
		room := e.width - ansi.StringWidth(title) - 3 - 12 // the position's room: "native JSON · 100%"
		title += e.st.Hint.Render(" · ") + e.st.Verdict.Render(oneLine(marks, max(room, 10)))
	}
	pos := r.position(e.st, e.bodyHeight())
	gap := e.width - ansi.StringWidth(title) - ansi.StringWidth(pos)
	lines := []string{title + strings.Repeat(" ", max(gap, 1)) + pos}
	at := r.at
	at.SetHeight(e.bodyHeight())
	return append(lines, at.Window(r.page.lines)...)
}

// position says what shows and how far down it is.
func (r reader) position(st styles, height int) string {
	what := ""
	if r.json {
		what = "native JSON · "
	}
	n, offset := len(r.page.lines), r.at.Offset()
	switch {
	case n <= height:
		return st.Hint.Render(strings.TrimSuffix(what, " · "))
	case offset == 0:
		return st.Hint.Render(what + "top")
	case offset+height >= n:
		return st.Hint.Render(what + "end")
	}
	return st.Hint.Render(fmt.Sprintf("%s%d%%", what, 100*(offset+height)/n))
}

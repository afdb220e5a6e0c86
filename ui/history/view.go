package history

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab"
)

// searchLabel opens the search line.
const searchLabel = "/ search ▸ "

// View draws the list, or the open item.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.strip.IsOpen() {
		return m.strip.View(m.preview)
	}
	var lines []string
	switch {
	case m.reader.open:
		lines = m.reader.lines(m.env())
	case m.costs.open:
		_, label := m.costs.query(m.browse.filters, m.now())
		lines = m.costs.lines(m.st, label, len(m.prices) > 0, m.width, m.height)
	default:
		lines = m.browse.lines(m.env())
	}
	if q := m.del.question(m.st); q != "" {
		lines = append(lines[:min(len(lines), m.height-1)], q)
	}
	if q := m.label.View(m.width); q != "" {
		lines = append(lines[:min(len(lines), m.height-1)], q)
	}
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.width, "…")
	}
	return strings.Join(lines, "\n")
}

// listLines are the search line, the filters while choosing them, and the
// rows in sight.
func (b browse) lines(e tabEnv) []string {
	lines := []string{b.searchLine(e)}
	if b.focus == filtering {
		lines = append(lines, b.filters.lines(e.st, b.query)...)
	}
	if msg := b.list.emptyText(b.query, b.filters.active(), b.scope != nil); msg != "" {
		return append(lines, "", "  "+e.st.Hint.Render(msg))
	}
	rows, at := b.list.window(b.height(e))
	for i, r := range rows {
		lines = append(lines, b.drawn.line(e, r, i == at))
	}
	last := len(rows) > 0 && rowID(rows[len(rows)-1]) == rowID(b.list.rows()[len(b.list.rows())-1])
	switch {
	case len(lines) >= e.height:
	case b.list.loading && b.list.loaded:
		lines = append(lines, "  "+e.st.Hint.Render("loading…"))
	case b.list.capped && last:
		lines = append(lines, "  "+e.st.Hint.Render(fmt.Sprintf("the newest %d matches: more words reach older ones", searchLimit)))
	}
	return lines
}

// rowCache keeps the rows drawn, since View runs after every message and a
// row costs a dozen styled pieces. It belongs to the UI loop.
type rowCache struct {
	width int
	dark  bool
	lines map[rowKey]string
}

type rowKey struct {
	r        row
	selected bool
}

// line is a row drawn, from the cache when it was drawn at this width and
// with these colours before.
func (c *rowCache) line(e tabEnv, r row, selected bool) string {
	if c.lines == nil || c.width != e.width || c.dark != e.dark || len(c.lines) > 4096 {
		c.width, c.dark, c.lines = e.width, e.dark, map[rowKey]string{}
	}
	k := rowKey{r: r, selected: selected}
	if s, ok := c.lines[k]; ok {
		return s
	}
	s := rowLine(e.st, e.width, r, selected)
	c.lines[k] = s
	return s
}

// searchLine is the list's top line: the search, today's spending and
// the filters.
func (b browse) searchLine(e tabEnv) string {
	var left string
	switch {
	case b.focus == searching:
		left = e.st.Prompt.Render(searchLabel) + b.input.View()
	case b.query != "":
		left = e.st.Prompt.Render(searchLabel) + e.st.Value.Render(termtext.String(b.query))
	case b.scope != nil:
		left = e.st.Prompt.Render("batch ") + e.st.Value.Render(oneLine(b.scope.batch.title, 40)) +
			e.st.Hint.Render(" · its cells · esc back")
	default:
		left = e.st.Hint.Render("/ search")
	}
	right := b.filters.summary(e.st)
	if b.spent != nil {
		right = e.st.Hint.Render("today "+price.Label(b.spent)) + "   " + right
	}
	gap := e.width - ansi.StringWidth(left) - ansi.StringWidth(right)
	if b.focus == searching || gap < 2 {
		return left
	}
	return left + strings.Repeat(" ", gap) + right
}

// summary shows kind, family and date, and model and status when they
// narrow the list.
func (f filters) summary(st styles) string {
	var parts []string
	for i := range filterCount {
		if (i == modelFilter || i == statusFilter) && f.values[i] == "" {
			continue
		}
		parts = append(parts, st.Filter.Render(filterNames[i]+": ")+st.Value.Render(f.label(i)))
	}
	return strings.Join(parts, st.Hint.Render(" · "))
}

// lines are the filter form's two lines while the filters are chosen:
// the fields, then the keys (or what was refused); query is the search
// the list answers.
func (f filters) lines(st styles, query string) []string {
	status := f.form.Status()
	if query != "" && f.form.Err() == "" {
		status += st.Hint.Render("   (status does not narrow a search)")
	}
	return []string{"  " + f.form.View(), "  " + status}
}

// emptyText says why there are no rows, for a search for query (or
// none) through filters or not; "" when there are rows.
func (l listState) emptyText(query string, filtered, inBatch bool) string {
	switch {
	case len(l.rows()) > 0:
		return ""
	case l.err != "":
		return oneLine(l.err, 200)
	case !l.loaded || l.loading:
		return "loading…"
	case query != "":
		return "No match for “" + oneLine(query, 60) + "”."
	case filtered:
		return "Nothing matches these filters."
	case inBatch:
		return "No cell of this batch has run yet."
	}
	return "Nothing here yet: chats, comparisons, images and videos show up here as they are made."
}

// Column widths of a row.
const (
	kindWidth = 8
	whenWidth = 18
)

// rowLine is one row, width cells wide: marker, kind, status, date,
// target and title.
func rowLine(st styles, width int, r row, selected bool) string {
	marker, kind := "  ", st.Kind.Render(fit(string(r.ref.Kind), kindWidth))
	if selected {
		marker, kind = st.Selected.Render("▸ "), st.Selected.Render(fit(string(r.ref.Kind), kindWidth))
	}
	targetWidth := min(max(width/4, 14), 30)
	target := st.Target.Render(fit(termtext.String(rowTarget(r)), targetWidth))
	head := marker + kind + statusMark(st, r.status) + " " + st.When.Render(fit(stamp(r.at), whenWidth)) + target + "  "
	if tag := tab.LabelTag(r.label, min(max(width/6, 8), 16)); tag != "" {
		head += st.Label.Render(tag) + " "
	}
	room := max(width-ansi.StringWidth(head), 1)
	title := st.Title.Render(ansi.Truncate(oneLine(r.title, room+1), room, "…"))
	if r.snippet {
		title = ansi.Truncate(highlight(r.title, st), room, "…")
	}
	return head + title
}

// rowTarget is what a row ran against.
func rowTarget(r row) string {
	switch r.ref.Kind {
	case store.KindImage, store.KindVideo:
		return r.model
	case store.KindCompare:
		return r.targets // not one lane's target: all of them, once read
	}
	return join(" ", r.family, r.model)
}

// statusGlyphs are the marks of the listings' status words.
var statusGlyphs = map[string]string{
	store.WordComplete: "✓", store.WordFailed: "✗", store.WordInterrupted: "◌",
	store.WordRunning: "●", store.WordQueued: "●", store.WordDownloadFailed: "✗",
}

// statusMark is one cell saying how an item ended.
func statusMark(st styles, status string) string {
	glyph := statusGlyphs[store.StatusWord(status)]
	switch {
	case status == "":
		return " "
	case glyph == "":
		glyph = "?"
	}
	return statusStyle(st, status).Render(glyph)
}

// highlight is a search snippet on one line, cleaned, with its matches
// styled in place of the store's markers.
func highlight(snippet string, st styles) string {
	var b strings.Builder
	for i, part := range strings.Split(snippet, store.HighlightStart) {
		match, rest, found := strings.Cut(part, store.HighlightEnd)
		if i == 0 || !found {
			b.WriteString(st.Title.Render(flat(part)))
			continue
		}
		b.WriteString(st.Match.Render(flat(match)) + st.Title.Render(flat(rest)))
	}
	return b.String()
}

// flat is text cleaned and on one line, its runs of space kept single but
// its ends kept, since a snippet's pieces meet at them.
func flat(s string) string {
	s = termtext.String(strings.NewReplacer(store.HighlightStart, "", store.HighlightEnd, "").Replace(s))
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' || r == '\t' }), " ")
}

package chat

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/markdown"
)

// indent is where text starts under a header, in line with glamour's
// document margin.
const indent = "  "

// look is what an entry's drawing depends on besides the entry itself.
type look struct {
	width    int
	thinking bool // thinking shown in full
	now      time.Time
	st       *styles
	prices   price.Table // the rates a reply's cost comes from
}

// body is the rendered markdown of a reply, kept while the width and
// styles stay the same.
type body struct {
	key    int // the entry's version
	width  int
	styled int // the styles' generation it was drawn in
	lines  []string
	codes  []markdown.CodeBlock
}

// renderBody renders a finished reply's markdown once.
func renderBody(text string, width int, st markdown.Styles) body {
	r := markdown.NewRenderer(width, st)
	r.Append(text)
	lines := r.Lines()
	return body{width: width, lines: append([]string(nil), lines...), codes: r.CodeBlocks()}
}

// promptLines draws a prompt: its header, its text as written (wrapped,
// never rendered as markdown) and its attachments.
func promptLines(e *entry, lk look) []string {
	st := lk.st
	head := st.Reply.You.Render("▸ You") + st.Reply.Figures.Render(" · "+clock(e.at, lk.now))
	switch {
	case e.forks():
		head += st.Reply.Figures.Render(figureSep + e.forkMark())
	case e.edited:
		head += st.Reply.Figures.Render(" · edited")
	}
	if e.chosen {
		head += st.Label.Render(" · ✎ editing: a branch from here")
	}
	out := []string{head}
	text := untab(termtext.String(strings.TrimRight(e.text, "\n")))
	wrapped := ansi.Wrap(text, max(lk.width-len(indent), 10), " ")
	for l := range strings.SplitSeq(wrapped, "\n") {
		out = append(out, indent+st.Reply.Text.Render(l))
	}
	for _, a := range e.images {
		out = append(out, indent+st.Reply.Figures.Render("🖼 "+termtext.String(a.name)))
	}
	return out
}

// headerKey is what a reply header shows: the reply arriving is drawn at
// every frame, its header the same until it ends (styling and cutting it
// was a fiftieth of a frame's work).
type headerKey struct {
	model, family, figures string
	width                  int
	st                     *styles
}

// headerOf is reply e's header, as last drawn when nothing it shows
// changed.
func (t *transcript) headerOf(e *entry, lk look) string {
	fig := figures(e, lk.prices)
	if e.forks() { // "2 of 3" first: the figures are the alternative's own
		fig = figureSep + e.forkMark() + fig
	}
	key := headerKey{model: e.model, family: string(e.family), figures: fig, width: lk.width, st: lk.st}
	return t.header.get(key, func() string { return header(e, fig, lk) })
}

// header is a reply's header: the model and its figures, the figures a
// prompt engineer wants, on one line when they fit. Where they do not,
// they go on to a line of their own (indented), a figure never cut in two:
// at 120 columns with prices set the stop reason would be cut
// ("· end_tu…"). Its lines are joined by newlines.
func header(e *entry, fig string, lk look) string {
	st := lk.st
	model := termtext.String(e.model)
	if model == "" {
		model = string(e.family)
	}
	head := "▾ " + model
	if ansi.StringWidth(head+fig) <= lk.width || fig == "" {
		return ansi.Truncate(st.Reply.Header.Render(head)+st.Reply.Figures.Render(fig), lk.width, "…")
	}
	lines := []string{st.Reply.Header.Render(ansi.Truncate(head, lk.width, "…"))}
	w := ansi.StringWidth(head)
	for _, part := range strings.Split(strings.TrimPrefix(fig, figureSep), figureSep) {
		seg := figureSep + part
		if w+ansi.StringWidth(seg) > lk.width { // on to a line of its own
			lines, w, seg = append(lines, indent), len(indent), part
		}
		lines[len(lines)-1] += st.Reply.Figures.Render(ansi.Truncate(seg, max(lk.width-w, 1), "…"))
		w += ansi.StringWidth(seg)
	}
	return strings.Join(lines, "\n")
}

// figureSep parts a reply's figures.
const figureSep = " · "

// figures are a reply's timings, tokens, rate and stop reason.
func figures(e *entry, prices price.Table) string {
	var parts []string
	if e.ttft > 0 {
		parts = append(parts, seconds(e.ttft)+" to first token")
	}
	if e.status == store.StatusStreaming {
		parts = append(parts, "streaming…")
	} else if e.total > 0 {
		parts = append(parts, seconds(e.total))
	}
	// A reply that did not complete has no final count of tokens or stop
	// reason: what the stream said so far (alpha's first count is 1) would
	// read as the reply's ("2.0 s · 1 tok · 1 tok/s").
	final := !e.broken()
	if e.usage.Output > 0 && final {
		parts = append(parts, strconv.Itoa(e.usage.Output)+" tok")
		if cost := replyCost(e, prices); cost != "" { // before the rate: a narrow header keeps it
			parts = append(parts, cost)
		}
		if d := e.total - e.ttft; d > 0 {
			parts = append(parts, fmt.Sprintf("%.0f tok/s", float64(e.usage.Output)/d.Seconds()))
		}
	}
	if e.stop != "" && final {
		parts = append(parts, termtext.String(e.stop))
	}
	if len(parts) == 0 {
		return ""
	}
	return figureSep + strings.Join(parts, figureSep)
}

// seconds writes a duration as people read timings: 0.4 s, 12 s.
func seconds(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return fmt.Sprintf("%.0f s", d.Seconds())
}

// clock is when a prompt was sent: the time today, the date before.
func clock(t, now time.Time) string {
	if t.IsZero() {
		return "now"
	}
	t, now = t.Local(), now.Local()
	if t.YearDay() == now.YearDay() && t.Year() == now.Year() {
		return t.Format("15:04")
	}
	return t.Format("Jan 2 15:04")
}

// thinkingLines draws a reply's thinking: one line when collapsed, the text
// when shown.
func thinkingLines(e *entry, lk look) []string {
	if e.thinking == "" {
		return nil
	}
	st := lk.st.Reply.Thinking
	f := thinkingFlow(e)
	if !lk.thinking {
		return []string{indent + st.Render(fmt.Sprintf("▸ thinking · %d words", f.words))}
	}
	lines := f.lines(max(lk.width-2*len(indent), 10))
	style := func(l string) string { return indent + indent + st.Render(l) }
	out := []string{indent + st.Render("▾ thinking")}
	if e.live == nil {
		for _, l := range lines {
			out = append(out, style(l))
		}
		return out
	}
	// The lines kept by the flow are styled once (lipgloss costs as much as
	// the wrapping); only the last, still growing, again at each frame.
	c := &e.live.styled
	if c.width != f.width || c.st != lk.st || len(c.lines) > len(f.kept) {
		*c = styledLines{width: f.width, st: lk.st}
	}
	for _, l := range f.kept[len(c.lines):] {
		c.lines = append(c.lines, style(l))
	}
	out = append(out, c.lines...)
	for _, l := range lines[len(f.kept):] {
		out = append(out, style(l))
	}
	return out
}

// toolLines shows each tool or web-search call on a line.
func toolLines(e *entry, lk look) []string {
	var out []string
	for _, t := range e.tools {
		line := "⚙ " + termtext.String(t.Name)
		if in := strings.Join(strings.Fields(termtext.String(t.Input)), " "); in != "" {
			line += " · " + in
		}
		out = append(out, indent+lk.st.Reply.Tool.Render(ansi.Truncate(line, max(lk.width-len(indent), 1), "…")))
	}
	return out
}

// sourceLines are the citations, numbered.
func sourceLines(e *entry, lk look) []string {
	var out []string
	for i, s := range e.sources {
		num := fmt.Sprintf("[%d] ", i+1)
		text := strings.Join(strings.Fields(termtext.String(s.Title)), " ")
		url := termtext.String(s.URL)
		if text == "" {
			text = url
		} else if url != "" {
			text += " · " + url
		}
		room := max(lk.width-len(indent)-len(num), 1)
		out = append(out, indent+lk.st.Reply.Number.Render(num)+lk.st.Reply.Source.Render(ansi.Truncate(text, room, "…")))
	}
	return out
}

// endLines say how a reply ended when it did not end well, or paused.
func endLines(e *entry, lk look) []string {
	st := lk.st
	switch {
	case e.status == store.StatusInterrupted:
		why := "stopped · the partial reply is kept"
		switch {
		case e.errText != "" && e.errText != "stopped":
			why = oneLine(e.errText)
		case e.text == "" && e.thinking == "":
			why = "stopped before any text"
		}
		return []string{indent + st.Reply.Paused.Render("■ "+why)}
	case e.status == store.StatusError:
		text := ansi.Wrap("✗ "+oneLine(e.errText), max(lk.width-len(indent), 10), " ")
		var out []string
		for l := range strings.SplitSeq(text, "\n") {
			out = append(out, indent+st.Reply.Problem.Render(l))
		}
		return out
	case e.paused():
		return []string{indent + st.Reply.Paused.Render("⏸ the model paused its turn · enter on an empty prompt continues it")}
	}
	return nil
}

// oneLine makes untrusted text (an error from the network) safe and flat.
func oneLine(s string) string {
	return strings.Join(strings.Fields(termtext.String(s)), " ")
}

// untab turns tabs into spaces, whose width the layout knows.
func untab(s string) string { return strings.ReplaceAll(s, "\t", "    ") }

// pad fits a line to w columns.
func pad(line string, w int) string {
	n := markdown.LineWidth(line)
	if n > w {
		return ansi.Truncate(line, w, "")
	}
	return line + strings.Repeat(" ", w-n)
}

// rule is a horizontal line w wide.
func rule(st lipgloss.Style, w int) string { return st.Render(strings.Repeat("─", max(w, 0))) }

// thinkingFlow is a reply's thinking, wrapped: as it streamed for the
// reply arriving, else all at once (a finished reply is drawn once per
// width and kept).
func thinkingFlow(e *entry) *flow {
	if e.live != nil {
		return &e.live.flow
	}
	return newFlow(e.thinking)
}

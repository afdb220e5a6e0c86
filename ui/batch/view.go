package batch

import (
	"fmt"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	engine "atelier/batch"
	"atelier/store"
	"atelier/termtext"
	"atelier/ui/tab"
)

// View draws what has the screen: a cell's replies, the matrix, or the
// list of batches.
func (m Model) View() string {
	var lines []string
	switch {
	case m.reader != nil:
		lines = m.reader.view(m.st, m.height)
	case m.mx != nil:
		lines = m.matrixView()
	default:
		lines = m.listView()
	}
	if q := m.guard.View(m.dark, m.width); q != "" {
		lines = append(lines[:min(len(lines), max(m.height-1, 0))], q)
	}
	if len(lines) > m.height {
		lines = lines[:m.height]
	}
	return strings.Join(lines, "\n")
}

// listView is the batches, newest first.
func (m Model) listView() []string {
	w := m.width
	out := []string{m.st.Title.Render("Batches") + m.st.Muted.Render(fit("  ·  n runs a batch file, enter opens one", max(w-7, 0)))}
	if m.run != nil {
		out = append(out, m.progressLine(m.run, w))
	}
	switch {
	case m.db == nil:
		return append(out, m.st.Muted.Render("no history: batches are recorded there"))
	case m.errMsg != "":
		out = append(out, m.st.Fail.Render(fit(m.errMsg, w)))
	}
	rows, cursor := m.list.Window()
	if len(rows) == 0 {
		out = append(out, m.list.EmptyView(w, "no batches yet: n runs a batch file (atelier batch run FILE does too)"))
	}
	for i, b := range rows {
		line := fit(batchRow(b), w)
		switch {
		case m.list.AskingFor(b):
			line = m.st.Fail.Render(line)
		case i == cursor:
			line = m.st.Selected.Render(line)
		default:
			line = m.st.Text.Render(line)
		}
		out = append(out, line)
	}
	if m.typing {
		out = append(out, m.input.View())
	} else if q := m.list.QuestionView(w); q != "" {
		out = append(out, q)
	} else if f := m.list.FilterView(w); f != "" {
		out = append(out, f)
	}
	return out
}

// batchRow is one batch in the list.
func batchRow(b store.Batch) string {
	when := b.CreatedAt.Local().Format("2006-01-02 15:04")
	passed := ""
	if b.Passed > 0 {
		passed = fmt.Sprintf(" · %d passed", b.Passed)
	}
	return fmt.Sprintf(" %4d  %s  %-8s %s · %d/%d done%s%s", b.ID, when, b.Status, termtext.String(b.Name),
		b.Done, b.Cells, failedText(b.Failed), passed)
}

func failedText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" · %d failed", n)
}

// progressLine is the run's bar with its counts, rate and time left.
func (m Model) progressLine(r *running, w int) string {
	p := r.last
	barW := min(max(w/4, 10), 40)
	filled := 0
	if p.Total > 0 {
		filled = (p.Done + p.Failed) * barW / p.Total
	}
	bar := m.st.Bar.Render(strings.Repeat("█", filled)) + m.st.BarEmpty.Render(strings.Repeat("░", barW-filled))
	text := " " + p.Line()
	if r.stopping {
		text += " · stopping…"
	}
	return bar + m.st.Text.Render(fit(text, max(w-barW, 0)))
}

// matrixView is the open batch: its heading, the run's progress, the
// cases × targets and the summary rows. All but the progress line is
// kept between frames (drawCache): a run's report redraws that line only.
func (m Model) matrixView() []string {
	x := m.mx
	k := drawKey{mx: x, gen: x.gen, row: x.row, col: x.col, top: x.top, left: x.left, w: m.width, h: m.height,
		dark: m.dark, basic: tab.BasicColors(), running: m.runningOpen(), thumbs: m.thumbs.gen, status: x.b.Status, done: x.b.Done, failed: x.b.Failed}
	if m.draw.key != k {
		m.draw.key, m.draw.head, m.draw.body = k, m.matrixHead(), m.matrixBody()
	}
	out := make([]string, 0, m.height)
	out = append(out, m.draw.head)
	if m.runningOpen() {
		out = append(out, m.progressLine(m.run, m.width))
	}
	return append(out, m.draw.body...)
}

// drawCache is the matrix as last drawn, and what it was drawn for. It
// belongs to the UI loop (the model's copies share it).
type drawCache struct {
	key  drawKey
	head string
	body []string
}

// drawKey is everything the matrix's drawing depends on, but the run's
// progress.
type drawKey struct {
	mx                   *matrix
	gen, thumbs          int
	row, col, top, left  int
	w, h                 int
	dark, basic, running bool
	status               string
	done, failed         int
}

// matrixHead is the batch's heading line.
func (m Model) matrixHead() string {
	x, b := m.mx, m.mx.b
	head := fmt.Sprintf("batch %d %s · %s · %s · %d done%s", b.ID, termtext.String(b.Name), b.Status,
		tab.Plural(len(x.plan.Cases), "case")+" × "+tab.Plural(len(x.plan.Targets), "target")+" × "+tab.Plural(x.plan.Repeats, "repeat"),
		b.Done, failedText(b.Failed))
	return m.st.Title.Render(fit(head, m.width))
}

// matrixBody is the sort line, the column heads, the cases in sight and
// the summary rows.
func (m Model) matrixBody() []string {
	x, w := m.mx, m.width
	dir := "↓"
	if x.reverse {
		dir = "↑"
	}
	filter := "all cases"
	if x.onlyDiff {
		filter = "only where targets disagree"
		if x.disagree == nil {
			filter += " (reading replies…)"
		}
	}
	out := []string{m.st.Muted.Render(fit(fmt.Sprintf("sorted by %s %s · %s · %d of %d shown", termtext.String(x.sortName()), dir,
		filter, len(x.rows), len(x.plan.Cases)), w))}
	out = append(out, m.headRow())
	rows := m.matrixRows()
	for i := x.top; i < len(x.rows) && i < x.top+rows; i++ {
		out = append(out, m.caseRow(i)...)
	}
	if len(x.rows) == 0 {
		out = append(out, m.st.Muted.Render(fit("no case where the targets disagree", w)))
	}
	room := m.height - 3 - len(x.plan.Targets) // the heading, the summary's rule and heads
	if m.runningOpen() {
		room--
	}
	for len(out) < room {
		out = append(out, "")
	}
	return append(out, m.summaryView()...)
}

// visibleTargets are the target columns in sight.
func (m Model) visibleTargets() []int {
	x := m.mx
	var out []int
	for t := x.left; t < len(x.plan.Targets) && len(out) < m.targetsInSight(); t++ {
		out = append(out, t)
	}
	return out
}

// headRow is the column heads: "case", then the targets in sight.
func (m Model) headRow() string {
	x := m.mx
	var b strings.Builder
	left := "case"
	if x.left > 0 {
		left = "case  ← more"
	}
	b.WriteString(m.st.Header.Render(fit(left, m.caseWidth())))
	vis := m.visibleTargets()
	for _, t := range vis {
		b.WriteString(m.st.Rule.Render("│ ") + m.st.Header.Render(fit(termtext.String(x.plan.Targets[t]), m.colWidth()-2)))
	}
	if last := x.left + len(vis); last < len(x.plan.Targets) {
		b.WriteString(m.st.Muted.Render(" →"))
	}
	return ansi.Truncate(b.String(), m.width, "")
}

// caseRow is row i of the matrix: two lines.
func (m Model) caseRow(i int) []string {
	x := m.mx
	c := x.rows[i]
	cs := x.plan.Cases[c]
	cw, colW := m.caseWidth(), m.colWidth()-2
	var l1, l2 strings.Builder
	name := m.st.Text
	if i == x.row {
		name = m.st.Header
	}
	l1.WriteString(name.Render(fit(termtext.String(cs.Name), cw)))
	l2.WriteString(m.st.Muted.Render(fit(varsText(cs.Vars), cw)))
	for _, t := range m.visibleTargets() {
		s := x.grid[c][t]
		figures, first := m.cellText(s, colW)
		if i == x.row && t == x.col {
			figures, first = m.st.Selected.Render(fit(ansi.Strip(figures), colW)), m.st.Selected.Render(fit(ansi.Strip(first), colW))
		}
		l1.WriteString(m.st.Rule.Render("│ ") + figures)
		l2.WriteString(m.st.Rule.Render("│ ") + first)
	}
	out := []string{ansi.Truncate(l1.String(), m.width, ""), ansi.Truncate(l2.String(), m.width, "")}
	if x.plan.IsImage() {
		thumbs := make([]strings.Builder, thumbRows)
		for i := range thumbs {
			thumbs[i].WriteString(strings.Repeat(" ", cw))
		}
		for _, t := range m.visibleTargets() {
			for i, line := range m.thumbLines(x.grid[c][t].media, colW) {
				thumbs[i].WriteString(m.st.Rule.Render("│ ") + line)
			}
		}
		for i := range thumbs {
			out = append(out, ansi.Truncate(thumbs[i].String(), m.width, ""))
		}
	}
	return out
}

// varsText is a case's variable values, for under its name.
func varsText(vars map[string]string) string {
	if len(vars) == 0 {
		return ""
	}
	parts := make([]string, 0, len(vars))
	for _, k := range sortedKeys(vars) {
		parts = append(parts, k+"="+vars[k])
	}
	return termtext.String(strings.Join(parts, " "))
}

// cellText is a cell's two lines, styled and w wide: its mark (✓ every
// check passed, ✗ one failed or an error, ● done without checks, ▸
// running, · waiting) with its repeats done, the median total time and
// mean output tokens; then the first line of its reply, or its error.
func (m Model) cellText(s cellSum, w int) (string, string) {
	n := len(s.repeats)
	var mark string
	var st lipgloss.Style
	switch {
	case s.failed > 0 || (s.checked > 0 && s.passed < s.checked):
		mark, st = "✗", m.st.Fail
	case s.checked > 0:
		mark, st = "✓", m.st.Pass
	case s.running > 0:
		mark, st = "▸", m.st.Warn
	case s.done > 0:
		mark, st = "●", m.st.Text
	default:
		mark, st = "·", m.st.Muted
	}
	count := fmt.Sprintf("%d/%d", s.done, n)
	if s.checked > 0 {
		count = fmt.Sprintf("%d/%d", s.passed, n)
	}
	figs := ""
	switch {
	case s.done > 0 && s.media != "":
		figs = " " + seconds(s.total) // an image: no tokens
	case s.done > 0:
		figs = fmt.Sprintf(" %s %dt", seconds(s.total), s.tokens)
	}
	line1 := st.Render(mark+" "+count) + m.st.Muted.Render(fit(figs, max(w-ansi.StringWidth(mark+" "+count), 0)))
	first := s.first
	fs := m.st.Muted
	if first == "" && s.err != "" {
		first, fs = s.err, m.st.Fail
	}
	first = termtext.String(first)
	if s.media != "" && ansi.StringWidth(first) > w { // a file: its name matters more than its folder
		first = ansi.TruncateLeft(first, ansi.StringWidth(first)-w+1, "…")
	}
	return line1, fs.Render(fit(first, w))
}

func seconds(d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// summaryView is the row per target: pass rate, median and p95 time to
// first token and total, tokens per second, output length, errors and
// stability across repeats.
func (m Model) summaryView() []string {
	x, w := m.mx, m.width
	tw := min(max(w-62, 10), 40)
	row := func(cols ...string) string {
		s := fit(cols[0], tw-1) + " "
		widths := []int{6, 13, 13, 7, 7, 5, 6}
		for i, c := range cols[1:] {
			s += fit(c, widths[i])
		}
		return fit(s, w)
	}
	out := []string{m.st.Rule.Render(strings.Repeat("─", max(w, 0))),
		m.st.Header.Render(row("target", "pass", "TTFT p50/95", "total p50/95", "tok/s", "out", "err", "stab"))}
	if x.summary == nil {
		return append(out, m.st.Muted.Render(fit("reading the replies…", w)))
	}
	for _, s := range x.summary {
		out = append(out, m.st.Text.Render(row(termtext.String(s.Target), engine.RateText(s.PassRate),
			pair(s.TTFTMedian, s.TTFTP95), pair(s.TotalMedian, s.TotalP95), fmt.Sprintf("%.1f", s.TokensPerSecond),
			fmt.Sprintf("%.0f", s.OutputTokens), fmt.Sprint(s.Failed), engine.ShareText(s.Stability))))
	}
	return out
}

// pair is a median and a p95 in seconds: "0.21/0.40s".
func pair(a, b time.Duration) string {
	if a <= 0 && b <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f/%.2fs", a.Seconds(), b.Seconds())
}

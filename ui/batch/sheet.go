package batch

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	engine "atelier/batch"
	"atelier/internal/termtext"
	"atelier/ui/tab"
)

// sheet draws an open batch's matrix in a layout's room: the heading, the
// sort line, the column heads, the cases in sight (with an image batch's
// thumbnails) and the summary rows. It is apart from the Model because
// drawing needs only these; the Model makes one for a frame that is not
// in its drawCache, and keeps what it drew, never the sheet.
type sheet struct {
	layout
	st     styles
	thumbs *thumbCache
}

// head is the batch's heading line.
func (v sheet) head() string {
	x, b := v.x, v.x.b
	head := fmt.Sprintf("batch %d %s · %s · %s · %d done%s", b.ID, termtext.String(b.Name), b.Status,
		tab.Plural(len(x.plan.Cases), "case")+" × "+tab.Plural(len(x.plan.Targets), "target")+" × "+tab.Plural(x.plan.Repeats, "repeat"),
		b.Done, failedText(b.Failed))
	return v.st.Title.Render(fit(head, v.w))
}

// body is the sort line, the column heads, the cases in sight and
// the summary rows.
func (v sheet) body() []string {
	x, w := v.x, v.w
	dir := "↓"
	if x.reverse {
		dir = "↑"
	}
	filter := "all cases"
	switch {
	case x.onlyDiff:
		filter = "only where targets disagree"
		if x.disagree == nil {
			filter += " (reading replies…)"
		}
	case x.onlyFlaky:
		filter = "only flaky cases"
	}
	if x.stability {
		filter += " · repeats"
	}
	out := []string{v.st.Muted.Render(fit(fmt.Sprintf("sorted by %s %s · %s · %d of %d shown", termtext.String(x.sortName()), dir,
		filter, len(x.rows), len(x.plan.Cases)), w))}
	out = append(out, v.headRow())
	rows := v.rows()
	for i := x.top; i < len(x.rows) && i < x.top+rows; i++ {
		out = append(out, v.caseRow(i)...)
	}
	if len(x.rows) == 0 {
		none := "no case where the targets disagree"
		if x.onlyFlaky {
			none = "no flaky case: every case's repeats all passed or all failed"
		}
		out = append(out, v.st.Muted.Render(fit(none, w)))
	}
	room := v.h - 3 - len(x.plan.Targets) // the heading, the summary's rule and heads
	if v.running {
		room--
	}
	for len(out) < room {
		out = append(out, "")
	}
	return append(out, v.summaryView()...)
}

// headRow is the column heads: "case", then the targets in sight.
func (v sheet) headRow() string {
	x := v.x
	var b strings.Builder
	left := "case"
	if x.left > 0 {
		left = "case  ← more"
	}
	b.WriteString(v.st.Header.Render(fit(left, v.caseWidth())))
	vis := v.visibleTargets()
	for _, t := range vis {
		b.WriteString(v.st.Rule.Render("│ ") + v.st.Header.Render(fit(termtext.String(x.labels[t]), v.colWidth()-2)))
	}
	if last := x.left + len(vis); last < len(x.plan.Targets) {
		b.WriteString(v.st.Muted.Render(" →"))
	}
	return ansi.Truncate(b.String(), v.w, "")
}

// caseRow is row i of the matrix: two lines.
func (v sheet) caseRow(i int) []string {
	x := v.x
	c := x.rows[i]
	cs := x.plan.Cases[c]
	cw, colW := v.caseWidth(), v.colWidth()-2
	var l1, l2 strings.Builder
	name := v.st.Text
	if i == x.row {
		name = v.st.Header
	}
	l1.WriteString(name.Render(fit(termtext.String(cs.Name), cw)))
	l2.WriteString(v.st.Muted.Render(fit(varsText(cs.Vars), cw)))
	for _, t := range v.visibleTargets() {
		s := x.grid[c][t]
		figures, first := v.cellText(s, colW)
		if x.stability {
			figures, first = v.stabilityText(c, t, s, colW)
		}
		if i == x.row && t == x.col {
			figures, first = v.st.Selected.Render(fit(ansi.Strip(figures), colW)), v.st.Selected.Render(fit(ansi.Strip(first), colW))
		}
		l1.WriteString(v.st.Rule.Render("│ ") + figures)
		l2.WriteString(v.st.Rule.Render("│ ") + first)
	}
	out := []string{ansi.Truncate(l1.String(), v.w, ""), ansi.Truncate(l2.String(), v.w, "")}
	if x.plan.IsImage() {
		thumbs := make([]strings.Builder, thumbRows)
		for i := range thumbs {
			thumbs[i].WriteString(strings.Repeat(" ", cw))
		}
		for _, t := range v.visibleTargets() {
			for i, line := range v.thumbs.show(x.grid[c][t].media, colW, v.st) {
				thumbs[i].WriteString(v.st.Rule.Render("│ ") + line)
			}
		}
		for i := range thumbs {
			out = append(out, ansi.Truncate(thumbs[i].String(), v.w, ""))
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
// repeat done and every check passed, ✗ a check failed or an error, ●
// every repeat done without checks, ▸ running, ◐ stopped midway, ·
// waiting) with its repeats done (passed, with checks), the median total
// time and mean output tokens; then the first line of its reply, or its
// error, or that it was interrupted. A cell is never ✓ or ● with repeats
// left ("✓ 2/3" for a cell half done when a batch was stopped).
func (v sheet) cellText(s cellSum, w int) (string, string) {
	n := len(s.repeats)
	mark, st := v.mark(s)
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
	line1 := st.Render(mark+" "+count) + v.st.Muted.Render(fit(figs, max(w-ansi.StringWidth(mark+" "+count), 0)))
	first := s.first
	fs := v.st.Muted
	switch {
	case first == "" && s.err != "":
		first, fs = s.err, v.st.Fail
	case first == "" && s.interrupted > 0:
		first, fs = "interrupted: r resumes", v.st.Warn
	}
	first = termtext.String(first)
	if s.media != "" && ansi.StringWidth(first) > w { // a file: its name matters more than its folder
		first = ansi.TruncateLeft(first, ansi.StringWidth(first)-w+1, "…")
	}
	return line1, fs.Render(fit(first, w))
}

// mark is a cell's mark and its style (see cellText).
func (v sheet) mark(s cellSum) (string, lipgloss.Style) {
	switch {
	case s.failed > 0 || (s.checked > 0 && s.passed < s.checked):
		return "✗", v.st.Fail
	case s.running > 0:
		return "▸", v.st.Warn
	case s.interrupted > 0:
		return "◐", v.st.Warn
	case s.done < len(s.repeats):
		return "·", v.st.Muted
	case s.checked > 0:
		return "✓", v.st.Pass
	}
	return "●", v.st.Text
}

// summaryView is the row per target: pass rate, median and p95 time to
// first token and total, tokens per second, output length, errors and
// stability across repeats.
func (v sheet) summaryView() []string {
	if v.x.stability {
		return v.stabilitySummary()
	}
	return v.summaryTable(62, []int{6, 13, 13, 7, 7, 5, 6},
		[]string{"pass", "TTFT p50/95", "total p50/95", "tok/s", "out", "err", "stab"},
		func(_ int, s engine.TargetSummary) []string {
			return []string{engine.RateText(s.PassRate), pair(s.TTFTMedian, s.TTFTP95), pair(s.TotalMedian, s.TotalP95),
				fmt.Sprintf("%.1f", s.TokensPerSecond), fmt.Sprintf("%.0f", s.OutputTokens), fmt.Sprint(s.Failed),
				engine.ShareText(s.Stability)}
		})
}

// summaryTable is a summary under its rule: a heading row, then a row a
// target, its label first (the short label the matrix uses, when it has
// one), then the columns cells gives, at widths; the label's column takes
// what w leaves beside the others' (rest), 10 to 40 columns.
func (v sheet) summaryTable(rest int, widths []int, heads []string, cells func(i int, s engine.TargetSummary) []string) []string {
	x, w := v.x, v.w
	tw := min(max(w-rest, 10), 40)
	row := func(label string, cols []string) string {
		s := fit(label, tw-1) + " "
		for i, c := range cols {
			s += fit(c, widths[i])
		}
		return fit(s, w)
	}
	out := []string{v.st.Rule.Render(strings.Repeat("─", max(w, 0))), v.st.Header.Render(row("target", heads))}
	if x.summary == nil {
		return append(out, v.st.Muted.Render(fit("reading the replies…", w)))
	}
	for i, s := range x.summary {
		label := s.Target
		if i < len(x.labels) && s.Target == x.plan.Targets[i] {
			label = x.labels[i]
		}
		out = append(out, v.st.Text.Render(row(termtext.String(label), cells(i, s))))
	}
	return out
}

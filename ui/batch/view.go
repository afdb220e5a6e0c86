package batch

import (
	"fmt"
	"strings"
	"time"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/ui/tab"
)

// View draws what has the screen: a cell's replies, the matrix, or the
// list of batches.
func (m Model) View() string {
	var lines []string
	switch {
	case m.reader != nil:
		lines = m.reader.view(m.st)
	case m.mx != nil:
		lines = m.matrixView()
	default:
		lines = m.listView()
	}
	if q := m.gate.guard.View(m.dark, m.width); q != "" {
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
		out = append(out, m.run.line(m.st, w))
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
	if m.path.typing {
		out = append(out, m.path.input.View())
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

// matrixView is the open batch: its heading, the run's progress, the
// cases × targets and the summary rows. All but the progress line is
// kept between frames (drawCache): a run's report redraws that line only.
func (m Model) matrixView() []string {
	x := m.mx
	k := drawKey{mx: x, gen: x.gen, row: x.row, col: x.col, top: x.top, left: x.left, w: m.width, h: m.height,
		dark: m.dark, basic: tab.BasicColors(), running: m.runningOpen(), thumbs: m.thumbs.gen, status: x.b.Status, done: x.b.Done, failed: x.b.Failed}
	if m.draw.key != k {
		s := sheet{layout: m.layout(), st: m.st, thumbs: m.thumbs}
		m.draw.key, m.draw.head, m.draw.body = k, s.head(), s.body()
	}
	out := make([]string, 0, m.height)
	out = append(out, m.draw.head)
	if m.runningOpen() {
		out = append(out, m.run.line(m.st, m.width))
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

func seconds(d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// pair is a median and a p95 in seconds: "0.21/0.40s".
func pair(a, b time.Duration) string {
	if a <= 0 && b <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f/%.2fs", a.Seconds(), b.Seconds())
}

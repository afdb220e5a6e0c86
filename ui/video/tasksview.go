package video

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/homepath"
	"atelier/internal/limits"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab"
)

// lines draws n lines of tasks, scrolled to show the selected one,
// under the filter while there is one.
// browsing marks the selected task: the list has the keyboard.
func (l taskList) lines(s taskStyles, browsing bool, w, n int) []string {
	var out []string
	if f := l.FilterView(w - 2); f != "" {
		out = append(out, "  "+f)
	}
	items := l.Items()
	switch {
	case len(items) == 0 && !l.loaded && l.history:
		return append(out, "")
	case len(items) == 0:
		return append(out, s.Muted.Render("  none yet: fill in the form (tab), then enter sends it"))
	case l.Len() == 0:
		return append(out, "  "+l.EmptyView(w-2, ""))
	}
	cols := columns{id: 8, endpoint: 12, status: 8}
	for _, t := range items {
		cols.endpoint = max(cols.endpoint, ansi.StringWidth(shortEndpoint(t.rec.Endpoint)))
		cols.status = max(cols.status, ansi.StringWidth(clean(t.status())))
		cols.queue = max(cols.queue, ansi.StringWidth(queueText(t)))
		cols.label = max(cols.label, ansi.StringWidth(tab.LabelTag(t.rec.Label, tagWidth(w))))
	}
	cols.endpoint, cols.status = min(cols.endpoint, max(w/5, 12)), min(cols.status, 14)
	l.SetHeight(n - len(out))
	rows, at := l.Window()
	for i, t := range rows {
		out = append(out, l.line(s, l.clock.now, t, browsing && i == at, w, cols))
	}
	return out
}

// status is the task's status word as the list shows it: FAILED for a
// failed task, whatever the service said of it (a form C failure is a
// COMPLETED status with a detail, and records of earlier versions kept it).
func (t task) status() string {
	if t.failure() != nil {
		return store.VideoFailed
	}
	return t.rec.Status
}

// columns are the widths of the task list's columns; a queue width of 0
// leaves the column out.
type columns struct{ id, endpoint, status, queue, label int }

// tagWidth is the widest a label's tag is in a list w wide: 16 cells, less
// at 80 columns, where the news beside it needs the room; the detail line
// shows the label whole.
func tagWidth(w int) int { return min(16, max(w/6, 8)) }

// queueText is a waiting task's place in the queue, "" when not known.
func queueText(t task) string {
	if !t.running() || t.rec.QueuePosition == nil {
		return ""
	}
	return fmt.Sprintf("%d ahead", *t.rec.QueuePosition)
}

// line is one task: mark, id, endpoint, status word as sent, time,
// queue position, and the latest news; marked is the selected one while
// the list has the keyboard.
func (l taskList) line(s taskStyles, now time.Time, t task, marked bool, w int, c columns) string {
	marker := "  "
	if marked {
		marker = s.Selected.Render("› ")
	}
	mark, ms := "●", s.Running
	switch {
	case t.failure() != nil, t.downloadFailure() != nil:
		mark, ms = "✗", s.Failed
	case !t.running():
		mark, ms = "✓", s.Done
	}
	cols := []string{
		ms.Render(mark),
		s.ID.Render(pad(shortID(t.id()), c.id)),
		s.Text.Render(pad(shortEndpoint(t.rec.Endpoint), c.endpoint)),
		ms.Render(pad(clean(t.status()), c.status)),
		s.Muted.Render(padLeft(elapsed(t.elapsed(now)), ageWidth)),
	}
	if c.queue > 0 {
		cols = append(cols, s.Muted.Render(pad(queueText(t), c.queue)))
	}
	if c.label > 0 {
		cols = append(cols, s.Label.Render(pad(tab.LabelTag(t.rec.Label, c.label), c.label)))
	}
	line := marker + strings.Join(cols, " ") + " "
	return line + l.news(s, t, w-ansi.StringWidth(line))
}

// news is the latest word on a task: the question to confirm a deletion,
// a failed request, the failure, the saved file, the download, the last
// log line.
func (l taskList) news(s taskStyles, t task, room int) string {
	fail := t.failure()
	switch {
	case l.AskingFor(t):
		return s.Failed.Render("delete? y / n")
	case fail != nil:
		return s.Failed.Render(clean(tab.VideoFailure(t.rec.FailureJSON)))
	case t.downloadFailure() != nil:
		return s.Failed.Render(clean(t.downloadFailure().Error()))
	case t.trouble != "":
		return s.Failed.Render("⚠ " + clean(t.trouble))
	case t.file != "":
		return s.Text.Render(cutLeft(homepath.Tilde(t.file), room))
	case !t.running():
		return s.Muted.Render("no video saved")
	case t.downloaded > 0:
		return s.Muted.Render("downloading · " + limits.Size(t.downloaded))
	case t.log != "":
		return s.Muted.Render(clean(t.log))
	}
	return ""
}

// detail is the selected task in full: its news, endpoint, id and cost
// at prices.
func (l taskList) detail(s taskStyles, prices price.Table, w int) string {
	if q := l.QuestionView(w); q != "" {
		return q
	}
	t, ok := l.Selected()
	if !ok {
		return s.Muted.Render("no task selected")
	}
	var parts []string
	switch fail := t.failure(); {
	case fail != nil:
		parts = append(parts, clean(fail.Error()))
	case t.downloadFailure() != nil:
		parts = append(parts, "D retries · "+clean(t.downloadFailure().Error())) // the key first: the reason may be cut
	case t.file != "":
		parts = append(parts, homepath.Tilde(t.file)) // as the task's row and History show it
	case t.trouble != "" && t.retry.IsZero(): // given up for this run
		parts = append(parts, clean(t.trouble))
	case t.trouble != "":
		parts = append(parts, clean(t.trouble)+", again at "+t.retry.Local().Format("15:04:05"))
	case t.log != "":
		parts = append(parts, clean(t.log))
	}
	parts = append(parts, clean(t.rec.Endpoint), clean(t.id()), t.cost(prices))
	if t.rec.Label != "" { // last: the cost is not cut for it
		parts = append(parts, "label "+clean(t.rec.Label))
	}
	return s.Muted.Render(strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " · "))
}

// cutLeft keeps the end of a path that is too long: the file's name.
func cutLeft(s string, w int) string {
	if ansi.StringWidth(s) <= w || w < 2 {
		return s
	}
	return "…" + ansi.TruncateLeft(s, ansi.StringWidth(s)-w+1, "")
}

// pad cuts or fills s to w cells.
func pad(s string, w int) string {
	s = ansi.Truncate(s, w, "…")
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}

// heading is the rule between the form and the tasks, with their
// count.
func (l taskList) heading(st styles, w int) string {
	n, run := len(l.Items()), l.running()
	title := st.Title.Render("Tasks")
	note := ""
	switch {
	case !l.history:
		note = "no history: tasks cannot be kept"
	case !l.loaded:
		note = "reading the history…"
	case run > 0:
		note = fmt.Sprintf("%d · %d running", n, run)
	default:
		note = fmt.Sprintf("%d", n)
	}
	head := title + " " + st.Tasks.Muted.Render(note) + " "
	if l.paused {
		head += st.Tasks.Failed.Render("⏸ paused · p resumes") + " "
	}
	return head + st.Rule.Render(strings.Repeat("─", max(w-ansi.StringWidth(head), 0)))
}

package video

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// taskLines draws n tasks, scrolled to show the selected one.
func (m Model) taskLines(w, n int) []string {
	items := m.tasks.items
	if len(items) == 0 {
		if !m.loaded && m.db != nil {
			return []string{""}
		}
		return []string{m.st.Tasks.Muted.Render("  none yet: fill in the form and submit")}
	}
	first := 0
	if m.tasks.cursor >= n {
		first = m.tasks.cursor - n + 1
	}
	idW, epW, stW := 8, 12, 8
	for _, t := range items {
		epW = max(epW, ansi.StringWidth(shortEndpoint(t.rec.Endpoint)))
		stW = max(stW, ansi.StringWidth(clean(t.rec.Status)))
	}
	epW, stW = min(epW, max(w/5, 12)), min(stW, 14)
	var out []string
	for i := first; i < min(first+n, len(items)); i++ {
		out = append(out, m.taskLine(items[i], i == m.tasks.cursor, idW, epW, stW))
	}
	return out
}

// taskLine is one task: mark, id, endpoint, status word as sent, time,
// queue position, and the latest news.
func (m Model) taskLine(t task, selected bool, idW, epW, stW int) string {
	s := m.st.Tasks
	marker := "  "
	if selected && (m.mode == browsing || m.mode == confirming) {
		marker = s.Selected.Render("› ")
	}
	mark, ms := "●", s.Running
	switch {
	case t.failure() != nil:
		mark, ms = "✗", s.Failed
	case !t.running():
		mark, ms = "✓", s.Done
	}
	queue := ""
	if t.running() && t.rec.QueuePosition != nil {
		queue = fmt.Sprintf("%d ahead", *t.rec.QueuePosition)
	}
	cols := []string{
		ms.Render(mark),
		s.ID.Render(pad(shortID(t.id()), idW)),
		s.Text.Render(pad(shortEndpoint(t.rec.Endpoint), epW)),
		ms.Render(pad(clean(t.rec.Status), stW)),
		s.Muted.Render(pad(elapsed(t.elapsed(m.now)), 6)),
		s.Muted.Render(pad(queue, 8)),
		m.news(t),
	}
	return marker + strings.Join(cols, " ")
}

// news is the latest word on a task: the question to confirm a deletion,
// a failed request, the failure, the saved file, the download, the last
// log line.
func (m Model) news(t task) string {
	s := m.st.Tasks
	fail := t.failure()
	switch {
	case m.mode == confirming && m.confirm == t.id():
		return s.Failed.Render("delete this task and its video? y / n")
	case fail != nil:
		return s.Failed.Render(clean(fail.Message))
	case t.trouble != "":
		return s.Failed.Render("⚠ " + clean(t.trouble))
	case t.file != "":
		return s.Text.Render(tildePath(t.file))
	case !t.running():
		return s.Muted.Render("no video saved")
	case t.downloaded > 0:
		return s.Muted.Render("downloading · " + size(t.downloaded))
	case t.log != "":
		return s.Muted.Render(`"` + clean(t.log) + `"`)
	}
	return ""
}

// taskDetail is the selected task in full: its id, endpoint and news.
func (m Model) taskDetail() string {
	t, ok := m.tasks.selected()
	if !ok {
		return m.st.Tasks.Muted.Render("no task selected")
	}
	parts := []string{clean(t.id()), clean(t.rec.Endpoint)}
	switch fail := t.failure(); {
	case fail != nil:
		parts = append(parts, clean(fail.Error()))
	case t.file != "":
		parts = append(parts, t.file)
	case t.trouble != "":
		parts = append(parts, clean(t.trouble)+", again at "+t.retry.Local().Format("15:04:05"))
	case t.log != "":
		parts = append(parts, clean(t.log))
	}
	return m.st.Tasks.Muted.Render(strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " · "))
}

// pad cuts or fills s to w cells.
func pad(s string, w int) string {
	s = ansi.Truncate(s, w, "…")
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}

package compare

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"atelier/client"
)

// column is what one column shows, before it is framed.
type column struct {
	title   string   // number · family · model · settings, those that tell it apart first
	apart   []string // the settings that tell it apart, when the title has no room for them
	figures []string // the figures, on one or two lines
	body    string   // the reply's window, sized already; or ""
	hint    string   // in place of the reply while there is none
	errs    []string // the error, wrapped: under the reply, or in its place
	verdict string
}

// laneColumn is column i of the run on screen, iw columns inside.
func (m Model) laneColumn(i, iw, colH int, set settingsSplit) column {
	l := &m.run.lanes[i]
	c := column{title: m.title(i, l.target, set), apart: m.apartLines(i, l.target, iw, set), figures: m.figureLines(l, iw),
		errs: m.errorLines(l, iw, colH), verdict: m.verdictLine(l)}
	if l.hasText {
		c.body = l.md.View()
		if l.md.MoreBelow() && l.state == streaming {
			c.verdict = m.st.Live.Render("↓ more below") + "  " + c.verdict
		}
		return c
	}
	switch l.state {
	case waiting:
		c.hint = "waiting for the first token…"
	case streaming:
		c.hint = "thinking…"
	case done:
		c.hint = "(an empty reply)"
	case stopped:
		c.hint = "stopped before any text"
	}
	return c
}

// readyColumn is a target of the next run, before any run.
func (m Model) readyColumn(i int, t client.ChatTarget, iw int, set settingsSplit) column {
	return column{title: m.title(i, t, set), apart: m.apartLines(i, t, iw, set), hint: "ready: ctrl+r sends the prompt"}
}

// title is the column's heading: its number, family, model and settings,
// those that tell it from the other columns first and brighter, so a cut
// title loses the settings every column shares (issue 19: a sweep's four
// titles were cut before their temperatures).
func (m Model) title(i int, t client.ChatTarget, set settingsSplit) string {
	apart, shared := set.apart, set.shared
	head := m.st.Title.Render(fmt.Sprintf("%d %s · %s", i+1, t.Family, t.Model))
	if len(apart) > 0 {
		head += m.st.Settings.Render(" · " + strings.Join(apart, " "))
	}
	if len(shared) > 0 {
		head += m.st.Muted.Render(" · " + strings.Join(shared, " "))
	}
	return head
}

// apartLines are the settings that tell column i apart, on lines of its
// own when its title cannot show them whole in iw (the frame's title has
// two columns less than the inside).
func (m Model) apartLines(i int, t client.ChatTarget, iw int, set settingsSplit) []string {
	apart := set.apart
	if len(apart) == 0 {
		return nil
	}
	head := fmt.Sprintf("%d %s · %s · %s", i+1, t.Family, t.Model, strings.Join(apart, " "))
	if ansi.StringWidth(head) <= iw-2 {
		return nil
	}
	lines := strings.Split(ansi.Wrap(strings.Join(apart, " "), max(iw, 1), " "), "\n")
	if len(lines) > maxApartLines {
		lines = append(lines[:maxApartLines-1], ansi.Truncate(lines[maxApartLines-1], iw-1, "")+"…")
	}
	for j, l := range lines {
		lines[j] = m.st.Settings.Render(l)
	}
	return lines
}

// maxApartLines is how many lines a column's own settings take at most.
const maxApartLines = 2

// settingsSplit is a target's settings: those some other column on screen
// lacks, and those every column shares.
type settingsSplit struct{ apart, shared []string }

// settingsApart splits the settings of every target on screen, each
// target's read once (a frame draws every column).
func (m Model) settingsApart() []settingsSplit {
	system := m.shownSystem()
	targets := m.shownTargets()
	pairs := make([][]string, len(targets))
	for i, t := range targets {
		pairs[i] = settingPairs(t, system)
	}
	out := make([]settingsSplit, len(targets))
	for i, ps := range pairs {
		for _, p := range ps {
			everyone := len(targets) > 1
			for _, o := range pairs {
				everyone = everyone && slices.Contains(o, p)
			}
			if everyone {
				out[i].shared = append(out[i].shared, p)
			} else {
				out[i].apart = append(out[i].apart, p)
			}
		}
	}
	return out
}

// settingPairs are a target's settings as typed in the form (key=value),
// without the system prompt the run gives every target; a comma inside a
// JSON value stays in its pair.
func settingPairs(t client.ChatTarget, system string) []string {
	if t.Settings.System == system {
		t.Settings.System = ""
	}
	s := client.FormatChatSettings(t.Settings)
	var out []string
	depth, quoted, start := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out, start = append(out, s[start:i]), i+1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// settingsLine is a target's settings in one line.
func settingsLine(t client.ChatTarget, system string) string {
	return strings.Join(settingPairs(t, system), " ")
}

// targetLine is a target in one line, for the status bar.
func targetLine(t client.ChatTarget, system string) string {
	s := string(t.Family) + " · " + t.Model
	if set := settingsLine(t, system); set != "" {
		s += " · " + set
	}
	return s
}

// maxFigureLines is how many lines the figures take at most, in a narrow
// column.
const maxFigureLines = 3

// figureLines are the column's figures, cut into lines at the dots.
func (m Model) figureLines(l *lane, iw int) []string {
	parts := m.figureParts(l)
	var lines []string
	line := ""
	for _, p := range parts {
		switch {
		case line == "":
			line = p
		case ansi.StringWidth(line)+3+ansi.StringWidth(p) <= iw:
			line += m.st.Figures.Render(" · ") + p
		default:
			lines, line = append(lines, line), p
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	if len(lines) > maxFigureLines {
		lines = lines[:maxFigureLines]
	}
	return lines
}

func (m Model) figureParts(l *lane) []string {
	st, f := m.st, l.fig
	fig := func(format string, a ...any) string { return st.Figures.Render(fmt.Sprintf(format, a...)) }
	var parts []string
	if l.state == waiting {
		return []string{st.Live.Render("waiting…")}
	}
	if l.state == streaming {
		if !l.first.IsZero() {
			parts = append(parts, fig("TTFT %s", seconds(l.first.Sub(l.started))))
		}
		if f.out > 0 {
			parts = append(parts, fig("out %d", f.out))
		}
		return append(parts, st.Live.Render("streaming…"))
	}
	if f.ttft > 0 {
		parts = append(parts, fig("TTFT %s", seconds(f.ttft)))
	}
	if f.total > 0 {
		parts = append(parts, fig("total %s", seconds(f.total)))
	}
	if f.in+f.out > 0 {
		parts = append(parts, fig("in %d", f.in), fig("out %d", f.out))
	}
	if r := f.perSecond(); r > 0 {
		parts = append(parts, fig("%.0f tok/s", r))
	}
	if cost := m.cost(l); cost != "" {
		parts = append(parts, fig("%s", cost))
	}
	switch l.state {
	case failed:
		parts = append(parts, st.Error.Render("✗ failed"))
	case stopped:
		parts = append(parts, st.Live.Render("stopped"))
	default:
		if f.stop != "" {
			parts = append(parts, fig("%s", f.stop))
		}
	}
	return parts
}

// errorLines are the column's error, wrapped: the whole body when there is
// no text, else three lines under it.
func (m Model) errorLines(l *lane, iw, colH int) []string {
	if l.err == "" {
		return nil
	}
	lines := strings.Split(ansi.Wrap(l.err, max(iw, 1), " "), "\n")
	limit := 3
	if !l.hasText {
		limit = max(colH-6, 1)
	}
	if len(lines) > limit {
		lines = append(lines[:limit-1], ansi.Truncate(lines[limit-1], iw-1, "")+"…")
	}
	st := m.st.Error
	if l.state != failed {
		st = m.st.Muted
	}
	for i, s := range lines {
		lines[i] = st.Render(s)
	}
	return lines
}

// verdictLine is the column's rating, win and note.
func (m Model) verdictLine(l *lane) string {
	st := m.st
	var parts []string
	if l.rating > 0 {
		parts = append(parts, st.Stars.Render(strings.Repeat("★", l.rating)+strings.Repeat("☆", 5-l.rating)))
	}
	if l.winner {
		parts = append(parts, st.Winner.Render("winner"))
	}
	if l.note != "" {
		parts = append(parts, st.Note.Render(oneLine(l.note)))
	}
	if len(parts) == 0 {
		return st.Muted.Render("not rated")
	}
	return strings.Join(parts, st.Muted.Render(" · "))
}

// seconds writes a duration as people read figures: 0.42s, 3.1s, 12s.
func seconds(d time.Duration) string {
	s := d.Seconds()
	switch {
	case s < 1:
		return fmt.Sprintf("%.2fs", s)
	case s < 10:
		return fmt.Sprintf("%.1fs", s)
	}
	return fmt.Sprintf("%.0fs", s)
}

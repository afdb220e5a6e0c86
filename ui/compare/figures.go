package compare

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// maxFigureLines is how many lines the figures take at most, in a narrow
// column.
const maxFigureLines = 3

// figureLines are the column's figures, cut into lines at the dots.
func (p painter) figureLines(l *lane, iw int) []string {
	parts := p.figureParts(l)
	var lines []string
	line := ""
	for _, part := range parts {
		switch {
		case line == "":
			line = part
		case ansi.StringWidth(line)+3+ansi.StringWidth(part) <= iw:
			line += p.st.Figures.Render(" · ") + part
		default:
			lines, line = append(lines, line), part
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

// figureParts are the column's figures, by where its reply stands:
// waiting, hidden until the vote, streaming, or ended.
func (p painter) figureParts(l *lane) []string {
	switch {
	case l.state == waiting:
		return []string{p.st.Live.Render("waiting…")}
	case p.arena.hidden():
		return hiddenFigures(p.st, l.state)
	case l.state == streaming:
		return p.liveFigures(l)
	}
	return p.endedFigures(l)
}

// figure is one figure, in the figures' style.
func (p painter) figure(format string, a ...any) string {
	return p.st.Figures.Render(fmt.Sprintf(format, a...))
}

// liveFigures are a streaming reply's figures: what the stream's times and
// counts tell so far.
func (p painter) liveFigures(l *lane) []string {
	var parts []string
	if !l.first.IsZero() {
		parts = append(parts, p.figure("TTFT %s", seconds(l.first.Sub(l.started))))
	}
	if l.fig.out > 0 {
		parts = append(parts, p.figure("out %d", l.fig.out))
	}
	return append(parts, p.st.Live.Render("streaming…"))
}

// endedFigures are an ended reply's figures, its cost, and how it ended.
func (p painter) endedFigures(l *lane) []string {
	f := l.fig
	var parts []string
	if f.ttft > 0 {
		parts = append(parts, p.figure("TTFT %s", seconds(f.ttft)))
	}
	if f.total > 0 {
		parts = append(parts, p.figure("total %s", seconds(f.total)))
	}
	if f.in+f.out > 0 {
		parts = append(parts, p.figure("in %d", f.in), p.figure("out %d", f.out))
	}
	if r := f.perSecond(); r > 0 {
		parts = append(parts, p.figure("%.0f tok/s", r))
	}
	if cost := p.cost(l); cost != "" {
		parts = append(parts, p.figure("%s", cost))
	}
	switch l.state {
	case failed:
		parts = append(parts, p.st.Error.Render("✗ failed"))
	case stopped:
		parts = append(parts, p.st.Live.Render("stopped"))
	default:
		if f.stop != "" {
			parts = append(parts, p.figure("%s", f.stop))
		}
	}
	return parts
}

// errorLines are the column's error, wrapped: the whole body when there is
// no text, else three lines under it.
func (p painter) errorLines(l *lane, iw, colH int) []string {
	if l.err == "" || p.arena.hidden() { // an error names its service: it waits for the vote
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
	st := p.st.Error
	if l.state != failed {
		st = p.st.Muted
	}
	for i, s := range lines {
		lines[i] = st.Render(s)
	}
	return lines
}

// verdictLine is the column's place in the blind vote, its rating, win
// and note.
func (p painter) verdictLine(l *lane, i int) string {
	st := p.st
	if p.arena.hidden() {
		return st.Muted.Render("blind: no names until you vote")
	}
	var parts []string
	if place := p.arena.vote.Place(i); place != "" {
		parts = append(parts, st.Winner.Render("vote: "+place))
	}
	if l.rating > 0 {
		parts = append(parts, st.Stars.Render(strings.Repeat("★", l.rating)+strings.Repeat("☆", 5-l.rating)))
	}
	if l.winner {
		parts = append(parts, st.Winner.Render("winner"))
	}
	if l.note != "" {
		parts = append(parts, st.Note.Render(oneLine(l.note)))
	}
	if s := p.pick.line(i); s != "" {
		parts = append(parts, st.Note.Render(s))
	}
	if len(parts) == 0 {
		return st.Muted.Render("not rated")
	}
	return strings.Join(parts, st.Muted.Render(" · "))
}

// hiddenFigures are a hidden column's figures: how its reply stands and
// no more, since times, counts, costs and stop reasons tell models apart.
func hiddenFigures(st *styles, s laneState) []string {
	switch s {
	case streaming:
		return []string{st.Live.Render("streaming…")}
	case failed:
		return []string{st.Error.Render("✗ failed") + st.Muted.Render(" · the error shows after the vote")}
	case stopped:
		return []string{st.Live.Render("stopped")}
	}
	return []string{st.Figures.Render("replied")}
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

package compare

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/store/price"
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

// painter draws the parts of a column in the tab's styles, hiding what
// names a target while the run on screen is blind and not voted on.
type painter struct {
	st     *styles
	prices price.Table // the rates columns are costed at; nil: no cost shown
	arena  arena
	next   bool  // ready columns wait for a blind run
	pick   *pick // the judge's pick of the run on screen; nil: none
}

// laneColumn is column i of the run on screen, iw columns inside.
func (p painter) laneColumn(l *lane, i, iw, colH int, set settingsSplit) column {
	c := column{title: p.title(i, l.target, set), apart: p.apartLines(i, l, l.target, iw, set), figures: p.figureLines(l, iw),
		errs: p.errorLines(l, iw, colH), verdict: p.verdictLine(l, i)}
	if l.hasText {
		c.body = l.md.View()
		if l.md.MoreBelow() && l.state == streaming {
			c.verdict = p.st.Live.Render("↓ more below") + "  " + c.verdict
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
func (p painter) readyColumn(i int, t client.ChatTarget, iw int, set settingsSplit) column {
	hint := "ready: ctrl+r sends the prompt"
	if p.next {
		hint += " blind, as A, B…"
	}
	return column{title: p.title(i, t, set), apart: p.apartLines(i, nil, t, iw, set), hint: hint}
}

// title is the column's heading: its number, family, model and settings,
// those that tell it from the other columns first and brighter, so a cut
// title loses the settings every column shares (a sweep's four
// titles were cut before their temperatures). A blind column is its
// letter, its names after it once the vote revealed them.
func (p painter) title(i int, t client.ChatTarget, set settingsSplit) string {
	if p.arena.hidden() {
		return p.st.Title.Render(letter(i))
	}
	apart, shared := set.apart, set.shared
	head := p.st.Title.Render(fmt.Sprintf("%d %s · %s", i+1, t.Family, t.Model))
	if p.arena.vote.Blind() {
		head = p.st.Title.Render(fmt.Sprintf("%s = %s · %s", letter(i), t.Family, t.Model))
	}
	if len(apart) > 0 {
		head += p.st.Settings.Render(" · " + strings.Join(apart, " "))
	}
	if len(shared) > 0 {
		head += p.st.Muted.Render(" · " + strings.Join(shared, " "))
	}
	return head
}

// apartLines are the settings that tell column i apart, on lines of its
// own when its title cannot show them whole in iw (the frame's title has
// two columns less than the inside). A hidden column has none; in their
// place it says when its reply may name its model.
func (p painter) apartLines(i int, l *lane, t client.ChatTarget, iw int, set settingsSplit) []string {
	if p.arena.hidden() {
		if l != nil && l.mayName {
			return []string{p.st.Live.Render("this reply may name its model")}
		}
		return nil
	}
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
		lines[j] = p.st.Settings.Render(l)
	}
	return lines
}

// maxApartLines is how many lines a column's own settings take at most.
const maxApartLines = 2

// settingsSplit is a target's settings: those some other column on screen
// lacks, and those every column shares.
type settingsSplit struct{ apart, shared []string }

// settingPairs are a target's settings as typed in the form (key=value),
// without the system prompt the run gives every target.
func settingPairs(t client.ChatTarget, system string) []string {
	if t.Settings.System == system {
		t.Settings.System = ""
	}
	return client.ChatSettingPairs(t.Settings)
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

package video

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/store/price"
)

// promptLines is how many lines the arena gives the prompt at most.
const promptLines = 3

// lines draws the arena in w×h: before the vote, only the letters
// and whether each was played; after it, what each letter was.
// A revealed task's cost is at prices.
func (a arena) lines(s styles, now time.Time, prices price.Table, w, h int) []string {
	title := s.Title.Render("Video arena") + " " + s.Tasks.Muted.Render("· blind: the names show after your vote")
	if a.revealed() {
		title = s.Title.Render("Video arena") + " " + s.Tasks.Muted.Render("· revealed")
	}
	out := []string{title, ""}
	out = append(out, s.Title.Render("Prompt"))
	for _, l := range wrapCut(clean(a.pair[0].prompt()), max(w-2, 10), promptLines) {
		out = append(out, "  "+s.Tasks.Text.Render(l))
	}
	out = append(out, "")
	for i, t := range a.pair {
		letter := s.Pick.Selected.Render(store.Letters(2)[i])
		switch {
		case a.revealed():
			out = append(out, "  "+letter+"  "+a.revealLine(s.Tasks, now, prices, t, i))
		case a.played[i]:
			out = append(out, "  "+letter+"  "+s.Tasks.Done.Render("▶ played"))
		case a.unplayable[i]:
			out = append(out, "  "+letter+"  "+s.Tasks.Failed.Render("✗ could not be played"))
		default:
			out = append(out, "  "+letter+"  "+s.Tasks.Muted.Render("not played yet"))
		}
	}
	out = append(out, "")
	v := a.vote
	v.SetWidth(w)
	switch {
	case a.revealed():
		out = append(out, v.View(), s.Tasks.Muted.Render("enter or esc: back to the tasks"))
	case a.vote.Saving():
		out = append(out, v.View())
	default:
		out = append(out, s.Tasks.Muted.Render("enter plays A then B · 1 plays A · 2 plays B · esc leaves without a vote"), v.View())
	}
	return out[:min(len(out), h)]
}

// revealLine is what a letter was: its endpoint, the verdict's word on
// it, its task, time and cost.
func (a arena) revealLine(s taskStyles, now time.Time, prices price.Table, t task, i int) string {
	parts := []string{s.Text.Render(strings.ReplaceAll(clean(t.rec.Endpoint), "/", " / "))}
	switch place := a.vote.Place(i); place { // the verdict's word first: it must not be cut off
	case "better":
		parts = append(parts, s.Done.Render(place))
	case "bad":
		parts = append(parts, s.Failed.Render(place))
	}
	parts = append(parts, s.Muted.Render("task "+shortID(t.id())+" · "+elapsed(t.elapsed(now))))
	if c := t.cost(prices); c != "" {
		parts = append(parts, s.Muted.Render(c))
	}
	return strings.Join(parts, " · ")
}

// pairLines draws the arena's chooser in h lines: the tasks of the same
// prompt on other endpoints the selected one may meet.
func (a arena) pairLines(s styles, now time.Time, w, h int) []string {
	out := []string{s.Title.Render("Arena") + " " + s.Pick.Muted.Render(fmt.Sprintf("· pair video %s (%s) with a task of its prompt",
		shortID(a.of.id()), shortEndpoint(a.of.rec.Endpoint)))}
	rows := max(h-2, 1)
	first := max(0, min(a.cursor-rows/2, len(a.choices)-rows))
	for i := first; i < len(a.choices) && len(out) < h-1; i++ {
		t := a.choices[i]
		name := fmt.Sprintf("%-8s  %-22s %s", shortID(t.id()), shortEndpoint(t.rec.Endpoint), elapsed(t.elapsed(now)))
		line := "  " + s.Pick.Item.Render(name)
		if i == a.cursor {
			line = s.Pick.Selected.Render("› " + name)
		}
		out = append(out, ansi.Truncate(line, w, "…"))
	}
	return append(out, s.Pick.Muted.Render("enter judges the two blind, as A and B · esc cancels"))
}

// wrapCut wraps s to w columns in at most n lines, the last cut with an
// ellipsis when more was left.
func wrapCut(s string, w, n int) []string {
	lines := strings.Split(ansi.Wordwrap(s, w, ""), "\n")
	if len(lines) > n {
		lines = lines[:n]
		lines[n-1] = ansi.Truncate(lines[n-1]+" …", w, "…")
	}
	return lines
}

package arena

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/termtext"
	"atelier/ui/tab"
)

// pairLines is "which pairs need more votes": the pairs whose order the
// interval of their difference does not settle, widest first, the one
// under the cursor marked.
func (m Model) pairLines(b *board) []string {
	if len(b.blind.NeedVotes) == 0 {
		return nil
	}
	hint := " · enter runs the next blind comparison in Compare"
	switch b.kind {
	case store.VoteImage:
		hint = " · enter runs the next blind side-by-side in Image"
	case store.VoteVideo:
		hint = " · c on a finished task in Video pairs it"
	}
	out := []string{m.st.Heading.Render("Pairs that need more votes") + m.st.Hint.Render(hint)}
	names, figures := make([]string, len(b.blind.NeedVotes)), make([]string, len(b.blind.NeedVotes))
	nameW, figW := 0, 0
	for i, p := range b.blind.NeedVotes {
		names[i] = termtext.String(p.A) + " vs " + termtext.String(p.B)
		figures[i] = fmt.Sprintf("%s · %+.0f to %+.0f", plural(p.Games, "vote"), p.Low, p.High)
		nameW, figW = max(nameW, ansi.StringWidth(names[i])), max(figW, len(figures[i]))
	}
	nameW = max(min(nameW, m.width-figW-4), minTarget)
	for i := range b.blind.NeedVotes {
		mark, st := "  ", m.st.Text
		if i == m.pick {
			mark, st = "▸ ", m.st.Selected
		}
		out = append(out, st.Render(mark+pad(names[i], nameW))+m.st.Hint.Render("  "+figures[i]))
	}
	return out
}

// apartLines are the judgements given with the names shown: stars and
// winner marks in comparisons, and open votes. They are shown, never
// fitted: a judge who sees the name is biased.
func (m Model) apartLines(b *board) []string {
	if len(b.rated) == 0 && len(b.open.Entries) == 0 {
		return nil
	}
	out := []string{m.st.Heading.Render("Not in the fit") + m.st.Hint.Render(" · given with the names shown")}
	w := 0
	for _, r := range b.rated {
		w = max(w, len(r.Target))
	}
	for _, e := range b.open.Entries {
		w = max(w, len(e.Target))
	}
	w = min(w, max(m.width/2, minTarget))
	for _, r := range b.rated {
		stars := "no stars"
		if r.Rated > 0 {
			stars = fmt.Sprintf("%.1f stars from %d", r.Stars, r.Rated)
		}
		out = append(out, m.st.Text.Render("  "+pad(r.Target, w))+
			m.st.Hint.Render(fmt.Sprintf("  %s · %s as the winner", stars, plural(r.Wins, "time"))))
	}
	for _, e := range b.open.Entries {
		out = append(out, m.st.Text.Render("  "+pad(termtext.String(e.Target), w))+
			m.st.Hint.Render(fmt.Sprintf("  %s · win rate %s", plural(e.Votes, "open vote"), percent(e.WinRate))))
	}
	return out
}

var plural = tab.Plural

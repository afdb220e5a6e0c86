package arena

import (
	"fmt"

	"atelier/internal/termtext"
	"atelier/ui/tab"
)

// apart is the judgements given with the names shown: stars and winner
// marks in comparisons, and open votes. They are shown, never fitted: a
// judge who sees the name is biased.
func (b *board) apart(st styles, width int) []string {
	if len(b.rated) == 0 && len(b.open.Entries) == 0 {
		return nil
	}
	out := []string{st.Heading.Render("Not in the fit") + st.Hint.Render(" · given with the names shown")}
	w := 0
	for _, r := range b.rated {
		w = max(w, len(r.Target))
	}
	for _, e := range b.open.Entries {
		w = max(w, len(e.Target))
	}
	w = min(w, max(width/2, minTarget))
	for _, r := range b.rated {
		stars := "no stars"
		if r.Rated > 0 {
			stars = fmt.Sprintf("%.1f stars from %d", r.Stars, r.Rated)
		}
		out = append(out, st.Text.Render("  "+pad(r.Target, w))+
			st.Hint.Render(fmt.Sprintf("  %s · %s as the winner", stars, plural(r.Wins, "time"))))
	}
	for _, e := range b.open.Entries {
		out = append(out, st.Text.Render("  "+pad(termtext.String(e.Target), w))+
			st.Hint.Render(fmt.Sprintf("  %s · win rate %s", plural(e.Votes, "open vote"), percent(e.WinRate))))
	}
	return out
}

var plural = tab.Plural

package arena

import (
	"fmt"

	"atelier/internal/termtext"
	"atelier/store"
)

// Raters: the board counts every rater's blind votes — yours
// ("me") and a colleague's imported from a ballot (`atelier votes
// import`) — unless the filter's rater names one; below it, how often two
// raters agree on the comparisons both voted, whatever letters each saw.

// agreeLines are the raters' agreement, a pair a line; none with fewer
// than two raters on a same comparison.
func (b *board) agreeLines(st styles, width int) []string {
	if len(b.agree) == 0 {
		return nil
	}
	out := []string{st.Heading.Render("Raters' agreement") + st.Hint.Render(" · on the comparisons both voted")}
	w := 0
	for _, a := range b.agree {
		w = max(w, len(raterPair(a)))
	}
	w = min(w, max(width/2, minTarget))
	for _, a := range b.agree {
		kappa := "κ undefined"
		if a.KappaOK {
			kappa = fmt.Sprintf("Cohen's κ %.2f", a.Kappa)
		}
		out = append(out, st.Text.Render("  "+pad(raterPair(a), w))+
			st.Hint.Render(fmt.Sprintf("  %s · %s agree · %s", plural(a.N, "comparison"), percent(a.Percent), kappa)))
	}
	return out
}

// raterPair names a pair of raters; a colleague's name is untrusted text.
func raterPair(a store.Agreement) string {
	return termtext.String(a.A) + " · " + termtext.String(a.B)
}

// checkRater is the filter's rule for a rater: "me", or a colleague's
// name as imported.
func checkRater(s string) error {
	if s == "" || s == store.RaterMe {
		return nil
	}
	return store.CheckRater(s)
}

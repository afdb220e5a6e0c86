package arena

import (
	"fmt"

	"atelier/batch/judge"
	"atelier/internal/termtext"
	"atelier/store"
)

// The judge's view: under the chat board, how often the judge chosen in
// Settings (arena.judge) agrees with these blind votes — the share,
// Cohen's kappa, the count and the share of inconsistent verdicts — from
// the verdicts kept by `atelier judge calibrate` or J (calibrate.go).

// judgeOf is the judge target of s as -t names it; "" when none or not
// one.
func judgeOf(s *store.Settings) string {
	if s == nil || s.Arena.Judge == "" {
		return ""
	}
	j, err := judge.New(nil, nil, s.Arena.Judge)
	if err != nil {
		return ""
	}
	return j.Name()
}

// judgeLines say how far the judge agrees with the board's votes.
func (b *board) judgeLines(st styles) []string {
	c := b.calib
	if c == nil {
		return nil
	}
	name := termtext.String(c.Judge)
	out := []string{""}
	if c.Votes == 0 {
		out = append(out, st.Heading.Render("Judge "+name)+st.Hint.Render(" has judged none of these votes"))
	} else {
		kappa := "κ undefined"
		if k := c.Agreement.Kappa; k != nil {
			kappa = fmt.Sprintf("κ %.2f", *k)
		}
		out = append(out, st.Heading.Render("Judge "+name)+st.Text.Render(fmt.Sprintf(" agrees with you on %.0f%% of %s · %s · %.0f%% inconsistent",
			100*c.Agreement.Agree, plural(c.Votes, "vote"), kappa, 100*c.InconsistentShare)))
	}
	if c.Unjudged > 0 {
		out = append(out, st.Hint.Render(fmt.Sprintf("  %s not judged yet: J (or atelier judge calibrate) asks the judge", plural(c.Unjudged, "vote"))))
	}
	return out
}

package arena

import (
	"fmt"
	"math"
	"strings"

	"atelier/internal/termtext"
	"atelier/store/rank"
)

// rankRange is a rank as the board shows it: "2" when the intervals
// settle it, "1–3" when they do not.
func rankRange(e rank.Entry) string {
	if e.RankBest == e.RankWorst {
		return fmt.Sprint(e.RankBest)
	}
	return fmt.Sprintf("%d–%d", e.RankBest, e.RankWorst)
}

// styled is each target's style-controlled rating as the STYLED column
// shows it; nil when the board has no style fit (images, video, replies
// gone).
func (b *board) styled() map[string]string {
	if b.blind.Style == nil {
		return nil
	}
	out := map[string]string{}
	for _, e := range b.blind.Style.Entries {
		out[e.Target] = fmt.Sprintf("%.0f", e.Score)
	}
	return out
}

// rigorLines are the lines under the table that say how far to trust it:
// the statistically tied groups and what style is worth.
func (b *board) rigorLines(st styles) []string {
	var out []string
	es := b.blind.Entries
	for i := 0; i < len(es); {
		j := i
		for j < len(es) && es[j].Group == es[i].Group {
			j++
		}
		switch {
		case j-i == len(es) && len(es) > 1:
			out = append(out, st.Hint.Render(fmt.Sprintf("all %d tied: their intervals overlap, no order is settled yet", len(es))))
		case j-i > 1:
			names := make([]string, 0, j-i)
			for _, e := range es[i:j] {
				names = append(names, termtext.String(e.Target))
			}
			out = append(out, st.Hint.Render("tied (intervals overlap): ")+st.Text.Render(strings.Join(names, ", ")))
		}
		i = j
	}
	if b.styling {
		out = append(out, st.Hint.Render("STYLED: the rating with style held equal, being computed…"))
	}
	if f := b.blind.Style; f != nil {
		parts := make([]string, len(f.Coefficients))
		for k, c := range f.Coefficients {
			parts[k] = fmt.Sprintf("%s %s", strings.Replace(c.Feature, "list items", "lists", 1), signed(c.Points))
		}
		out = append(out, st.Hint.Render("STYLED: the rating with style held equal. Points per doubling of each:"),
			"  "+st.Text.Render(strings.Join(parts, " · ")))
	}
	return out
}

// signed is x in whole points with its sign; 0 with none.
func signed(x float64) string {
	if math.Round(x) == 0 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", x)
}

// moreText is a pair's votes-needed figure for the list of pairs.
func moreText(p rank.Pair) string {
	if p.MoreVotes < 0 {
		return "even so far"
	}
	if p.MoreVotes > 999 {
		return "1000+ more to settle"
	}
	return fmt.Sprintf("~%d more to settle", p.MoreVotes)
}

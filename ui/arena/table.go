package arena

import (
	"fmt"
	"math"
	"strings"

	"atelier/internal/termtext"
	"atelier/store/rank"
)

// The board's columns, in cells: rank (a range: "1–3"), rating,
// interval, votes, win rate; the style-controlled rating when the board
// has one.
const (
	rankW     = 5
	styledW   = 6
	ratingW   = 6
	intervalW = 11
	votesW    = 6
	winW      = 5
	gaps      = 6 // a space before each column after the first
	fixedW    = rankW + ratingW + intervalW + votesW + winW + gaps
	minBar    = 8  // narrower, the bar says nothing: left out
	maxBar    = 24 // wider, it only spreads
	minTarget = 16
)

// table is the board: a line a target, best first, with the rating, its
// 95% interval as numbers and as a bar over the board's range.
func (b *board) table(st styles, width int) []string {
	names := make([]string, len(b.blind.Entries))
	longest := 0
	for i, e := range b.blind.Entries {
		names[i] = termtext.String(e.Target)
		longest = max(longest, len(names[i]))
	}
	styled := b.styled()
	extra := 0
	if styled != nil {
		extra = styledW + 1
	}
	targetW, bar := columns(width-extra, longest)
	lo, hi := span(b.blind.Entries)

	header := right("#", rankW) + " " + pad("TARGET", targetW) + " " + right("RATING", ratingW) + " " +
		right("95% INTERVAL", intervalW)
	if bar > 0 {
		header += " " + pad("", bar)
	}
	if styled != nil {
		header += " " + right("STYLED", styledW)
	}
	header += " " + right("VOTES", votesW) + " " + right("WIN", winW)
	out := []string{st.Column.Render(header)}
	for i, e := range b.blind.Entries {
		line := st.Text.Render(right(rankRange(e), rankW)+" "+pad(names[i], targetW)+" "+
			right(fmt.Sprintf("%.0f", e.Score), ratingW)+" "+right(interval(e), intervalW)) + " "
		if bar > 0 {
			line += st.bar(e, lo, hi, bar) + " "
		}
		if styled != nil {
			line += st.Text.Render(right(styled[e.Target], styledW)) + " "
		}
		line += st.Text.Render(right(fmt.Sprint(e.Votes), votesW)) + " " +
			st.rate(e.WinRate).Render(right(percent(e.WinRate), winW))
		out = append(out, line)
	}
	return out
}

// columns shares width between the target's column and the bar: the
// target as wide as the longest name while the bar keeps its least, the
// bar up to maxBar; a wide screen leaves the rest blank rather than spread
// the columns apart. A bar that cannot have its least gives its room up.
func columns(width, longest int) (targetW, bar int) {
	targetW = max(min(longest, width-fixedW-minBar-1), minTarget)
	bar = min(width-fixedW-targetW-1, maxBar)
	if bar < minBar {
		return max(min(longest, width-fixedW), minTarget), 0
	}
	return targetW, bar
}

// interval is an entry's 95% interval as the command line prints it.
func interval(e rank.Entry) string { return fmt.Sprintf("%.0f – %.0f", e.Low, e.High) }

func percent(r float64) string { return fmt.Sprintf("%.0f%%", 100*r) }

// span is the range every interval of the board fits in.
func span(es []rank.Entry) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, e := range es {
		lo, hi = min(lo, e.Low), max(hi, e.High)
	}
	if hi-lo < 1 {
		hi = lo + 1
	}
	return lo, hi
}

// bar draws e's interval over [lo, hi] in w cells: · outside it, ─ along
// it, ● at the rating. One scale for the whole board, so the bars compare.
func (st styles) bar(e rank.Entry, lo, hi float64, w int) string {
	at := func(x float64) int {
		return max(min(int(math.Round((x-lo)/(hi-lo)*float64(w-1))), w-1), 0)
	}
	a, s, z := at(e.Low), at(e.Score), at(e.High)
	var b strings.Builder
	b.WriteString(st.Hint.Render(strings.Repeat("·", a)))
	b.WriteString(st.Interval.Render(strings.Repeat("─", s-a)))
	b.WriteString(st.Score.Render("●"))
	b.WriteString(st.Interval.Render(strings.Repeat("─", z-s)))
	b.WriteString(st.Hint.Render(strings.Repeat("·", w-1-z)))
	return b.String()
}

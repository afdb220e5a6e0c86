package arena

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/rank"
)

// needList is "the pairs that need more votes" under the board, with a
// cursor: enter sends the pair under it to be judged again (run.go). It
// is apart from the Model because the cursor lives on the board's pairs:
// the Model only places the list in the body and scrolls to it.
type needList struct {
	pick int // the pair under the cursor
}

// pairs are board b's pairs that need more votes, widest interval first;
// none while the board of the kind and filter shown is being computed
// (b nil) or failed.
func (l needList) pairs(b *board) []rank.Pair {
	if b == nil || b.err != nil {
		return nil
	}
	return b.blind.NeedVotes
}

// move moves the cursor n pairs, within b's.
func (l needList) move(n int, b *board) needList {
	l.pick = max(min(l.pick+n, len(l.pairs(b))-1), 0)
	return l
}

// kept keeps the cursor on one of b's pairs, after a load.
func (l needList) kept(b *board) needList {
	l.pick = min(l.pick, max(len(b.blind.NeedVotes)-1, 0))
	return l
}

// lines is "which pairs need more votes": the pairs whose order the
// interval of their difference does not settle, widest first, the one
// under the cursor marked.
func (l needList) lines(b *board, st styles, width int) []string {
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
	out := []string{st.Heading.Render("Pairs that need more votes") + st.Hint.Render(hint)}
	names, figures := make([]string, len(b.blind.NeedVotes)), make([]string, len(b.blind.NeedVotes))
	nameW, figW := 0, 0
	for i, p := range b.blind.NeedVotes {
		names[i] = termtext.String(p.A) + " vs " + termtext.String(p.B)
		figures[i] = fmt.Sprintf("%s · %+.0f to %+.0f · %s", plural(p.Games, "vote"), p.Low, p.High, moreText(p))
		nameW, figW = max(nameW, ansi.StringWidth(names[i])), max(figW, len(figures[i]))
	}
	nameW = max(min(nameW, width-figW-4), minTarget)
	for i := range b.blind.NeedVotes {
		mark, name := "  ", st.Text
		if i == l.pick {
			mark, name = "▸ ", st.Selected
		}
		out = append(out, name.Render(mark+pad(names[i], nameW))+st.Hint.Render("  "+figures[i]))
	}
	return out
}

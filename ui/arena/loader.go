package arena

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
)

// loader computes boards off the UI loop and keeps the one shown: it
// owns what a load reads (the store, the clock, the rounds) and which
// load is the newest, so that a late result of an older one is dropped.
// It is apart from the Model because the loads' order is its own
// concern: the tab only says which kind and filter it wants.
type loader struct {
	db     *store.Store
	now    func() time.Time
	rounds int
	judge  string // the judge target the chat board is calibrated against; "" none

	gen     int    // the newest load asked for: older results are dropped
	loading bool   // a load is under way
	board   *board // the board last loaded; nil until the first load ends
}

func newLoader(o Options) loader {
	l := loader{db: o.Store, now: o.Now, rounds: o.Rounds, judge: judgeOf(o.Settings)}
	if l.now == nil {
		l.now = time.Now
	}
	if l.rounds == 0 {
		l.rounds = store.BoardRounds
	}
	l.gen, l.loading = 1, true // Init's load
	return l
}

// next asks for the board of kind under f, newer than any asked before.
func (l loader) next(kind store.VoteKind, f filter) (loader, tea.Cmd) {
	l.gen++
	l.loading = true
	return l, l.load(kind, f)
}

// load reads the votes and ranks them in a command, never on the UI loop.
func (l loader) load(kind store.VoteKind, f filter) tea.Cmd {
	db, gen, rounds, now, judge := l.db, l.gen, l.rounds, l.now(), l.judge
	return func() tea.Msg {
		b := board{kind: kind, filter: f, judge: judge}
		if db == nil {
			b.err = fmt.Errorf("arena: no history to rank")
			return result(loadedMsg{gen: gen, board: b})
		}
		ctx, cancel := context.WithTimeout(context.Background(), loadWait)
		defer cancel()
		b.err = b.compute(ctx, db, f.votes(kind, now), rounds)
		return result(loadedMsg{gen: gen, board: b})
	}
}

// took keeps a load's board, unless a newer load was asked for since:
// false, and nothing changes.
func (l loader) took(msg loadedMsg) (loader, bool) {
	if msg.gen != l.gen {
		return l, false
	}
	l.loading = false
	l.board = &msg.board
	return l, true
}

// styled puts the style-controlled fit into the board it was computed
// for, unless a newer load was asked for since. A fit that failed leaves
// the board without it, as a board whose replies are gone is.
func (l loader) styled(msg styledMsg) loader {
	if msg.gen != l.gen || l.board == nil || !l.board.styling {
		return l
	}
	b := *l.board
	b.styling, b.votes = false, nil
	if msg.err == nil {
		b.blind.Style = msg.fit
	}
	l.board = &b
	return l
}

// style is the command that computes the style-controlled fit of the
// board just taken, if it wants one.
func (l loader) style() tea.Cmd {
	b := l.board
	if b == nil || !b.styling || l.db == nil {
		return nil
	}
	return styleCmd(l.db, l.gen, *b)
}

// shown is the board of kind under f: nil while it is being computed.
func (l loader) shown(kind store.VoteKind, f filter) *board {
	if b := l.board; b != nil && b.kind == kind && b.filter == f {
		return b
	}
	return nil
}

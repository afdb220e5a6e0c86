package arena

import (
	"context"
	"encoding/json"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/batch/judge"
	"atelier/client"
	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/rank"
)

// loadWait bounds a load: the store is local, but a locked database must
// not leave the tab computing for ever.
const loadWait = 30 * time.Second

// board is one kind's leaderboard under one filter, as computed.
type board struct {
	kind   store.VoteKind
	filter filter
	blind  rank.Board          // the blind votes, fitted
	open   rank.Board          // the votes cast with the names shown: counted only
	rated  []store.RatedTarget // stars and winner marks given with the names shown
	agree  []store.Agreement   // pairs of raters (agree.go)
	stamp  string              // what it was computed from (store.BoardsStamp)
	judge  string              // the judge calibrated against (chat); "" none
	calib  *judge.Calibration  // its agreement with the blind votes, from its kept verdicts
	err    error

	// styling says the style-controlled fit of a chat board is being
	// computed, from votes (see styleCmd); the board shows without it
	// meanwhile.
	styling bool
	votes   []store.Vote
	vf      store.VoteFilter
}

// loadedMsg is a load's result; gen says which load.
type loadedMsg struct {
	gen   int
	board board
}

// compute ranks the votes vf selects as `atelier leaderboard` does.
func (b *board) compute(ctx context.Context, db *store.Store, vf store.VoteFilter, rounds int) error {
	stamp, err := db.BoardsStamp(ctx) // first: a vote cast meanwhile moves the next stamp read
	if err != nil {
		return err
	}
	b.stamp = stamp
	votes, err := db.RankedVotes(ctx, vf)
	if err != nil {
		return err
	}
	if b.blind, b.open, err = store.Boards(votes, rounds); err != nil {
		return err
	}
	if b.agree, err = db.Agreements(ctx, vf); err != nil {
		return err
	}
	if b.kind != store.VoteChat { // stars, styles and the judge are chat's only
		return nil
	}
	b.styling, b.votes, b.vf = true, votes, vf
	ratings, err := db.LaneRatings(ctx, vf)
	if err != nil {
		return err
	}
	b.rated = store.RatedTargets(ratings, laneTarget)
	if b.judge != "" { // the judge's kept verdicts: computing a board asks it nothing (J does)
		c, err := judge.Calibrate(ctx, db, nil, b.judge, vf)
		if err != nil {
			return err
		}
		b.calib = &c
	}
	return nil
}

// laneTarget names a rated lane's target as votes name it.
func laneTarget(r store.LaneRating) string {
	t := client.ChatTarget{Family: client.Group(r.Family), Model: r.Model}
	json.Unmarshal(r.SettingsJSON, &t.Settings) // unreadable settings: named without them
	return termtext.String(client.FormatChatTarget(t))
}

// reload asks for the board of the kind and filter shown.
func (m Model) reload() (Model, tea.Cmd) {
	var cmd tea.Cmd
	m.boards, cmd = m.boards.next(kinds[m.kind], m.filter)
	return m, cmd
}

// stampedMsg is what the boards are computed from, as a look found it
// after the store changed.
type stampedMsg struct {
	stamp string
	err   error
}

// changed looks at what the boards are computed from, the store having
// changed while the tab shows: a board is computed again (a bootstrap)
// only when that moved.
func (m Model) changed() tea.Cmd {
	db := m.boards.db
	if db == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), loadWait)
		defer cancel()
		stamp, err := db.BoardsStamp(ctx)
		return result(stampedMsg{stamp: stamp, err: err})
	}
}

// stamped computes the board again when what it was computed from moved,
// unless a load is under way (it reads the newest anyway).
func (m Model) stamped(msg stampedMsg) (Model, tea.Cmd) {
	if b := m.boards.board; msg.err != nil || m.boards.loading || (b != nil && b.stamp == msg.stamp) {
		return m, nil
	}
	return m.reload()
}

// loaded shows a load's board, unless a newer load was asked for since.
func (m Model) loaded(msg loadedMsg) Model {
	var ok bool
	if m.boards, ok = m.boards.took(msg); !ok {
		return m
	}
	m.needs = m.needs.kept(&msg.board)
	m.matrix.col = min(m.matrix.col, max(len(msg.board.blind.Entries)-1, 0))
	m.follow()
	return m
}

// styledMsg is the style-controlled fit of load gen's chat board.
type styledMsg struct {
	gen int
	fit *rank.StyleFit
	err error
}

// styleCmd computes the style-controlled fit of b, a chat board just
// loaded, in a command of its own: it reads every judged reply's style
// (measured once and kept, but read for each vote), which at thousands of
// votes costs more than the plain board, so the board shows first and its
// STYLED column comes when this ends.
func styleCmd(db *store.Store, gen int, b board) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), loadWait)
		defer cancel()
		styles, err := db.VoteStyles(ctx, b.vf) // the votes' own filter, its "since" as the load read it
		if err != nil {
			return result(styledMsg{gen: gen, err: err})
		}
		blind, _, err := store.StyledBoards(b.votes, styles, 0) // the plain fit's intervals are the loaded board's
		return result(styledMsg{gen: gen, fit: blind.Style, err: err})
	}
}

package arena

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/rank"
	"atelier/termtext"
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
	err    error
}

// loadedMsg is a load's result; gen says which load.
type loadedMsg struct {
	gen   int
	board board
}

// reload asks for the board of the kind and filter shown.
func (m Model) reload() (Model, tea.Cmd) {
	m.gen++
	m.loading = true
	return m, m.load()
}

// load reads the votes and ranks them in a command, never on the UI loop.
func (m Model) load() tea.Cmd {
	db, gen, kind, f, rounds, now := m.db, m.gen, kinds[m.kind], m.filter, m.rounds, m.now()
	return func() tea.Msg {
		b := board{kind: kind, filter: f}
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

// compute ranks the votes vf selects as `atelier leaderboard` does.
func (b *board) compute(ctx context.Context, db *store.Store, vf store.VoteFilter, rounds int) error {
	votes, err := db.RankedVotes(ctx, vf)
	if err != nil {
		return err
	}
	if b.blind, b.open, err = store.Boards(votes, rounds); err != nil {
		return err
	}
	if b.kind != store.VoteChat { // stars are given in Compare only
		return nil
	}
	ratings, err := db.LaneRatings(ctx, vf)
	if err != nil {
		return err
	}
	b.rated = store.RatedTargets(ratings, laneTarget)
	return nil
}

// laneTarget names a rated lane's target as votes name it.
func laneTarget(r store.LaneRating) string {
	t := client.ChatTarget{Family: client.Group(r.Family), Model: r.Model}
	json.Unmarshal(r.SettingsJSON, &t.Settings) // unreadable settings: named without them
	return termtext.String(client.FormatChatTarget(t))
}

// loaded shows a load's board, unless a newer load was asked for since.
func (m Model) loaded(msg loadedMsg) Model {
	if msg.gen != m.gen {
		return m
	}
	m.loading = false
	m.board = &msg.board
	m.pick = min(m.pick, max(len(msg.board.blind.NeedVotes)-1, 0))
	m.col = min(m.col, max(len(msg.board.blind.Entries)-1, 0))
	m.follow()
	return m
}

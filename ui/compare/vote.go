package compare

import (
	"context"
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// A blind run is voted as `atelier compare --blind` votes: the letters as
// shown, the vote recorded (kind chat, blind) before anything is revealed,
// and never changed after: withdrawn at most, once asked twice.

type (
	// votedMsg says a vote was recorded, or could not be.
	votedMsg struct {
		convID  int64
		verdict string
		id      int64
		err     error
	}
	// withdrawnMsg says a vote was withdrawn, or could not be.
	withdrawnMsg struct {
		convID int64
		err    error
	}
)

var (
	errVoteEnded   = errors.New("compare: vote once every reply has ended (esc stops the rest)")
	errVoteBlind   = errors.New("compare: blind until you vote: rating, winner, continuing and export come after the vote")
	errNoWithdrawn = errors.New("compare: no recorded vote on this comparison to withdraw")
)

// voteKey takes the keys of a hidden run: the verdict keys, and the
// judging keys that would name a target, which wait for the vote. It
// reports whether it took msg.
func (m Model) voteKey(msg tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	k, n := m.km, len(m.run.lanes)
	verdict, start := verdictKey(msg.String(), n)
	switch {
	case verdict == "" && start == "":
		judging := key.Matches(msg, k.Rate) || key.Matches(msg, k.Winner) || key.Matches(msg, k.Continue) ||
			key.Matches(msg, k.Export)
		if judging {
			return m, tab.Warn(errVoteBlind.Error()), true
		}
		return m, nil, false
	case m.running():
		return m, tab.Warn(errVoteEnded.Error()), true
	case start != "":
		m, cmd := m.openLine(voteLine, start)
		return m, cmd, true
	}
	m, cmd := m.castVote(verdict)
	return m, cmd, true
}

// castVote records the verdict on the run on screen, then reveals it. Not
// in history, the vote is shown only, and says so.
func (m Model) castVote(verdict string) (Model, tea.Cmd) {
	if m.arena.saving || !m.arena.hidden() {
		return m, nil
	}
	if m.db == nil || m.run.convID == 0 {
		m.arena.verdict = verdict
		return m, tea.Batch(append(m.layout(), tab.Warn("compare: the vote is not recorded: this comparison is not in history"))...)
	}
	m.arena.saving = true
	db, vote := m.db, blindVote(m.run, verdict)
	return m, func() tea.Msg {
		id, err := db.RecordVote(context.Background(), vote)
		return result(votedMsg{convID: vote.ConversationID, verdict: verdict, id: id, err: err})
	}
}

// blindVote is the vote on r: its columns in the order shown, each with
// the lane it was recorded in and the name the leaderboard ranks.
func blindVote(r run, verdict string) store.Vote {
	v := store.Vote{Kind: store.VoteChat, ConversationID: r.convID, Turn: r.turn, Verdict: verdict, Blind: true}
	for i, l := range r.lanes {
		v.Targets = append(v.Targets, store.VoteTarget{Letter: letter(i), Lane: l.slot, Family: string(l.target.Family),
			Model: l.target.Model, Target: client.FormatChatTarget(l.target)})
	}
	return v
}

// askWithdraw readies the question asked before a recorded vote is
// withdrawn; there being no such vote, it says so.
func (a *arena) askWithdraw() error {
	if !a.on || a.verdict == "" || a.voteID == 0 || a.withdrawn {
		return errNoWithdrawn
	}
	a.confirm = true
	return nil
}

// question is what askWithdraw asks, of a run of n columns.
func (a arena) question(n int) string {
	return fmt.Sprintf("Withdraw your vote (%s)? It stays in history, marked, and leaves the leaderboard. y/n", a.words(n))
}

// questionKey answers the question asked: the budget guard's, or the
// withdrawal's. Any other key keeps it asking.
func (m Model) questionKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.guard.Asking() {
		return m.guardKey(msg)
	}
	yes, no := key.Matches(msg, m.guard.KeyMap.Yes), key.Matches(msg, m.guard.KeyMap.No)
	if !yes && !no {
		return m, nil
	}
	m.arena.confirm, m.mode = false, browsing
	cmds := m.layout()
	if yes {
		db, conv, id := m.db, m.run.convID, m.arena.voteID
		m.arena.saving = true
		cmds = append(cmds, func() tea.Msg {
			return result(withdrawnMsg{convID: conv, err: db.WithdrawVote(context.Background(), id)})
		})
	}
	return m, tea.Batch(cmds...)
}

// saved takes the answer of a vote, a withdrawal or the tags being
// written on r, the run on screen: a recorded vote reveals it. It gives
// back the error the answer carried, if any.
func (a *arena) saved(msg tea.Msg, r *run) error {
	var err error
	switch msg := msg.(type) {
	case votedMsg:
		if msg.convID == r.convID && msg.err == nil && a.hidden() {
			a.verdict, a.voteID = msg.verdict, msg.id
		}
		a.saving, err = false, msg.err
	case withdrawnMsg:
		if msg.convID == r.convID && msg.err == nil {
			a.withdrawn = true
		}
		a.saving, err = false, msg.err
	case taggedMsg:
		if msg.convID == r.convID && msg.err == nil {
			r.tags = msg.tags
		}
		err = msg.err
	}
	return err
}

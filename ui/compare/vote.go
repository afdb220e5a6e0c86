package compare

import (
	"context"
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/components/guard"
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

// vote reads a key pressed while the run on screen (n columns, running
// while a reply goes on) is hidden: the verdict it casts, or the ranking
// it starts; the judging keys that would name a target wait for the vote,
// and cmd says so. took reports whether the key was the vote's.
func (a arena) vote(msg tea.KeyPressMsg, k *keyMap, n int, running bool) (verdict, start string, cmd tea.Cmd, took bool) {
	verdict, start = verdictKey(msg.String(), n)
	switch {
	case verdict == "" && start == "":
		judging := key.Matches(msg, k.Rate) || key.Matches(msg, k.Winner) || key.Matches(msg, k.Continue) ||
			key.Matches(msg, k.Export)
		if judging {
			return "", "", tab.Warn(errVoteBlind.Error()), true
		}
		return "", "", nil, false
	case running:
		return "", "", tab.Warn(errVoteEnded.Error()), true
	}
	return verdict, start, nil, true
}

// cast records the verdict on r, the run on screen, then reveals it. Not
// in history, the vote is shown only: shown says so.
func (a *arena) cast(db *store.Store, r run, verdict string) (cmd tea.Cmd, shown bool) {
	if a.saving || !a.hidden() {
		return nil, false
	}
	if db == nil || r.convID == 0 {
		a.verdict = verdict
		return tab.Warn("compare: the vote is not recorded: this comparison is not in history"), true
	}
	a.saving = true
	vote := blindVote(r, verdict)
	return func() tea.Msg {
		id, err := db.RecordVote(context.Background(), vote)
		return result(votedMsg{convID: vote.ConversationID, verdict: verdict, id: id, err: err})
	}, false
}

// castVote casts the verdict on the run on screen; a vote shown only is
// laid out at once.
func (m Model) castVote(verdict string) (Model, tea.Cmd) {
	cmd, shown := m.arena.cast(m.db, m.run, verdict)
	if shown {
		return m, tea.Batch(append(m.layout(), cmd)...)
	}
	return m, cmd
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

// answer answers the withdrawal's question (yes and no being those of
// the guard's keys): yes withdraws the vote from db, on the comparison
// conv. answered is false for any other key, which keeps asking.
func (a *arena) answer(msg tea.KeyPressMsg, keys guard.KeyMap, db *store.Store, conv int64) (cmd tea.Cmd, answered bool) {
	yes, no := key.Matches(msg, keys.Yes), key.Matches(msg, keys.No)
	if !yes && !no {
		return nil, false
	}
	a.confirm = false
	if no {
		return nil, true
	}
	id := a.voteID
	a.saving = true
	return func() tea.Msg {
		return result(withdrawnMsg{convID: conv, err: db.WithdrawVote(context.Background(), id)})
	}, true
}

// questionKey answers the question asked: the budget guard's, or the
// withdrawal's. Any other key keeps it asking.
func (m Model) questionKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	var goes *pendingRun
	var cmd tea.Cmd
	var answered bool
	if m.gate.asking() {
		goes, cmd, answered = m.gate.key(msg)
	} else {
		cmd, answered = m.arena.answer(msg, m.gate.ask.KeyMap, m.db, m.run.convID)
	}
	if !answered {
		return m, nil
	}
	m.mode = browsing
	if goes != nil {
		return m.launch(*goes)
	}
	return m, tea.Batch(append(m.layout(), cmd)...)
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

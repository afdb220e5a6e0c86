package video

import (
	"context"
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// The arena's vote: recorded as a blind video vote, which reveals the
// names; withdrawn after the reveal on W then y. Both are written in
// commands, bounded by voteTimeout, and answer the arena being judged.

// votedMsg is the answer of recording a vote.
type votedMsg struct {
	id      int64
	verdict string
	err     error
}

// voteTimeout bounds the recording of a vote.
const voteTimeout = 10 * time.Second

// recordVote stores the verdict as a blind video vote: each letter's task
// by its row, its endpoint the target ranked.
func (a arena) recordVote(db *store.Store, verdict string) tea.Cmd {
	pair := a.pair
	v := store.Vote{Kind: store.VoteVideo, Verdict: verdict, Blind: true}
	for i, t := range pair {
		v.Targets = append(v.Targets, store.VoteTarget{Letter: store.Letters(2)[i], VideoTaskID: t.rec.ID,
			Family: t.rec.Family, Model: t.rec.Endpoint, Target: t.rec.Endpoint})
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), voteTimeout)
		defer cancel()
		id, err := db.RecordVote(ctx, v)
		return result(votedMsg{id: id, verdict: verdict, err: err})
	}
}

// answer takes the answer of recording or withdrawing a vote.
func (a arena) answer(msg tea.Msg) (arena, tea.Cmd) {
	switch msg := msg.(type) {
	case votedMsg:
		return a.voted(msg)
	case withdrawnMsg:
		return a.withdrawnAnswer(msg)
	case playedMsg:
		return a.playedAnswer(msg)
	}
	return a, nil
}

// voted reveals the names once the vote is recorded; a vote not recorded
// keeps them hidden, to vote again.
func (a arena) voted(msg votedMsg) (arena, tea.Cmd) {
	if !a.saving {
		return a, nil
	}
	a.saving = false
	if msg.err != nil {
		return a, tab.Error(fmt.Errorf("the vote was not recorded: %w", msg.err))
	}
	a.voteID, a.verdict = msg.id, msg.verdict
	return a, tab.Notice(fmt.Sprintf("vote %d recorded: %s", msg.id, verdictText(msg.verdict)))
}

// revealedKey leaves the arena (enter, esc) or withdraws the vote: W
// asks, y withdraws, any other key keeps it.
func (a arena) revealedKey(msg tea.KeyPressMsg, km keyMap, db *store.Store) (arena, tea.Cmd, mode) {
	switch {
	case a.asking:
		a.asking = false
		if key.Matches(msg, km.Yes) {
			a.saving = true
			return a, withdrawVote(db, a.voteID), judging
		}
		return a, tab.Info("the vote stands"), judging
	case key.Matches(msg, km.Withdraw) && !a.withdrawn:
		a.asking = true
		return a, tab.Ask(fmt.Sprintf("withdraw vote %d? y/n", a.voteID)), judging
	case key.Matches(msg, km.Leave, km.PlayBoth):
		return a, nil, browsing
	}
	return a, nil, judging
}

// withdrawnMsg is the answer of withdrawing a vote.
type withdrawnMsg struct {
	id  int64
	err error
}

// withdrawVote withdraws vote id: it leaves the board, kept in the history
// as withdrawn.
func withdrawVote(db *store.Store, id int64) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), voteTimeout)
		defer cancel()
		return result(withdrawnMsg{id: id, err: db.WithdrawVote(ctx, id)})
	}
}

// withdrawnAnswer marks the vote withdrawn, or says why it was not.
func (a arena) withdrawnAnswer(msg withdrawnMsg) (arena, tea.Cmd) {
	if a.voteID != msg.id {
		return a, nil
	}
	a.saving = false
	if msg.err != nil {
		return a, tab.Error(fmt.Errorf("the vote was not withdrawn: %w", msg.err))
	}
	a.withdrawn = true
	return a, tab.Notice(fmt.Sprintf("vote %d withdrawn", msg.id))
}

// verdictText says a stored verdict of two in words.
func verdictText(v string) string {
	switch v {
	case "AB":
		return "A better"
	case "BA":
		return "B better"
	case store.VerdictTie:
		return "a tie"
	case store.VerdictBad:
		return "both bad"
	}
	return clean(v)
}

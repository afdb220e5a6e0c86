package compare

import (
	"errors"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// A blind run is voted as `atelier compare --blind` votes: the letters as
// shown, the vote recorded (kind chat, blind) before anything is revealed,
// and never changed after: withdrawn at most, once asked. The vote's
// keys, words and records are ui/components/vote's; here are what the
// run on screen tells it and the keys that wait for it.

var (
	errVoteEnded = errors.New("the vote opens once every reply has ended (esc stops the rest)")
	errVoteBlind = errors.New("compare: blind until you vote: rating, winner, continuing, export and sharing come after the vote")
)

// voteKey hands a key to the vote on the run on screen when it is the
// vote's, telling the vote first what a cast records and whether the run
// still streams; took is false for a key the vote leaves to the tab. A
// judging key that would name a target waits for the vote, and says so.
func (m Model) voteKey(msg tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	wait := ""
	if m.run.running() {
		wait = errVoteEnded.Error()
	}
	m.arena.vote = m.arena.vote.Ballot(blindVote(m.run), wait)
	if m.arena.vote.Takes(msg) {
		hidden, asking := m.arena.hidden(), m.arena.vote.Asking()
		var cmd tea.Cmd
		m.arena.vote, cmd = m.arena.vote.Update(msg)
		if hidden != m.arena.hidden() || asking != m.arena.vote.Asking() {
			return m, tea.Batch(append(m.layout(), cmd)...), true
		}
		return m, cmd, true
	}
	k := m.km
	if m.arena.hidden() && key.Matches(msg, k.Rate, k.Winner, k.Continue, k.Export, k.Share) {
		return m, tab.Warn(errVoteBlind.Error()), true
	}
	return m, nil, false
}

// blindVote is the vote on r: its columns in the order shown, each with
// the lane it was recorded in and the name the leaderboard ranks.
func blindVote(r run) store.Vote {
	v := store.Vote{Kind: store.VoteChat, ConversationID: r.convID, Turn: r.turn}
	for _, l := range r.lanes {
		v.Targets = append(v.Targets, store.VoteTarget{Lane: l.slot, Family: string(l.target.Family),
			Model: l.target.Model, Target: client.FormatChatTarget(l.target)})
	}
	return v
}

// questionKey answers the budget's question; any other key keeps it
// asking.
func (m Model) questionKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	goes, cmd, answered := m.gate.key(msg)
	if !answered {
		return m, cmd
	}
	m.mode = browsing
	if goes != nil {
		return m.let(*goes)
	}
	return m, tea.Batch(append(m.layout(), cmd)...)
}

// saved takes the answer of the tags being written on r, the run on
// screen. It gives back the error the answer carried, if any.
func saved(msg taggedMsg, r *run) error {
	if msg.convID == r.convID && msg.err == nil {
		r.tags = msg.tags
	}
	return msg.err
}

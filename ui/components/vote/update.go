package vote

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/components/confirm"
	"atelier/ui/tab"
)

// RecordedMsg is the answer of recording a vote: its id, or why not.
type RecordedMsg struct {
	seq     int64
	verdict string
	id      int64
	err     error
}

// WithdrawnMsg is the answer of withdrawing a vote.
type WithdrawnMsg struct {
	seq int64
	id  int64
	err error
}

// Update takes the keys Takes reports as the vote's and the answers of
// its own commands (RecordedMsg, WithdrawnMsg); it returns what the status
// bar says and the commands that write to the history.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case RecordedMsg:
		return m.recorded(msg)
	case WithdrawnMsg:
		return m.withdrawnAnswer(msg)
	}
	return m, nil
}

// key acts on a key of the vote.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	a, arg := m.read(msg)
	switch a {
	case answer:
		return m.answer(msg)
	case waits:
		return m, tab.Warn(m.wait)
	case cast:
		return m.cast(arg)
	case typeIn:
		m.typed += arg
		return m, nil
	case twice:
		return m, tab.Warn(fmt.Sprintf("%s is ranked already: %s so far (⌫ takes a letter back)", arg, spaced(m.typed)))
	case enter:
		if len(m.typed) < m.n {
			return m, tab.Warn(fmt.Sprintf("rank all %d: type the letters best first, then enter (%s so far)", m.n, orNone(m.typed)))
		}
		return m.cast(m.typed)
	case erase:
		m.typed = m.typed[:max(len(m.typed)-1, 0)]
		return m, nil
	case clear:
		m.typed = ""
		return m, nil
	case withdraw:
		return m.askWithdraw()
	}
	return m, nil
}

// cast records verdict. With no history to keep it (no store, or a run
// that is not in history), the vote is shown only, and the status bar
// says so.
func (m Model) cast(verdict string) (Model, tea.Cmd) {
	m.typed = ""
	if m.db == nil || !recordable(m.ballot) {
		m.ballot.Verdict = verdict
		return m, tab.Warn("the vote is not recorded: this run is not in history")
	}
	m.saving = true
	db, v, seq, to := m.db, m.ballot, m.seq, m.to
	v.Verdict = verdict
	return m, func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), Timeout)
		defer cancel()
		id, err := db.RecordVote(ctx, v)
		return tab.Result(to, RecordedMsg{seq: seq, verdict: verdict, id: id, err: err})
	}
}

// recordable reports whether v names what it judged: a comparison, or
// every target's image job or video task.
func recordable(v store.Vote) bool {
	if len(v.Targets) == 0 {
		return false
	}
	for _, t := range v.Targets {
		if v.Kind == store.VoteImage && t.ImageJobID == 0 || v.Kind == store.VoteVideo && t.VideoTaskID == 0 {
			return false
		}
	}
	return v.Kind != store.VoteChat || v.ConversationID != 0
}

// recorded reveals the names once the vote is in; a vote that was not
// recorded keeps them hidden, to be cast again.
func (m Model) recorded(msg RecordedMsg) (Model, tea.Cmd) {
	if msg.seq != m.seq || !m.saving {
		return m, nil
	}
	m.saving = false
	if msg.err != nil {
		return m, tab.Error(fmt.Errorf("the vote was not recorded: %w", msg.err))
	}
	m.ballot.Verdict, m.ballot.ID = msg.verdict, msg.id
	return m, tab.Notice(fmt.Sprintf("vote %d recorded: %s · %s · W withdraws it", msg.id, m.Words(), m.names()))
}

// askWithdraw asks before a recorded vote is withdrawn, or says why there
// is none to withdraw.
func (m Model) askWithdraw() (Model, tea.Cmd) {
	switch {
	case m.saving:
		return m, nil
	case m.ballot.ID == 0:
		return m, tab.Warn("no recorded vote here to withdraw")
	case m.withdrawn:
		return m, tab.Warn(fmt.Sprintf("vote %d was withdrawn already", m.ballot.ID))
	}
	m.ask = m.ask.Ask(m.Question())
	return m, tab.Ask(m.ask.Prompt())
}

// Question is the withdrawal's question, without its keys.
func (m Model) Question() string {
	return fmt.Sprintf("Withdraw the vote (%s) from the leaderboard?", m.Words())
}

// answer takes the withdrawal's answer: yes withdraws the vote, no keeps
// it, any other key keeps asking.
func (m Model) answer(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	var a confirm.Answer
	var cmd tea.Cmd
	m.ask, a, cmd = m.ask.Update(msg)
	switch a {
	case confirm.No:
		return m, tab.Info("the vote stands")
	case confirm.Yes:
		m.saving = true
		db, id, seq, to := m.db, m.ballot.ID, m.seq, m.to
		return m, func() tea.Msg {
			ctx, cancel := context.WithTimeout(context.Background(), Timeout)
			defer cancel()
			return tab.Result(to, WithdrawnMsg{seq: seq, id: id, err: db.WithdrawVote(ctx, id)})
		}
	}
	return m, cmd
}

// withdrawnAnswer marks the vote withdrawn, or says why it was not.
func (m Model) withdrawnAnswer(msg WithdrawnMsg) (Model, tea.Cmd) {
	if msg.seq != m.seq || msg.id != m.ballot.ID {
		return m, nil
	}
	m.saving = false
	if msg.err != nil {
		return m, tab.Error(fmt.Errorf("the vote was not withdrawn: %w", msg.err))
	}
	m.withdrawn = true
	return m, tab.Notice(fmt.Sprintf("vote %d withdrawn: it stays in history, marked, and leaves the leaderboard", msg.id))
}

// spaced is letters with a space between: "C A".
func spaced(letters string) string { return strings.Join(strings.Split(letters, ""), " ") }

// orNone is the letters typed so far, or "none".
func orNone(typed string) string {
	if typed == "" {
		return "none"
	}
	return spaced(typed)
}

package video

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// The video arena (issue 16): two finished tasks of one prompt, made on
// different endpoints, shown as A and B in an order a coin chose, with
// nothing that names them (no endpoint, model, id, file, time, settings
// or cost) until the vote; played one after the other; judged with the
// command line's keys (a, b, t, x); recorded as a blind vote; revealed.

// arena is the pairing chooser's and the judging's state.
type arena struct {
	// pairing: the task c was pressed on, and the tasks it may meet.
	of      task
	choices []task
	cursor  int

	// judging: the two tasks as shown, A first.
	pair    [2]task
	played  [2]bool
	saving  bool   // the vote is being recorded
	verdict string // the stored verdict, once recorded: the names show
	voteID  int64
	// after the reveal: W asks (asking), y withdraws (withdrawn). The vote
	// cannot change, so the names stay shown either way.
	asking, withdrawn bool
}

// revealed reports whether the vote is in and the names show.
func (a arena) revealed() bool { return a.voteID != 0 }

// votedMsg is the answer of recording a vote.
type votedMsg struct {
	id      int64
	verdict string
	err     error
}

// voteTimeout bounds the recording of a vote.
const voteTimeout = 10 * time.Second

// judged reports whether a task can enter the arena: done, not failed,
// with its video saved to play.
func (t task) judged() bool { return !t.running() && t.failure() == nil && t.file != "" }

// prompt is the task's prompt as pairs are matched on.
func (t task) prompt() string { return strings.TrimSpace(t.rec.Prompt) }

// partners are the listed tasks t may meet: finished, of the same prompt,
// made on another endpoint.
func (m Model) partners(t task) []task {
	var out []task
	for _, o := range m.tasks.Items() {
		if o.judged() && o.prompt() == t.prompt() && o.rec.Endpoint != t.rec.Endpoint {
			out = append(out, o)
		}
	}
	return out
}

// startArena pairs the selected task: with its only partner at once, or
// through the chooser when it has several.
func (m Model) startArena(t task) (Model, tea.Cmd) {
	id := shortID(t.id())
	switch {
	case m.db == nil:
		return m, tab.Warn("the arena records votes in the history, which is not open")
	case !t.judged():
		return m, tab.Warn("video " + id + " has no finished video to judge")
	case t.prompt() == "":
		return m, tab.Warn("video " + id + " has no prompt to pair it on")
	}
	ps := m.partners(t)
	switch len(ps) {
	case 0:
		return m, tab.Warn("no other finished task of this prompt on another endpoint: submit it on one, then press c again")
	case 1:
		return m.judge(t, ps[0]), nil
	}
	m.ar = arena{of: t, choices: ps}
	m.mode = pairing
	return m, nil
}

// pairKey moves in the chooser, picks a partner, or leaves.
func (m Model) pairKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	a := &m.ar
	if c, ok := m.moveCursor(msg, a.cursor, len(a.choices)); ok {
		a.cursor = c
		return m, nil
	}
	switch {
	case key.Matches(msg, m.km.Pick):
		return m.judge(a.of, a.choices[a.cursor]), nil
	case key.Matches(msg, m.km.Cancel):
		m.ar, m.mode = arena{}, browsing
	}
	return m, nil
}

// judge shows x and y as A and B, in the order the coin says.
func (m Model) judge(x, y task) Model {
	if m.coin() {
		x, y = y, x
	}
	m.ar = arena{pair: [2]task{x, y}}
	m.mode = judging
	m.form.Blur()
	return m
}

// judgeKey plays, votes or leaves; after the reveal, any of enter and esc
// goes back to the tasks.
func (m Model) judgeKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	a := &m.ar
	switch {
	case a.saving:
		return m, nil
	case a.revealed():
		return m.revealedKey(msg)
	case key.Matches(msg, m.km.Leave):
		m.ar, m.mode = arena{}, browsing
		return m, tab.Info("left the arena: no vote recorded")
	case key.Matches(msg, m.km.PlayBoth):
		a.played = [2]bool{true, true}
		return m, m.playBlind(0, 1)
	case key.Matches(msg, m.km.PlayA):
		a.played[0] = true
		return m, m.playBlind(0)
	case key.Matches(msg, m.km.PlayB):
		a.played[1] = true
		return m, m.playBlind(1)
	case key.Matches(msg, m.km.Vote):
		verdict, err := store.ParseVerdict(msg.String(), 2)
		if err != nil {
			return m, tab.Error(err)
		}
		a.saving = true
		return m, m.recordVote(verdict)
	}
	return m, nil
}

// playBlind plays the shown videos at the given places, one after the
// other (a player that returns at once, as xdg-open does, leaves them
// side by side). A failure names the letter, never the file, whose name
// holds the task's id.
func (m Model) playBlind(at ...int) tea.Cmd {
	open, pair := m.open, m.ar.pair
	return func() tea.Msg {
		for _, i := range at {
			if err := open(pair[i].file); err != nil {
				letter := store.Letters(2)[i]
				text := strings.NewReplacer(pair[i].file, "video "+letter, filepath.Base(pair[i].file), "video "+letter).Replace(err.Error())
				return tab.ErrorMsg{Err: fmt.Errorf("play video %s: %s", letter, text)}
			}
		}
		return nil
	}
}

// recordVote stores the verdict as a blind video vote: each letter's task
// by its row, its endpoint the target ranked.
func (m Model) recordVote(verdict string) tea.Cmd {
	db, pair := m.db, m.ar.pair
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

// voted reveals the names once the vote is recorded; a vote not recorded
// keeps them hidden, to vote again.
func (m Model) voted(msg votedMsg) (Model, tea.Cmd) {
	if m.mode != judging || !m.ar.saving {
		return m, nil
	}
	m.ar.saving = false
	if msg.err != nil {
		return m, tab.Error(fmt.Errorf("the vote was not recorded: %w", msg.err))
	}
	m.ar.voteID, m.ar.verdict = msg.id, msg.verdict
	return m, tab.Notice(fmt.Sprintf("vote %d recorded: %s", msg.id, verdictText(msg.verdict)))
}

// revealedKey leaves the arena (enter, esc) or withdraws the vote: W
// asks, y withdraws, any other key keeps it.
func (m Model) revealedKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	a := &m.ar
	switch {
	case a.asking:
		a.asking = false
		if key.Matches(msg, m.km.Yes) {
			a.saving = true
			return m, m.withdrawVote(a.voteID)
		}
		return m, tab.Info("the vote stands")
	case key.Matches(msg, m.km.Withdraw) && !a.withdrawn:
		a.asking = true
		return m, tab.Ask(fmt.Sprintf("withdraw vote %d? y/n", a.voteID))
	case key.Matches(msg, m.km.Leave, m.km.PlayBoth):
		m.ar, m.mode = arena{}, browsing
	}
	return m, nil
}

// withdrawnMsg is the answer of withdrawing a vote.
type withdrawnMsg struct {
	id  int64
	err error
}

// withdrawVote withdraws vote id: it leaves the board, kept in the history
// as withdrawn.
func (m Model) withdrawVote(id int64) tea.Cmd {
	db := m.db
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), voteTimeout)
		defer cancel()
		return result(withdrawnMsg{id: id, err: db.WithdrawVote(ctx, id)})
	}
}

// withdrawn marks the vote withdrawn, or says why it was not.
func (m Model) withdrawn(msg withdrawnMsg) (Model, tea.Cmd) {
	if m.mode != judging || m.ar.voteID != msg.id {
		return m, nil
	}
	m.ar.saving = false
	if msg.err != nil {
		return m, tab.Error(fmt.Errorf("the vote was not withdrawn: %w", msg.err))
	}
	m.ar.withdrawn = true
	return m, tab.Notice(fmt.Sprintf("vote %d withdrawn", msg.id))
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

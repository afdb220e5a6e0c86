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
func partners(items []task, t task) []task {
	var out []task
	for _, o := range items {
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
	ps := partners(m.tasks.Items(), t)
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

// arenaStep is where a key in the arena leads the tab.
type arenaStep int

const (
	stay       arenaStep = iota // the arena keeps the keyboard
	judgePair                   // the chooser picked a partner: judge the pair
	leaveArena                  // back to the tasks
)

// arenaKey gives a key to the arena, pairing or judging; the arena says
// when a pair was picked or it is left.
func (m Model) arenaKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	var step arenaStep
	if m.mode == pairing {
		m.ar, step = m.ar.pairKey(msg, m.km)
	} else {
		m.ar, cmd, step = m.ar.key(msg, m.km, m.open, m.db)
	}
	switch step {
	case judgePair:
		return m.judge(m.ar.of, m.ar.choices[m.ar.cursor]), nil
	case leaveArena:
		m.ar, m.mode = arena{}, browsing
	}
	return m, cmd
}

// pairKey moves in the chooser, picks a partner, or leaves.
func (a arena) pairKey(msg tea.KeyPressMsg, km keyMap) (arena, arenaStep) {
	if c, ok := km.move(msg, a.cursor, len(a.choices)); ok {
		a.cursor = c
		return a, stay
	}
	switch {
	case key.Matches(msg, km.Pick):
		return a, judgePair
	case key.Matches(msg, km.Cancel):
		return a, leaveArena
	}
	return a, stay
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

// key plays, votes or leaves; after the reveal, any of enter and esc goes
// back to the tasks.
func (a arena) key(msg tea.KeyPressMsg, km keyMap, open func(string) error, db *store.Store) (arena, tea.Cmd, arenaStep) {
	switch {
	case a.saving:
		return a, nil, stay
	case a.revealed():
		return a.revealedKey(msg, km, db)
	case key.Matches(msg, km.Leave):
		return a, tab.Info("left the arena: no vote recorded"), leaveArena
	case key.Matches(msg, km.PlayBoth):
		a.played = [2]bool{true, true}
		return a, a.playBlind(open, 0, 1), stay
	case key.Matches(msg, km.PlayA):
		a.played[0] = true
		return a, a.playBlind(open, 0), stay
	case key.Matches(msg, km.PlayB):
		a.played[1] = true
		return a, a.playBlind(open, 1), stay
	case key.Matches(msg, km.Vote):
		verdict, err := store.ParseVerdict(msg.String(), 2)
		if err != nil {
			return a, tab.Error(err), stay
		}
		a.saving = true
		return a, a.recordVote(db, verdict), stay
	}
	return a, nil, stay
}

// playBlind plays the shown videos at the given places, one after the
// other (a player that returns at once, as xdg-open does, leaves them
// side by side). A failure names the letter, never the file, whose name
// holds the task's id.
func (a arena) playBlind(open func(string) error, at ...int) tea.Cmd {
	pair := a.pair
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
func (a arena) revealedKey(msg tea.KeyPressMsg, km keyMap, db *store.Store) (arena, tea.Cmd, arenaStep) {
	switch {
	case a.asking:
		a.asking = false
		if key.Matches(msg, km.Yes) {
			a.saving = true
			return a, withdrawVote(db, a.voteID), stay
		}
		return a, tab.Info("the vote stands"), stay
	case key.Matches(msg, km.Withdraw) && !a.withdrawn:
		a.asking = true
		return a, tab.Ask(fmt.Sprintf("withdraw vote %d? y/n", a.voteID)), stay
	case key.Matches(msg, km.Leave, km.PlayBoth):
		return a, nil, leaveArena
	}
	return a, nil, stay
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

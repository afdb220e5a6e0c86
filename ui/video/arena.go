package video

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/components/vote"
	"atelier/ui/tab"
)

// The video arena: two finished tasks of one prompt, made on
// different endpoints, shown as A and B in an order a coin chose, with
// nothing that names them (no endpoint, model, id, file, time, settings
// or cost) until the vote; played one after the other; judged, recorded
// and revealed by ui/components/vote, as Compare and the Image tab vote.

// arena is the pairing chooser's and the judging's state.
type arena struct {
	// pairing: the task c was pressed on, and the tasks it may meet.
	of      task
	choices []task
	cursor  int

	// judging: the two tasks as shown, A first, and their vote.
	pair       [2]task
	played     [2]bool // the player took it (arenaplay.go)
	unplayable [2]bool // the player could not take it, the last time
	vote       vote.Model
}

// newArena is the arena of a tab whose votes are recorded in db.
func newArena(db *store.Store) arena {
	return arena{vote: vote.New(vote.Options{Store: db, Tab: tab.Video})}
}

// left is the arena once the person leaves it: nothing judged.
func (a arena) left() arena { return arena{vote: a.vote.Close()} }

// revealed reports whether the vote is in and the names show.
func (a arena) revealed() bool { return a.vote.Blind() && !a.vote.Hidden() }

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

// start pairs t, chosen among the listed items: with its only partner at
// once (judging), or through the chooser when it has several (pairing).
// It says the mode the tab goes to: browsing, with the reason, when t
// cannot be judged. Votes are kept in the history: without one
// (history false) there is no arena.
func (a arena) start(t task, items []task, history bool, coin func() bool) (arena, mode, tea.Cmd) {
	id := shortID(t.id())
	switch {
	case !history:
		return a, browsing, tab.Warn("the arena records votes in the history, which is not open")
	case !t.judged():
		return a, browsing, tab.Warn("video " + id + " has no finished video to judge")
	case t.prompt() == "":
		return a, browsing, tab.Warn("video " + id + " has no prompt to pair it on")
	}
	ps := partners(items, t)
	switch len(ps) {
	case 0:
		return a, browsing, tab.Warn("no other finished task of this prompt on another endpoint: submit it on one, then press c again")
	case 1:
		return a.matched(t, ps[0], coin), judging, nil
	}
	return arena{of: t, choices: ps, vote: a.vote}, pairing, nil
}

// matched is the arena judging x and y, shown as A and B in the order
// the coin says.
func (a arena) matched(x, y task, coin func() bool) arena {
	if coin() {
		x, y = y, x
	}
	a = arena{pair: [2]task{x, y}, vote: a.vote.Start(2)}
	a.vote = a.vote.Ballot(a.ballot(), a.unseen()) // nothing played yet: the vote line says so
	return a
}

// pairKey moves in the chooser, picks a partner (judging the pair, in
// the order coin says), or leaves (browsing).
func (a arena) pairKey(msg tea.KeyPressMsg, km keyMap, coin func() bool) (arena, mode) {
	if c, ok := km.move(msg, a.cursor, len(a.choices)); ok {
		a.cursor = c
		return a, pairing
	}
	switch {
	case key.Matches(msg, km.Pick):
		return a.matched(a.of, a.choices[a.cursor], coin), judging
	case key.Matches(msg, km.Cancel):
		return a, browsing
	}
	return a, pairing
}

// key votes (the vote's keys first), plays or leaves (browsing); after
// the reveal, any of enter and esc goes back to the tasks.
func (a arena) key(msg tea.KeyPressMsg, km keyMap, open func(string) error) (arena, tea.Cmd, mode) {
	if a.vote = a.vote.Ballot(a.ballot(), a.unseen()); a.vote.Takes(msg) { // a vote waits until both were played
		var cmd tea.Cmd
		a.vote, cmd = a.vote.Update(msg)
		return a, cmd, judging
	}
	switch {
	case a.vote.Saving():
		return a, nil, judging
	case a.revealed() && key.Matches(msg, km.Done):
		return a, nil, browsing
	case a.revealed():
		return a, nil, judging
	case key.Matches(msg, km.Leave):
		return a, tab.Info("left the arena: no vote recorded"), browsing
	case key.Matches(msg, km.PlayBoth):
		return a, a.playBlind(open, 0, 1), judging
	case key.Matches(msg, km.PlayA):
		return a, a.playBlind(open, 0), judging
	case key.Matches(msg, km.PlayB):
		return a, a.playBlind(open, 1), judging
	}
	return a, nil, judging
}

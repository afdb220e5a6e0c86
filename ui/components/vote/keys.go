package vote

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/components/keys"
)

// KeyMap is the vote's keys, for acting and for help. Letters are read in
// either case: the screen shows them in capitals.
type KeyMap struct {
	Two      key.Binding // a, b, t, x: a vote of two targets, cast at once
	Rank     key.Binding // a–d: a ranking's next letter, best first
	Tie, Bad key.Binding // t, x: a tie, all bad, of any number
	Record   key.Binding // enter: the ranking typed (with none typed, the tab's)
	Erase    key.Binding // backspace: its last letter back (the same)
	Clear    key.Binding // esc: the ranking typed, dropped (the same)
	Withdraw key.Binding // W: the recorded vote, after a question
}

// DefaultKeyMap is the one key set of every blind vote.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Two:      keys.Bind("a/b/t/x", "vote: A better, B better, tie, both bad", "a", "b", "t", "x", "A", "B", "T", "X"),
		Rank:     keys.Bind("letters enter", "vote: rank 3–4 best first (CBA)", "a", "b", "c", "d", "A", "B", "C", "D"),
		Tie:      keys.Bind("t", "vote: a tie", "t", "T"),
		Bad:      keys.Bind("x", "vote: all bad", "x", "X"),
		Record:   keys.Bind("enter", "record the ranking", "enter"),
		Erase:    keys.Bind("⌫", "take a letter back", "backspace"),
		Clear:    keys.Bind("esc", "clear the ranking", "esc"),
		Withdraw: keys.Withdraw(),
	}
}

// Help is the keys that matter now, for the tab's short help: the
// question's, the vote's, or W after it.
func (m Model) Help() []key.Binding {
	k := m.KeyMap
	switch {
	case m.ask.Asking():
		return m.ask.Help()
	case m.Hidden() && m.n == 2:
		return []key.Binding{k.Two}
	case m.Hidden():
		return []key.Binding{k.Rank, k.Record, k.Tie, k.Bad}
	case m.Blind() && m.ballot.ID != 0 && !m.withdrawn:
		return []key.Binding{k.Withdraw}
	}
	return nil
}

// Live is the vote's keys that act now, for the registry of actions (a
// tab's live group): the question's answers, the verdicts of a hidden run
// (with enter, ⌫ and esc while a ranking is typed: they are the ranking's
// then, not the tab's), or W once a vote stands.
func (m Model) Live() []key.Binding {
	if m.ask.Asking() {
		return m.ask.Help()
	}
	return m.KeyMap.Now(m.n, m.Hidden(), m.typed != "", m.Blind() && m.ballot.ID != 0 && !m.withdrawn)
}

// Now is the keys that act on a blind run of n targets: hidden until the
// vote, a ranking typed, a vote standing to withdraw.
func (k KeyMap) Now(n int, hidden, typing, standing bool) []key.Binding {
	switch {
	case hidden && n == 2:
		return []key.Binding{k.Two}
	case hidden && typing:
		return []key.Binding{k.Rank, k.Tie, k.Bad, k.Record, k.Erase, k.Clear}
	case hidden:
		return []key.Binding{k.Rank, k.Tie, k.Bad}
	case standing:
		return []key.Binding{k.Withdraw}
	}
	return nil
}

// All is every key of the vote, for the tab's full help.
func (m Model) All() []key.Binding {
	k := m.KeyMap
	return []key.Binding{k.Two, k.Rank, k.Record, k.Erase, k.Withdraw}
}

// act is what a key does to the vote.
type act int

const (
	notOurs  act = iota // the key is the tab's
	answer              // the withdrawal's question takes it
	held                // a record or withdrawal is under way: the key waits
	waits               // a vote key while voting waits: say why
	cast                // the verdict is whole: record it
	typeIn              // a ranking's next letter
	twice               // a letter ranked already
	enter               // record the ranking typed
	erase               // take its last letter back
	clear               // drop it
	withdraw            // ask to withdraw the recorded vote
)

// read says what msg does to the vote now, with the verdict it casts or
// the letter it types (upper case).
func (m Model) read(msg tea.KeyPressMsg) (act, string) {
	k := m.KeyMap
	switch {
	case m.ask.Asking():
		return answer, ""
	case m.n == 0:
		return notOurs, ""
	case key.Matches(msg, k.Withdraw):
		return withdraw, ""
	case !m.Hidden():
		return notOurs, ""
	}
	a, arg := m.readVote(msg)
	switch {
	case a == notOurs:
		return notOurs, ""
	case m.saving:
		return held, ""
	case m.wait != "":
		return waits, ""
	}
	return a, arg
}

// readVote reads a key of a hidden run's vote.
func (m Model) readVote(msg tea.KeyPressMsg) (act, string) {
	k := m.KeyMap
	switch {
	case key.Matches(msg, k.Tie):
		return cast, store.VerdictTie
	case key.Matches(msg, k.Bad):
		return cast, store.VerdictBad
	case m.n == 2 && key.Matches(msg, k.Two):
		v, _ := store.ParseVerdict(msg.String(), 2)
		return cast, v
	case m.n == 2:
		return notOurs, ""
	case m.typed != "" && key.Matches(msg, k.Record):
		return enter, ""
	case m.typed != "" && key.Matches(msg, k.Erase):
		return erase, ""
	case m.typed != "" && key.Matches(msg, k.Clear):
		return clear, ""
	}
	l := strings.ToUpper(msg.String())
	if !key.Matches(msg, k.Rank) || l[0] >= 'A'+byte(m.n) {
		return notOurs, ""
	}
	if strings.Contains(m.typed, l) {
		return twice, l
	}
	return typeIn, l
}

// Takes reports whether msg is the vote's now: a verdict or a ranking's
// key while the run is hidden, any key while the withdrawal asks, and W
// on a blind run. A tab hands such a key to Update before its own keys.
func (m Model) Takes(msg tea.KeyPressMsg) bool {
	a, _ := m.read(msg)
	return a != notOurs
}

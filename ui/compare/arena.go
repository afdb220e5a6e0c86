package compare

import (
	"math/rand/v2"

	"atelier/store"
	"atelier/store/rank"
	"atelier/ui/components/vote"
	"atelier/ui/tab"
)

// arena is the Compare tab's blind mode: whether the next run
// goes blind, and the vote on the run on screen (ui/components/vote, as
// the Image and Video tabs vote). A blind run's columns are in the order
// shown, each a letter (A, B…); until the vote nothing names a target
// (family, model, settings, figures, error), and once the vote is
// recorded every name shows for good: a vote is never changed after the
// reveal, only withdrawn.
type arena struct {
	next    bool // the next run goes blind (ctrl+b toggles it)
	setting bool // Settings' [arena] blind, the default of next

	vote vote.Model // the run on screen's; not Blind when it ran named
}

func newArena(db *store.Store) arena {
	return arena{vote: vote.New(vote.Options{Store: db, Tab: tab.Compare})}
}

// hidden reports whether the run on screen hides its targets.
func (a arena) hidden() bool { return a.vote.Hidden() }

// withSetting follows Settings' [arena] blind: a changed default sets
// the next run, a saved but unchanged one leaves the person's toggle.
func (a arena) withSetting(s *store.Settings) arena {
	if s != nil && s.Arena.Blind != a.setting {
		a.setting, a.next = s.Arena.Blind, s.Arena.Blind
	}
	return a
}

// started is the arena of a new run of n columns, blind or not.
func (a arena) started(blind bool, n int) arena {
	if a.vote = a.vote.Close(); blind {
		a.vote = a.vote.Start(n)
	}
	return a
}

// opened is the arena of a comparison of n columns read from history:
// revealed by its latest vote on the prompt, else hidden when it ran
// blind and was never voted on, else not blind. It returns the vote it
// took, if any.
func (a arena) opened(votes []store.Vote, turn, n int, blind bool) (arena, *store.Vote) {
	var standing, withdrawn *store.Vote // the latest of each, votes being oldest first
	for i := range votes {
		switch v := &votes[i]; {
		case v.Turn != turn:
		case v.WithdrawnAt.IsZero():
			standing = v
		default:
			withdrawn = v
		}
	}
	last := standing
	if last == nil {
		last = withdrawn
	}
	if last == nil {
		return a.started(blind, n), nil
	}
	a.vote = a.vote.Resume(*last)
	return a, last
}

// letter names the column shown at i.
func letter(i int) string { return string(rune('A' + i)) }

// line is the arena's line above the columns: the vote's (how to vote,
// the question, the vote), with whether the next run goes blind; "" when
// blindness is off for both.
func (a arena) line() string {
	next := " · the next run is named (ctrl+b)"
	if a.next {
		next = " · the next run is blind too (ctrl+b)"
	}
	switch {
	case a.vote.Asking():
		return a.vote.View()
	case a.vote.Blind():
		return a.vote.View() + next
	case a.next:
		return "Blind: the next run shows its targets as A, B… until you vote (ctrl+b turns it off)"
	}
	return ""
}

// shuffle is targets in a random order: a blind run's shown order.
func shuffle[T any](in []T) []T {
	out := make([]T, len(in))
	for i, j := range rand.Perm(len(in)) {
		out[i] = in[j]
	}
	return out
}

// inVoteOrder puts a comparison's columns back in the order its vote
// showed them: the lane of letter k at k.
func inVoteOrder(lanes []lane, v store.Vote) []lane {
	out := make([]lane, 0, len(lanes))
	taken := make([]bool, len(lanes))
	for _, t := range v.Targets {
		for i, l := range lanes {
			if !taken[i] && l.slot == t.Lane {
				out, taken[i] = append(out, l), true
			}
		}
	}
	for i, l := range lanes {
		if !taken[i] {
			out = append(out, l)
		}
	}
	return out
}

// markSelfNaming notes which ended replies may name their own model, or
// another's: a blind column says so rather than change the text.
func markSelfNaming(lanes []lane) {
	models := make([]string, len(lanes))
	for i, l := range lanes {
		models[i] = l.target.Model
	}
	for i := range lanes {
		if l := &lanes[i]; l.state.ended() {
			l.mayName = rank.MayNameModel(l.text, models)
		}
	}
}

package compare

import (
	"math/rand/v2"
	"strings"

	"atelier/store"
	"atelier/store/rank"
)

// arena is the Compare tab's blind mode (issue 16): whether the next run
// goes blind, and where the run on screen stands. A blind run's columns
// are in the order shown, each a letter (A, B…); until the vote nothing
// names a target (family, model, settings, figures, error), and once the
// vote is recorded every name shows for good: a vote is never changed
// after the reveal, only withdrawn. The arena reads the vote's keys, casts
// the vote and answers the withdrawal's question itself (vote.go); the
// Model opens the ranking's field and lays the columns out again.
type arena struct {
	next    bool // the next run goes blind (B toggles it)
	setting bool // Settings' [arena] blind, the default of next

	on        bool   // the run on screen ran blind
	verdict   string // its vote as stored ("AB", "CABD", tie, bad); "" until voted
	voteID    int64  // the vote in history; 0 when not recorded
	withdrawn bool   // the vote was withdrawn since
	saving    bool   // a vote or its withdrawal is being written
	confirm   bool   // the withdrawal waits for y or n
}

// hidden reports whether the run on screen hides its targets.
func (a arena) hidden() bool { return a.on && a.verdict == "" }

// withSetting follows Settings' [arena] blind: a changed default sets
// the next run, a saved but unchanged one leaves the person's toggle.
func (a arena) withSetting(s *store.Settings) arena {
	if s != nil && s.Arena.Blind != a.setting {
		a.setting, a.next = s.Arena.Blind, s.Arena.Blind
	}
	return a
}

// started is the arena of a new run, blind or not.
func (a arena) started(blind bool) arena {
	return arena{next: a.next, setting: a.setting, on: blind}
}

// opened is the arena of a comparison read from history: revealed by its
// latest vote on the prompt, else hidden when it ran blind and was never
// voted on, else not blind. It returns the vote it took, if any.
func (a arena) opened(votes []store.Vote, turn int, blind bool) (arena, *store.Vote) {
	a = a.started(blind)
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
	if last != nil {
		a.on, a.verdict, a.voteID, a.withdrawn = true, last.Verdict, last.ID, !last.WithdrawnAt.IsZero()
	}
	return a, last
}

// letter names the column shown at i.
func letter(i int) string { return string(rune('A' + i)) }

// words is the verdict in letters: "B better", "C > A > B", "tie".
func (a arena) words(n int) string {
	v := store.Vote{Verdict: a.verdict}
	for _, l := range store.Letters(n) {
		v.Targets = append(v.Targets, store.VoteTarget{Letter: l, Target: l})
	}
	return store.VerdictWords(v)
}

// place is where the vote put the column shown at i, for its verdict
// line. A ranking names every column, so its length is their number.
func (a arena) place(i int) string {
	switch a.verdict {
	case "":
		return ""
	case store.VerdictTie:
		return "tie"
	case store.VerdictBad:
		return "bad"
	}
	at := strings.Index(a.verdict, letter(i))
	if len(a.verdict) == 2 {
		return [...]string{"better", "worse"}[min(max(at, 0), 1)]
	}
	return [...]string{"1st", "2nd", "3rd", "4th"}[min(max(at, 0), 3)]
}

// line is the arena's line above the columns: how to vote, the vote, or
// that the next run goes blind; "" when blindness is off for both.
func (a arena) line(n int) string {
	next := " · the next run is named (ctrl+b)"
	if a.next {
		next = " · the next run is blind too (ctrl+b)"
	}
	switch {
	case a.hidden() && n == 2:
		return "Blind · which is better? a = A · b = B · t = tie · x = both bad" + next
	case a.hidden():
		return "Blind · rank them: type the letters best first (e.g. " + reverse(strings.Join(store.Letters(n), "")) +
			"), enter records · t = tie · x = all bad" + next
	case a.on && a.withdrawn:
		return "Blind vote withdrawn (it was: " + a.words(n) + ")" + next
	case a.on && a.voteID == 0:
		return "Blind vote: " + a.words(n) + " (not recorded)" + next
	case a.on:
		return "Blind vote: " + a.words(n) + " · W withdraws it" + next
	case a.next:
		return "Blind: the next run shows its targets as A, B… until you vote (ctrl+b turns it off)"
	}
	return ""
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// verdictKey reads a key pressed while the run on screen is hidden, of n
// columns: for two, a, b, t and x are verdicts at once; for more, a
// column's letter (or t, x) starts the ranking typed in the vote field.
func verdictKey(k string, n int) (verdict, start string) {
	l := strings.ToLower(k) // the letters the screen asks for, in either case
	if len(l) != 1 || !(l == "t" || l == "x" || l[0] >= 'a' && l[0] < 'a'+byte(n)) {
		return "", ""
	}
	if n == 2 {
		v, _ := store.ParseVerdict(l, n)
		return v, ""
	}
	return "", k
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

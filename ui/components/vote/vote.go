// Package vote is the blind vote's whole life: the letters the targets are
// shown as, the vote cast from the keys, recorded in the history with the store's vote functions, the
// reveal, and the withdrawal after a y/n question. Compare, the Image tab
// and the Video tab's arena all use it, so a vote reads, keys and waits the
// same in each:
//
//   - two targets: a (A better), b (B better), t (tie), x (both bad), cast
//     at once;
//   - three or four: the letters best first, in either case (cba = CBA),
//     then enter; backspace takes a letter back, esc the whole ranking; t
//     and x as for two;
//   - W withdraws a recorded vote, after a y/n question (confirm); a vote
//     is never changed;
//   - a record or a withdrawal is given Timeout to finish; a vote that was
//     not recorded keeps the names hidden, to be cast again.
//
// A tab keeps a Model, Starts it on a blind run of n targets (or Resumes a
// vote read back from history), hands it the keys it Takes, after telling
// it the Ballot to record and why voting waits, if it does, and routes
// back RecordedMsg and WithdrawnMsg. The tab draws its targets by letter
// while Hidden, and names them once it is not; View is the vote's line.
//
// It imports Bubble Tea, Bubbles' keys, Lip Gloss, store, internal/termtext,
// ui/tab and ui/components/confirm; never a tab.
package vote

import (
	"strings"
	"sync/atomic"
	"time"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/ui/components/confirm"
	"atelier/ui/tab"
)

// Timeout bounds recording a vote and withdrawing one: the one rule for
// every tab, so a busy disk never holds a vote forever.
const Timeout = 10 * time.Second

// Options are what a Model works with.
type Options struct {
	Store *store.Store // where votes are recorded; nil: a vote is shown only
	Tab   tab.ID       // the tab the answers go back to
}

// Model is the vote on the blind run on screen, or none.
type Model struct {
	KeyMap KeyMap
	Styles Styles

	db    *store.Store
	to    tab.ID
	width int

	seq    int64      // the ballot's own number: answers for another are dropped
	ballot store.Vote // what a cast records; Verdict and ID once cast and recorded
	n      int        // the targets shown; 0: no blind run
	wait   string     // why voting waits; "" when it does not
	typed  string     // a ranking's letters so far, upper case
	saving bool       // a record or a withdrawal is under way

	withdrawn bool
	ask       confirm.Model // the withdrawal's question
}

// ballots numbers the ballots of every Model, so that an answer finds
// its own even across tabs and runs.
var ballots atomic.Int64

// New returns a Model with no blind run.
func New(o Options) Model {
	return Model{KeyMap: DefaultKeyMap(), Styles: DefaultStyles(true), db: o.Store, to: o.Tab,
		ask: confirm.New(confirm.Keys("withdraw", "keep"))}
}

// Start is the vote on a new blind run of n targets (2 to 4), hidden
// until the vote.
func (m Model) Start(n int) Model {
	m = m.Close()
	m.seq, m.n = ballots.Add(1), n
	return m
}

// Resume is the vote on a blind run read back from history: v is its
// latest vote (standing or withdrawn), which shows it revealed.
func (m Model) Resume(v store.Vote) Model {
	m = m.Start(len(v.Targets))
	m.ballot, m.withdrawn = v, !v.WithdrawnAt.IsZero()
	return m
}

// Close is the Model with no blind run: a named run, or none.
func (m Model) Close() Model {
	m.seq, m.ballot, m.n, m.wait, m.typed, m.saving, m.withdrawn = 0, store.Vote{}, 0, "", "", false, false
	m.ask = m.ask.Close()
	return m
}

// Ballot is m told what a cast records (its kind, its item and its
// targets in the order shown; the letters are set here) and why voting
// waits ("" when it does not: the vote may be cast). A tab calls it just
// before it hands over a key, since the item may have been recorded or a
// reply may have ended meanwhile.
func (m Model) Ballot(v store.Vote, wait string) Model {
	if m.n == 0 || m.ballot.Verdict != "" || m.saving {
		return m // cast already: what was recorded stays
	}
	v.Targets = append([]store.VoteTarget(nil), v.Targets...)
	for i, l := range store.Letters(len(v.Targets)) {
		v.Targets[i].Letter = l
	}
	v.Blind, v.Verdict, v.ID = true, "", 0
	m.ballot, m.wait = v, wait
	return m
}

// Blind reports whether a blind run is on screen, voted on or not.
func (m Model) Blind() bool { return m.n > 0 }

// Hidden reports whether the targets are still to be hidden: a blind run
// before its vote.
func (m Model) Hidden() bool { return m.n > 0 && m.ballot.Verdict == "" }

// Targets is how many targets the blind run shows; 0 with none.
func (m Model) Targets() int { return m.n }

// Verdict is the vote as stored ("BA", "CAB", tie, bad); "" before it.
func (m Model) Verdict() string { return m.ballot.Verdict }

// ID is the recorded vote's id; 0 when it is not recorded.
func (m Model) ID() int64 { return m.ballot.ID }

// Withdrawn reports whether the vote was withdrawn.
func (m Model) Withdrawn() bool { return m.withdrawn }

// Saving reports whether a record or a withdrawal is under way.
func (m Model) Saving() bool { return m.saving }

// Typing reports whether a ranking is being typed: enter records it, esc
// drops it.
func (m Model) Typing() bool { return m.typed != "" }

// Asking reports whether the withdrawal's question waits for y or n.
func (m Model) Asking() bool { return m.ask.Asking() }

// Words is the verdict by letter: "B better", "C > A > B", "tie", "both
// bad"; "" before the vote.
func (m Model) Words() string {
	if m.ballot.Verdict == "" {
		return ""
	}
	v := store.Vote{Verdict: m.ballot.Verdict}
	for _, l := range store.Letters(m.n) {
		v.Targets = append(v.Targets, store.VoteTarget{Letter: l, Target: l})
	}
	return store.VerdictWords(v)
}

// Place is where the vote put the target shown at i, for its own line:
// "better" or "worse" of two, "1st"… of a ranking, "tie", "bad"; ""
// before the vote.
func (m Model) Place(i int) string {
	switch v := m.ballot.Verdict; v {
	case "":
		return ""
	case store.VerdictTie:
		return "tie"
	case store.VerdictBad:
		return "bad"
	default:
		at := min(max(strings.Index(v, store.Letters(m.n)[min(max(i, 0), m.n-1)]), 0), 3)
		if m.n == 2 {
			return [...]string{"better", "worse"}[min(at, 1)]
		}
		return [...]string{"1st", "2nd", "3rd", "4th"}[at]
	}
}

// names are the letters and what each was, once revealed: "A = x, B = y".
func (m Model) names() string {
	var out []string
	for _, t := range m.ballot.Targets {
		if t.Model != "" {
			out = append(out, t.Letter+" = "+termtext.String(t.Model))
		}
	}
	return strings.Join(out, ", ")
}

package arena

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

func TestMain(m *testing.M) { tabtest.InUTC(m) } // dates read the same everywhere

var bg = context.Background()

// testRounds keeps the bootstrap short in tests; the numbers are compared
// with rank's for the same rounds and seed.
const testRounds = 200

// harness drives the tab as the shell would: results addressed to Arena
// come back to it; everything else is kept for the test to read.
type harness struct {
	tabtest.Driver[*harness]
	t testing.TB
	m Model
}

func newHarness(t testing.TB, db *store.Store, w, h int) *harness {
	t.Helper()
	hs := &harness{t: t, m: New(Options{Store: db, Rounds: testRounds})}
	hs.Bind(t, tab.Arena, hs, func(msgs ...tea.Msg) { hs.Deliver(tabtest.Step(&hs.m), msgs...) })
	hs.m.SetSize(w, h)
	hs.Run(hs.m.Init())
	return hs
}

func (hs *harness) view() string { return ansi.Strip(hs.m.View()) }

// openStore opens a store in a fresh folder, closed at the end.
func openStore(t testing.TB) *store.Store { return tabtest.OpenStore(t, "") }

// The fixture's targets, named as votes name them.
const (
	tA = "alpha:model-a"
	tB = "beta:model-b"
	tC = "gamma:model-c:temperature=0.2"
	tD = "alpha:model-d"
)

// family is a target's family, the part before the first colon.
func family(target string) string {
	for i := range target {
		if target[i] == ':' {
			return target[:i]
		}
	}
	return target
}

// comparison records a comparison of prompt and returns its id.
func comparison(t testing.TB, db *store.Store, prompt string, tags ...string) int64 {
	t.Helper()
	id := tabtest.Must[int64](t)(db.NewConversation(bg, store.KindCompare, ""))
	tabtest.Must[int64](t)(db.AddMessage(bg, store.Message{ConversationID: id, Role: store.RoleUser, Text: prompt}))
	if len(tags) > 0 {
		if err := db.SetTags(bg, store.ItemRef{Kind: store.KindCompare, ID: id}, tags); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// replies records conv's replies to its first prompt, lane by lane.
func replies(t testing.TB, db *store.Store, conv int64, texts ...string) {
	t.Helper()
	for lane, text := range texts {
		tabtest.Must[int64](t)(db.AddMessage(bg, store.Message{ConversationID: conv, Lane: lane, Role: store.RoleAssistant,
			Text: text, Usage: store.Usage{OutputTokens: int64(len(text))}}))
	}
}

// vote records a chat vote on comparison conv: shown lists the targets as
// A, B…; verdict is the stored form ("BA", "tie", "bad").
func vote(t testing.TB, db *store.Store, conv int64, blind bool, verdict string, shown ...string) {
	t.Helper()
	v := store.Vote{Kind: store.VoteChat, ConversationID: conv, Verdict: verdict, Blind: blind}
	for i, name := range shown {
		v.Targets = append(v.Targets, store.VoteTarget{Letter: store.Letters(len(shown))[i], Lane: i,
			Family: family(name), Target: name})
	}
	tabtest.Must[int64](t)(db.RecordVote(bg, v))
}

// fixture is a history of blind chat votes over four targets: A strongest,
// D weakest, with ties, a both-bad, a ranking of three, votes tagged
// "code", an all-alpha pair, an open vote and stars given with the names
// shown. It returns the store and the comparison ids by prompt.
func fixture(t testing.TB) (*store.Store, map[string]int64) {
	t.Helper()
	db := openStore(t)
	convs := map[string]int64{}
	conv := func(prompt string, tags ...string) int64 {
		id := comparison(t, db, prompt, tags...)
		convs[prompt] = id
		return id
	}
	sorting := conv("write a merge sort in Go", "code")
	haiku := conv("a haiku about the sea", "poetry")
	// The judged replies, lane by lane: the style-controlled fit reads them.
	replies(t, db, sorting, "## Merge sort\n\n- split\n- **merge**\n", "func sort(xs []int) []int { return xs }", "sorted")
	replies(t, db, haiku, "waves fold into foam", "**salt** wind\n\n1. sea\n2. sky", "# Sea\n\nthe long grey water keeps its counsel")
	for range 6 {
		vote(t, db, sorting, true, "AB", tA, tB)
	}
	vote(t, db, sorting, true, "BA", tA, tB)
	for range 3 {
		vote(t, db, haiku, true, "AB", tB, tC)
	}
	vote(t, db, haiku, true, store.VerdictTie, tB, tC)
	vote(t, db, haiku, true, store.VerdictBad, tA, tC)
	vote(t, db, haiku, true, "CAB", tA, tB, tC)
	for range 4 {
		vote(t, db, sorting, true, "AB", tA, tD)
	}
	vote(t, db, sorting, true, "BA", tA, tD)
	// Open: the names were shown; never in the fit.
	vote(t, db, haiku, false, "BA", tA, tD)
	if err := db.SetLane(bg, store.Lane{ConversationID: haiku, Lane: 0, Family: "beta", Model: "model-b",
		Rating: 4, Winner: true}); err != nil {
		t.Fatal(err)
	}
	if err := db.SetLane(bg, store.Lane{ConversationID: haiku, Lane: 1, Family: "alpha", Model: "model-a",
		Rating: 2}); err != nil {
		t.Fatal(err)
	}
	conv("explain CRDTs briefly") // the newest prompt, never judged
	return db, convs
}

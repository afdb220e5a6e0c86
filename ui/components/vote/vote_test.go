package vote

import (
	"testing"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestTwoTargetsVoteAtOnce: for two, a, b, t and x (either case) cast at
// once; the vote is recorded blind with its letters in shown order, and
// the names show.
func TestTwoTargetsVoteAtOnce(t *testing.T) {
	for _, c := range []struct{ key, verdict, words string }{
		{"a", "AB", "A better"}, {"B", "BA", "B better"}, {"t", store.VerdictTie, "tie"}, {"X", store.VerdictBad, "both bad"},
	} {
		r := newRig(t, 2)
		if !r.m.Hidden() || !has(r.view(), "Blind · which is better? a A better · b B better · t tie · x both bad") {
			t.Fatalf("before the vote:\n%s", r.view())
		}
		r.keys("", c.key)
		vs := r.votes()
		if len(vs) != 1 || vs[0].Verdict != c.verdict || !vs[0].Blind || vs[0].Kind != store.VoteVideo {
			t.Fatalf("%s: votes %+v", c.key, vs)
		}
		for i, tg := range vs[0].Targets {
			if tg.Letter != store.Letters(2)[i] || tg.VideoTaskID != r.ballot.Targets[i].VideoTaskID {
				t.Errorf("%s: target %d %+v", c.key, i, tg)
			}
		}
		if r.m.Hidden() || r.m.ID() != vs[0].ID || r.m.Verdict() != c.verdict || r.m.Words() != c.words {
			t.Errorf("%s: hidden %v, id %d, verdict %q, words %q", c.key, r.m.Hidden(), r.m.ID(), r.m.Verdict(), r.m.Words())
		}
		if !has(r.view(), "Blind vote: "+c.words, "W withdraws it") ||
			!has(r.last(), "recorded: "+c.words, "A = videoa/q3/text-to-video, B = videob/o3/pro/text-to-video") {
			t.Errorf("%s: view %q, notice %q", c.key, r.view(), r.last())
		}
	}
}

// TestRankingTypedInEitherCase: for three or four, the letters are typed
// best first in either case and recorded on enter; a letter twice is
// refused, backspace takes one back, esc clears them, enter too soon
// says how many are missing.
func TestRankingTypedInEitherCase(t *testing.T) {
	r := newRig(t, 3)
	if !has(r.view(), "rank them best first (e.g. CBA), then enter") {
		t.Fatalf("no way to rank:\n%s", r.view())
	}
	r.keys("", "C", "c")
	if r.m.typed != "C" || !has(r.last(), "C is ranked already") {
		t.Fatalf("typed %q, notice %q", r.m.typed, r.last())
	}
	r.keys("", "enter")
	if !has(r.last(), "rank all 3", "C so far") || len(r.votes()) != 0 {
		t.Fatalf("enter too soon: %q", r.last())
	}
	r.keys("", "a", "backspace", "B", "esc")
	if r.m.typed != "" {
		t.Fatalf("after esc, typed %q", r.m.typed)
	}
	for _, k := range []string{"esc", "enter", "backspace", "d", "z"} {
		if r.m.Takes(tabtest.Press(k)) {
			t.Errorf("%s taken: with nothing typed, esc, enter and backspace are the tab's; d is not a letter of three; z is nothing", k)
		}
	}
	r.keys("", "b", "C")
	if !has(r.view(), "your ranking B C _") {
		t.Errorf("the letters typed are not shown:\n%s", r.view())
	}
	r.keys("", "a", "enter")
	if vs := r.votes(); len(vs) != 1 || vs[0].Verdict != "BCA" || len(vs[0].Targets) != 3 {
		t.Fatalf("votes %+v", vs)
	}
	if r.m.Words() != "B > C > A" || r.m.Place(0) != "3rd" || r.m.Place(1) != "1st" || r.m.Place(2) != "2nd" {
		t.Errorf("words %q, places %q %q %q", r.m.Words(), r.m.Place(0), r.m.Place(1), r.m.Place(2))
	}
	four := newRig(t, 4).keys("", "D", "c", "B", "a", "enter")
	if vs := four.votes(); len(vs) != 1 || vs[0].Verdict != "DCBA" {
		t.Fatalf("a ranking of four: %+v", vs)
	}
	tie := newRig(t, 3).keys("", "T")
	if vs := tie.votes(); len(vs) != 1 || vs[0].Verdict != store.VerdictTie || tie.m.Words() != "tie" {
		t.Fatalf("a tie of three: %+v", vs)
	}
}

// TestVotingWaits: while the tab says voting waits, a vote key says why
// and records nothing; the other keys stay the tab's.
func TestVotingWaits(t *testing.T) {
	r := newRig(t, 2)
	const why = "the vote opens once every reply has ended"
	r.keys(why, "a", "x")
	if len(r.votes()) != 0 || !r.m.Hidden() || r.last() != why || !has(r.view(), "Blind · "+why) {
		t.Fatalf("voted while waiting: notice %q, view %q", r.last(), r.view())
	}
	if r.m.Takes(tabtest.Press("enter")) || r.m.Takes(tabtest.Press("j")) {
		t.Error("a key that is no vote's is taken")
	}
	r.keys("", "a")
	if len(r.votes()) != 1 {
		t.Fatal("not recorded once voting opened")
	}
}

// TestNeverChangedOnlyWithdrawn: after the reveal no key casts again; W
// asks, a stray key keeps asking and says so, n keeps the vote, W then y
// withdraws it (kept in history, marked), and W again refuses.
func TestNeverChangedOnlyWithdrawn(t *testing.T) {
	r := newRig(t, 2).keys("", "a")
	for _, k := range []string{"a", "b", "t", "x", "enter"} {
		if r.m.Takes(tabtest.Press(k)) {
			t.Fatalf("%s taken after the reveal", k)
		}
	}
	r.keys("", "W")
	if !r.m.Asking() || !has(r.view(), "Withdraw the vote (A better) from the leaderboard?", "y withdraw · n keep") {
		t.Fatalf("W did not ask:\n%s", r.view())
	}
	r.keys("", "q")
	if !r.m.Asking() || r.last() != "answer y or n" {
		t.Fatalf("a stray key: asking %v, notice %q", r.m.Asking(), r.last())
	}
	r.keys("", "n")
	if r.m.Asking() || r.last() != "the vote stands" || !r.votes()[0].WithdrawnAt.IsZero() {
		t.Fatalf("n: asking %v, notice %q", r.m.Asking(), r.last())
	}
	r.keys("", "W", "esc", "W", "Y")
	if vs := r.votes(); len(vs) != 1 || vs[0].WithdrawnAt.IsZero() || !r.m.Withdrawn() {
		t.Fatalf("not withdrawn: %+v", vs)
	}
	if !has(r.view(), "Blind vote withdrawn (it was: A better)") || !has(r.last(), "withdrawn") {
		t.Errorf("view %q, notice %q", r.view(), r.last())
	}
	r.keys("", "W")
	if !has(r.last(), "was withdrawn already") || r.m.Asking() {
		t.Errorf("a second withdrawal: %q", r.last())
	}
}

// TestNotRecordedStaysHidden: a vote the history cannot take keeps the
// names hidden, says why, and can be cast again.
func TestNotRecordedStaysHidden(t *testing.T) {
	r := newRig(t, 2)
	r.db.Close()
	r.keys("", "a")
	if !r.m.Hidden() || r.m.Saving() || !has(r.last(), "✗ the vote was not recorded") {
		t.Fatalf("hidden %v, saving %v, last %q", r.m.Hidden(), r.m.Saving(), r.last())
	}
	if !r.m.Takes(tabtest.Press("b")) {
		t.Error("the vote cannot be cast again")
	}
}

// TestShownOnlyWithoutHistory: with no history, or a comparison that is
// not in it, the vote is shown, not recorded, and says so; there is
// nothing to withdraw.
func TestShownOnlyWithoutHistory(t *testing.T) {
	ballot := store.Vote{Kind: store.VoteChat, Targets: []store.VoteTarget{{Target: "a:x"}, {Target: "b:y"}}}
	for _, db := range []*store.Store{nil, newRig(t, 2).db} {
		r := &rig{t: t, db: db, ballot: ballot, m: New(Options{Store: db, Tab: tab.Video}).Start(2)}
		r.keys("", "b")
		if r.m.Hidden() || r.m.ID() != 0 || !has(r.last(), "not recorded") || !has(r.view(), "Blind vote: B better (not recorded)") {
			t.Fatalf("hidden %v, id %d, notice %q, view %q", r.m.Hidden(), r.m.ID(), r.last(), r.view())
		}
		r.keys("", "W")
		if r.m.Asking() || !has(r.last(), "no recorded vote here to withdraw") {
			t.Errorf("W: %q", r.last())
		}
	}
}

// TestAnAnswerFindsItsOwnBallot: the answer of a vote cast on a run that
// has since been replaced changes nothing on the new one.
func TestAnAnswerFindsItsOwnBallot(t *testing.T) {
	r := newRig(t, 2)
	r.m = r.m.Ballot(r.ballot, "")
	m, cmd := r.m.Update(tabtest.Press("a"))
	old := tabtest.Results(t, tab.Video, cmd, &r.out)
	m = m.Start(2) // a new run
	for _, msg := range old {
		m, _ = m.Update(msg)
	}
	if !m.Hidden() || m.ID() != 0 {
		t.Errorf("the old run's answer revealed the new one: %q %d", m.Verdict(), m.ID())
	}
}

// TestResumedFromHistory: a vote read back shows as it stands, its
// places and words by letter, withdrawn or not; Close leaves no blind run.
func TestResumedFromHistory(t *testing.T) {
	v := store.Vote{ID: 7, Kind: store.VoteChat, ConversationID: 3, Verdict: "CAB", Blind: true,
		Targets: []store.VoteTarget{{Letter: "A", Target: "x"}, {Letter: "B", Target: "y"}, {Letter: "C", Target: "z"}}}
	m := New(Options{}).Resume(v)
	if m.Hidden() || !m.Blind() || m.Words() != "C > A > B" || m.Place(2) != "1st" || m.Withdrawn() || m.Targets() != 3 {
		t.Fatalf("resumed: %+v", m)
	}
	if got := m.Help(); len(got) != 1 || got[0].Help().Key != "W" {
		t.Errorf("help after the vote %v", got)
	}
	v.WithdrawnAt = v.At.AddDate(2026, 0, 0)
	if m = m.Resume(v); !m.Withdrawn() {
		t.Error("a withdrawn vote resumed standing")
	}
	if m = m.Close(); m.Blind() || m.View() != "" || m.Takes(tabtest.Press("W")) {
		t.Errorf("closed, yet %q", m.View())
	}
}

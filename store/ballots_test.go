package store

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// ballotOfTwo makes a ballot of two prompts of one comparison, letters
// drawn as chatVote draws them (A = beta:m2, B = alpha:m1), and returns
// it with the comparison's id.
func ballotOfTwo(t *testing.T, s *Store) (Ballot, int64) {
	t.Helper()
	conv := must[int64](t)(s.NewConversation(bg, KindCompare, "sorting"))
	q := func(turn int) BallotQuestion {
		v := chatVote(conv, VerdictTie)
		return BallotQuestion{Kind: VoteChat, ConversationID: conv, Turn: turn, Targets: v.Targets}
	}
	return must[Ballot](t)(s.CreateBallot(bg, []BallotQuestion{q(0), q(1)})), conv
}

func TestBallotRoundTrip(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	b, conv := ballotOfTwo(t, s)
	if !strings.HasPrefix(b.ID, "b") || len(b.ID) < 12 {
		t.Errorf("ballot id %q: want an opaque one", b.ID)
	}
	got := must[*Ballot](t)(s.Ballot(bg, b.ID))
	if len(got.Questions) != 2 || got.Questions[1].N != 2 || got.Questions[1].Turn != 1 || got.Questions[0].Targets[0].Target != "beta:m2" {
		t.Fatalf("ballot read back: %+v", got)
	}
	n := must[int](t)(s.ImportBallotVotes(bg, b.ID, "kim", []BallotVote{{1, "a"}, {2, "both_bad"}}))
	if n != 2 {
		t.Fatalf("imported %d votes, want 2", n)
	}
	kim := must[[]Vote](t)(s.Votes(bg, VoteFilter{Rater: "kim"}))
	if len(kim) != 2 || kim[0].Verdict != "AB" || kim[0].ConversationID != conv || kim[1].Verdict != VerdictBad || !kim[0].Blind {
		t.Fatalf("kim's votes: %+v", kim)
	}
	if names, _, _ := kim[0].Ranked(); names[0] != "beta:m2" {
		t.Errorf("kim's a is %v: want beta:m2 better, as the ballot drew A", names)
	}
	must[int64](t)(s.RecordVote(bg, chatVote(conv, "BA")))
	if me := must[[]Vote](t)(s.Votes(bg, VoteFilter{Rater: RaterMe})); len(me) != 1 {
		t.Errorf("my votes: %d, want 1", len(me))
	}
	if all := must[[]Vote](t)(s.Votes(bg, VoteFilter{})); len(all) != 3 {
		t.Errorf("every rater's votes: %d, want 3", len(all))
	}
	if r := must[[]string](t)(s.Raters(bg, VoteChat)); strings.Join(r, ",") != "me,kim" && strings.Join(r, ",") != "kim,me" {
		t.Errorf("raters: %v", r)
	}
}

func TestImportRefusals(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	b, _ := ballotOfTwo(t, s)
	must[int](t)(s.ImportBallotVotes(bg, b.ID, "kim", []BallotVote{{1, "a"}}))
	for _, c := range []struct {
		name   string
		ballot string
		rater  string
		votes  []BallotVote
		want   []string
	}{
		{"unknown ballot", "bnope", "lee", []BallotVote{{1, "a"}}, []string{`ballot "bnope"`, "unknown ballot"}},
		{"unknown question", b.ID, "lee", []BallotVote{{1, "a"}, {3, "b"}}, []string{"votes[1]: question 3: ballot " + b.ID + " has questions 1 to 2"}},
		{"unknown letter", b.ID, "lee", []BallotVote{{2, "c"}}, []string{`votes[0]: question 2: verdict "c"`, "A and B"}},
		{"ranking with a letter not shown", b.ID, "lee", []BallotVote{{1, "CA"}}, []string{`question 1: verdict "CA"`}},
		{"twice in the file", b.ID, "lee", []BallotVote{{1, "a"}, {1, "b"}}, []string{"votes[1]: question 1: answered twice in the file by lee"}},
		{"twice across imports", b.ID, "kim", []BallotVote{{2, "a"}, {1, "b"}}, []string{"votes[1]: question 1: kim answered it already (vote"}},
		{"no rater", b.ID, "", []BallotVote{{1, "a"}}, []string{`rater ""`}},
		{"rater me", b.ID, "me", []BallotVote{{1, "a"}}, []string{`"me" is the name of your own votes`}},
		{"no votes", b.ID, "lee", nil, []string{"none in the file"}},
	} {
		_, err := s.ImportBallotVotes(bg, c.ballot, c.rater, c.votes)
		var ie *ImportError
		if !errors.As(err, &ie) {
			t.Errorf("%s: error %v, want an ImportError", c.name, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not say %q", c.name, err, w)
			}
		}
	}
	// Nothing half imported: kim's one vote, nobody else's.
	if all := must[[]Vote](t)(s.Votes(bg, VoteFilter{})); len(all) != 1 {
		t.Errorf("%d votes after the refusals, want kim's 1", len(all))
	}
	// A withdrawn answer may be given again.
	kim := must[[]Vote](t)(s.Votes(bg, VoteFilter{Rater: "kim"}))
	if err := s.WithdrawVote(bg, kim[0].ID); err != nil {
		t.Fatal(err)
	}
	must[int](t)(s.ImportBallotVotes(bg, b.ID, "kim", []BallotVote{{1, "b"}}))
}

func TestAgreementsAcrossLetters(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	b, conv := ballotOfTwo(t, s)
	// I voted the first prompt with the letters the other way round:
	// alpha:m1 better. Kim's b on the ballot (B = alpha:m1) is the same
	// verdict; on the second prompt we differ.
	mine := chatVote(conv, "AB")
	mine.Targets[0], mine.Targets[1] = mine.Targets[1], mine.Targets[0]
	mine.Targets[0].Letter, mine.Targets[1].Letter = "A", "B"
	must[int64](t)(s.RecordVote(bg, mine))
	second := chatVote(conv, VerdictTie)
	second.Turn = 1
	must[int64](t)(s.RecordVote(bg, second))
	must[int](t)(s.ImportBallotVotes(bg, b.ID, "kim", []BallotVote{{1, "b"}, {2, "a"}}))
	ag := must[[]Agreement](t)(s.Agreements(bg, VoteFilter{Kind: VoteChat}))
	if len(ag) != 1 || ag[0].A != RaterMe || ag[0].B != "kim" || ag[0].N != 2 || ag[0].Agreed != 1 || math.Abs(ag[0].Percent-0.5) > 1e-9 {
		t.Fatalf("agreements: %+v; want me and kim, 2 comparisons, 1 agreed", ag)
	}
	// me: [alpha better, tie]; kim: [alpha better, beta better]: po 0.5,
	// pe = 0.5×0.5 (alpha) + 0 + 0 = 0.25, kappa = 0.25/0.75 = 1/3.
	if !ag[0].KappaOK || math.Abs(ag[0].Kappa-1.0/3) > 1e-9 {
		t.Errorf("kappa %v, want 1/3", ag[0].Kappa)
	}
}

package store

import (
	"strings"
	"testing"
)

// A judge's verdict is kept per vote and judge, replaced when asked again,
// refused when its winner is no letter, and gone with its vote's item.
func TestJudgeVerdicts(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv, id := votedComparison(t, s, "judged", "AB")
	must[struct{}](t)(struct{}{}, s.RecordJudgeVerdict(bg, JudgeVerdict{VoteID: id, Judge: "alpha:j", First: "A", Second: "B"}))
	must[struct{}](t)(struct{}{}, s.RecordJudgeVerdict(bg, JudgeVerdict{VoteID: id, Judge: "alpha:j", First: "B", Second: "B", Reason: "r"}))
	got := must[map[int64]JudgeVerdict](t)(s.JudgeVerdicts(bg, "alpha:j", VoteFilter{}))
	if v := got[id]; len(got) != 1 || v.First != "B" || v.Second != "B" || v.Reason != "r" {
		t.Errorf("verdicts %+v: want the second, replacing the first", got)
	}
	if other := must[map[int64]JudgeVerdict](t)(s.JudgeVerdicts(bg, "beta:k", VoteFilter{})); len(other) != 0 {
		t.Errorf("another judge's: %+v", other)
	}
	if err := s.RecordJudgeVerdict(bg, JudgeVerdict{VoteID: id, Judge: "alpha:j", First: "E", Second: "A"}); err == nil ||
		!strings.Contains(err.Error(), `winner "E"`) {
		t.Errorf("a winner out of range: %v", err)
	}
	must[struct{}](t)(struct{}{}, s.DeleteConversation(bg, conv))
	if left := must[map[int64]JudgeVerdict](t)(s.JudgeVerdicts(bg, "alpha:j", VoteFilter{Withdrawn: true})); len(left) != 0 {
		t.Errorf("verdicts outlived their vote: %+v", left)
	}
}

package arena

import (
	"strings"
	"testing"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// With a judge in Settings the chat board says how often it agrees with
// the blind votes, from its kept verdicts: here two of the 18, one agreed
// (the vote's A) and one inconsistent; the rest are not judged yet. A
// change of judge in Settings computes the board again.
func TestJudgeViewUnderTheBoard(t *testing.T) {
	db, _ := fixture(t)
	votes := tabtest.Must[[]store.Vote](t)(db.Votes(bg, store.VoteFilter{Kind: store.VoteChat}))
	var blind []store.Vote
	for _, v := range votes {
		if v.Blind {
			blind = append(blind, v)
		}
	}
	first := blind[0] // the first "AB": A won
	if err := db.RecordJudgeVerdict(bg, store.JudgeVerdict{VoteID: first.ID, Judge: "alpha:j", First: "A", Second: "A"}); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordJudgeVerdict(bg, store.JudgeVerdict{VoteID: blind[1].ID, Judge: "alpha:j", First: "A", Second: "B"}); err != nil {
		t.Fatal(err)
	}
	hs := newHarness(t, db, 120, 60)
	if strings.Contains(hs.view(), "Judge ") {
		t.Fatalf("a judge view without a judge:\n%s", hs.view())
	}
	hs.Send(tab.SettingsMsg{Settings: &store.Settings{Arena: store.Arena{Judge: "alpha:j"}}})
	v := hs.view()
	for _, want := range []string{"Judge alpha:j agrees with you on 50% of 2 votes", "50% inconsistent",
		"16 votes not judged yet: atelier judge calibrate asks it"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}

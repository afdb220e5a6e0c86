package arena

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/store"
	"atelier/store/price"
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
		"16 votes not judged yet: J (or atelier judge calibrate) asks the judge"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}

// J asks the Settings' judge about the chat votes it has not seen, both
// orders each (the simulator's judge, with no preference, ties them all),
// keeps its verdicts and shows the agreement; asked again, there is
// nothing left to ask. A budget the calls' estimate passes asks first,
// and n sends nothing.
func TestJudgeKeyCalibrates(t *testing.T) {
	db, _ := fixture(t)
	var calls atomic.Int32
	url := simtest.Serve(t, sim.Options{}, func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			h.ServeHTTP(w, r)
		})
	})
	hs := newHarness(t, db, 120, 60)
	hs.Send(tab.ClientMsg{Client: simtest.Client(t, url)})
	one := 1000.0
	priced := &store.Settings{Arena: store.Arena{Judge: "alpha:j"}, Prices: price.Table{"j": {Input: &one, Output: &one}},
		Budget: price.Budget{Run: tabtest.Float(0.01)}}
	hs.Send(tab.SettingsMsg{Settings: priced})
	hs.Keys("J")
	if v := hs.view(); !strings.Contains(v, "judge calibration: the estimate") {
		t.Fatalf("no question (notices %q):\n%s", hs.Notices(), v)
	}
	hs.Keys("n")
	if calls.Load() != 0 || strings.Contains(hs.view(), "Run it anyway") {
		t.Fatalf("%d calls after no", calls.Load())
	}
	hs.Send(tab.SettingsMsg{Settings: &store.Settings{Arena: store.Arena{Judge: "alpha:j"}}})
	hs.Keys("J")
	if n := calls.Load(); n != 36 {
		t.Errorf("%d calls, want 36: 18 blind votes, both orders", n)
	}
	hs.Send(tab.StoreChangedMsg{Shown: tab.Arena})
	if v := hs.view(); !strings.Contains(v, "Judge alpha:j agrees with you on 11% of 18 votes · κ 0.00 · 0% inconsistent") {
		t.Errorf("view:\n%s", v)
	}
	hs.Keys("J")
	if ns := hs.Notices(); calls.Load() != 36 || len(ns) == 0 || !strings.Contains(ns[len(ns)-1], "every vote here has its verdict") {
		t.Errorf("asked again: %d calls, notices %q", calls.Load(), ns)
	}
}

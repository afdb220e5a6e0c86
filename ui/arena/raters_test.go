package arena

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/internal/homepath"
	"atelier/store"
	"atelier/ui/components/sharepage"
)

// colleague imports kim's blind vote on the comparison of the fixture's
// latest blind chat vote, through a ballot of its letters as drawn: the same
// verdict by name when agree.
func colleague(t *testing.T, db *store.Store, agree bool) {
	t.Helper()
	ctx := context.Background()
	blind := true
	vs, err := db.Votes(ctx, store.VoteFilter{Kind: store.VoteChat, Blind: &blind})
	if err != nil {
		t.Fatal(err)
	}
	v := vs[len(vs)-1] // the latest: the one standing for its comparison
	b, err := db.CreateBallot(ctx, []store.BallotQuestion{{Kind: v.Kind, ConversationID: v.ConversationID, Turn: v.Turn, Targets: v.Targets}})
	if err != nil {
		t.Fatal(err)
	}
	verdict := map[string]string{store.VerdictTie: "tie", store.VerdictBad: "both_bad"}[v.Verdict]
	if verdict == "" {
		verdict = v.Verdict
	}
	if !agree {
		verdict = map[bool]string{true: "a", false: "tie"}[v.Verdict == store.VerdictTie]
	}
	if _, err := db.ImportBallotVotes(ctx, b.ID, "kim", []store.BallotVote{{Question: 1, Verdict: verdict}}); err != nil {
		t.Fatal(err)
	}
}

// TestRaterFilterAndAgreement: every rater's votes count; the filter's
// rater keeps one's; the agreement of the two shows below the board.
func TestRaterFilterAndAgreement(t *testing.T) {
	db, _ := fixture(t)
	colleague(t, db, true)
	hs := newHarness(t, db, 120, 40)
	if got := hs.m.boards.board.blind.Votes; got != 19 {
		t.Fatalf("every rater: %d votes, want the fixture's 18 and kim's", got)
	}
	if v := hs.view(); !strings.Contains(v, "Raters' agreement") || !strings.Contains(v, "me · kim") ||
		!strings.Contains(v, "1 comparison · 100% agree · κ undefined") {
		t.Errorf("no agreement under the board:\n%s", v)
	}
	hs.Keys("f", "tab", "tab", "tab").Type("kim").Keys("enter")
	if got := hs.m.boards.board.blind.Votes; got != 1 || hs.m.filter.rater != "kim" {
		t.Errorf("rater kim: %d votes (filter %+v), want kim's 1", got, hs.m.filter)
	}
	hs.Keys("f", "tab", "tab", "tab", "ctrl+u").Type("me").Keys("enter")
	if got := hs.m.boards.board.blind.Votes; got != 18 {
		t.Errorf("rater me: %d votes, want the 18 of the fixture", got)
	}
	long := strings.Repeat("k", 41)
	hs.Keys("f", "tab", "tab", "tab", "ctrl+u").Type(long).Keys("enter")
	if !hs.m.Focused() || !strings.Contains(hs.view(), `✗ rater "kkkk`) {
		t.Errorf("a bad rater name is not refused by name:\n%s", hs.view())
	}
	hs.Keys("esc")
	hs.NoErrors()
}

// TestShareKey: P writes the board shown, with its filter, as a page in
// the data folder's shares/, and the status line names it.
func TestShareKey(t *testing.T) {
	db, _ := fixture(t)
	colleague(t, db, false)
	hs := newHarness(t, db, 120, 40)
	hs.Keys("f", "tab", "tab", "tab").Type("me").Keys("enter")
	hs.Out = nil
	hs.Keys("P")
	hs.NoErrors()
	path := filepath.Join(sharepage.Dir(db), "leaderboard-chat.html")
	if n := hs.Notices(); len(n) != 1 || n[0] != "shared "+homepath.Tilde(path) {
		t.Fatalf("notices %q", n)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	top := hs.m.boards.board.blind.Entries[0].Target
	if !strings.Contains(page, "18 blind votes by me") || !strings.Contains(page, top) || !strings.Contains(page, "Raters' agreement") {
		t.Errorf("the page is not the board shown (18 votes by me, %s first, the agreement):\n%s", top, page[strings.Index(page, "<body>"):])
	}
}

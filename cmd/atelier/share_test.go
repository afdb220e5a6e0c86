package main

import (
	"atelier/client/sim/simtest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestShareAndBallotRoundTrip runs the round trip on the command
// line against the simulator: a comparison shared as a page, then sent as
// a blind ballot, its votes file imported as a colleague's, the
// leaderboard counting them (and not under --rater me), a second import
// refused whole.
func TestShareAndBallotRoundTrip(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	dir := t.TempDir()
	if r := runIn(t, svc.Env, nil, clocks{}, append(append([]string{"compare"}, blindTargets...), "explain CRDTs")...); r.code != 0 {
		t.Fatalf("compare: exit %d: %s", r.code, r.stderr)
	}
	page := filepath.Join(dir, "cmp.html")
	r := runIn(t, svc.Env, nil, clocks{}, "share", "compare:1", "-o", page)
	if r.code != 0 || !strings.Contains(r.stdout, "shared → "+page) {
		t.Fatalf("share: exit %d %q %q", r.code, r.stdout, r.stderr)
	}
	b, _ := os.ReadFile(page)
	html := string(b)
	if !strings.Contains(html, "zq-first") || !strings.Contains(html, "Content-Security-Policy") ||
		strings.Contains(html, svc.URL) || strings.Contains(html, "127.0.0.1") {
		t.Errorf("the shared page lacks the targets or holds the base URL:\n%.2000s", html)
	}

	ballot := filepath.Join(dir, "ballot.html")
	r = runIn(t, svc.Env, nil, clocks{}, "share", "--ballot", "compare:1", "-o", ballot)
	if r.code != 0 {
		t.Fatalf("share --ballot: exit %d %q", r.code, r.stderr)
	}
	b, _ = os.ReadFile(ballot)
	m := regexp.MustCompile(`<meta name="atelier-ballot" content="([a-z0-9]+)">`).FindStringSubmatch(string(b))
	if m == nil || !strings.Contains(r.stdout, "ballot "+m[1]+" → "+ballot) {
		t.Fatalf("no ballot id in the page, or not the one printed: %q", r.stdout)
	}
	for _, g := range giveaways[:6] {
		if strings.Contains(strings.ToLower(string(b)), g) {
			t.Errorf("the ballot holds %q", g)
		}
	}
	votes := filepath.Join(dir, "votes.json")
	os.WriteFile(votes, []byte(`{"ballot": "`+m[1]+`", "rater": "kim", "votes": [{"question": 1, "verdict": "a"}]}`), 0o644)
	if r := runIn(t, svc.Env, nil, clocks{}, "votes", "import", votes); r.code != 0 || r.stdout != "imported 1 blind vote of kim on ballot "+m[1]+"\n" {
		t.Fatalf("votes import: exit %d %q %q", r.code, r.stdout, r.stderr)
	}
	if lb := runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--rounds", "20"); !strings.Contains(lb.stdout, "1 blind vote") {
		t.Errorf("the leaderboard does not count kim's vote:\n%s", lb.stdout)
	}
	if lb := runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--rater", "me"); !strings.Contains(lb.stdout, "No blind chat votes yet") {
		t.Errorf("--rater me counts kim's vote:\n%s", lb.stdout)
	}
	again := runIn(t, svc.Env, nil, clocks{}, "votes", "import", "--rater", "kim", votes)
	if again.code == 0 || !strings.Contains(again.stderr, "question 1: kim answered it already") || !strings.Contains(again.stderr, "nothing recorded") {
		t.Errorf("a second import: exit %d %q", again.code, again.stderr)
	}
	os.WriteFile(votes, []byte(`{"ballot": "`+m[1]+`", "rater": "lee", "votes": [{"question": 1, "verdict": "b"}, {"question": 2, "verdict": "a"}]}`), 0o644)
	if bad := runIn(t, svc.Env, nil, clocks{}, "votes", "import", votes); bad.code == 0 || !strings.Contains(bad.stderr, "question 2: ballot "+m[1]+" has questions 1 to 1") {
		t.Errorf("an import with an unknown question: exit %d %q", bad.code, bad.stderr)
	}
	if lb := runIn(t, svc.Env, nil, clocks{}, "leaderboard", "--rater", "lee"); !strings.Contains(lb.stdout, "No blind chat votes yet") {
		t.Errorf("a refused import recorded something:\n%s", lb.stdout)
	}
}

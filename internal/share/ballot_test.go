package share

import (
	"context"
	"encoding/base64"
	"errors"
	stdhtml "html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"atelier/store"
)

// makeBallot writes a ballot of refs with the letters drawn reversed.
func makeBallot(t *testing.T, f *fixture, items ...string) (string, Result) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ballot.html")
	return written(t)(WriteBallot(context.Background(), f.db, refs(t, items...), path, Options{Now: fixedNow, EmbedLimit: 1 << 20, Perm: reversed}))
}

func reversed(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = n - 1 - i
	}
	return out
}

var dataURI = regexp.MustCompile(`data:[a-z/]+;base64,([A-Za-z0-9+/=&#;]+)`)

// TestBallotNamesNoTarget reads every byte of a ballot, its embedded
// pictures decoded and the files beside it too: no target's name, family,
// model or setting, nor a figure's words.
func TestBallotNamesNoTarget(t *testing.T) {
	f := newFixture(t)
	page, res := makeBallot(t, f, "compare:"+itoa(f.compare), "image:"+itoa(f.images[0])+"+"+itoa(f.images[1]),
		"video:"+itoa(f.videos[0])+"+"+itoa(f.videos[1]))
	hay := []string{page}
	for _, m := range dataURI.FindAllStringSubmatch(page, -1) {
		b, err := base64.StdEncoding.DecodeString(stdhtml.UnescapeString(m[1])) // the page writes + as &#43;
		if err != nil {
			t.Fatal(err)
		}
		hay = append(hay, string(b))
	}
	for _, p := range res.Beside {
		b, _ := os.ReadFile(p)
		hay = append(hay, string(b), filepath.Base(p))
		if !regexp.MustCompile(`^q\d+-[A-D](-\d+)?\.(mp4|png)$`).MatchString(filepath.Base(p)) {
			t.Errorf("beside the ballot: %s, want an opaque name (q3-A.mp4)", filepath.Base(p))
		}
	}
	if len(res.Beside) != 2 {
		t.Errorf("beside the ballot: %v, want the two videos", res.Beside)
	}
	// Names are looked for in every byte; the words of settings and
	// figures everywhere but the stylesheet and the script, constants of
	// the program alike in every ballot ("font-size", ".lanes").
	names := append([]string{"1024x1024", "kling", "veo", "gpt", "claude", "gemini", "req-one", "req-two", "crisper"}, f.names...)
	words := []string{"low", "high", "quality", "size", "temperature", "end_turn", "tokens", "first token", "lane 1", "lane 2", "★", "winner"}
	for i, h := range hay {
		lower := strings.ToLower(h)
		for _, w := range names {
			if strings.Contains(lower, strings.ToLower(w)) {
				t.Errorf("part %d of the ballot holds %q", i, w)
			}
		}
		lower = strings.Replace(lower, strings.ToLower(stylesheet), "", 1)
		lower = strings.Replace(lower, strings.ToLower(ballotScript), "", 1)
		for _, w := range words {
			if regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + `\b`).MatchString(lower) {
				t.Errorf("part %d of the ballot, outside its stylesheet and script, holds %q", i, w)
			}
		}
	}
	if !regexp.MustCompile(`<meta name="atelier-ballot" content="` + res.Ballot + `">`).MatchString(page) {
		t.Error("the ballot's id is not in its meta")
	}
	if n := strings.Count(page, `class="question"`); n != 3 {
		t.Errorf("%d questions: want 3 (the comparison's prompt, the images, the videos)", n)
	}
	checkSafe(t, page, f)
	if !strings.Contains(page, "script-src &#39;sha256-") {
		t.Error("the ballot's script is not allowed by its hash")
	}
}

func TestBallotRecordsTheLetters(t *testing.T) {
	f := newFixture(t)
	_, res := makeBallot(t, f, "compare:"+itoa(f.compare))
	b, err := f.db.Ballot(context.Background(), res.Ballot)
	if err != nil {
		t.Fatal(err)
	}
	q := b.Questions[0]
	// reversed: A is the second lane, B the first.
	if q.Kind != store.VoteChat || q.ConversationID != f.compare || q.Targets[0].Target != "beta:gemini-ultra-omega" ||
		q.Targets[1].Target != "alpha:claude-opus-zeta:temperature=0.25" || q.Targets[0].Lane != 1 {
		t.Errorf("question 1 as recorded: %+v", q)
	}
}

func TestBallotRefusals(t *testing.T) {
	f := newFixture(t)
	for _, ref := range []string{"chat:" + itoa(f.chat), "image:" + itoa(f.images[0]), "batch:" + itoa(f.batch), "leaderboard",
		"image:" + itoa(f.images[0]) + "+" + itoa(f.chatImage(t))} {
		r, _ := ParseRef(ref)
		_, err := WriteBallot(context.Background(), f.db, []Ref{r}, filepath.Join(t.TempDir(), "b.html"), Options{})
		if err == nil || !strings.Contains(err.Error(), "ballot") {
			t.Errorf("%s: %v; want a refusal that names the ballot", ref, err)
		}
	}
	_, err := WriteBallot(context.Background(), f.db, nil, filepath.Join(t.TempDir(), "b.txt"), Options{})
	if err == nil {
		t.Error("no refs: no error")
	}
	var ie *store.ImportError
	if errors.As(err, &ie) {
		t.Error("unexpected import error")
	}
}

package share

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"atelier/store"
)

// writePage shares refs into a temporary folder and returns the page.
func writePage(t *testing.T, f *fixture, items ...string) (string, Result) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "page.html")
	return written(t)(Write(context.Background(), f.db, refs(t, items...), path, Options{Now: fixedNow, Board: BoardOptions{Rounds: 50}}))
}

func TestShareEachKind(t *testing.T) {
	f := newFixture(t)
	f.votes(t)
	cases := []struct {
		ref  string
		want []string
	}{
		{ref: "compare:" + itoa(f.compare), want: []string{"Write a haiku about <em>tea</em>.", "Lane 2 · beta · gemini-ultra-omega",
			"★★★★☆", "crisper", "<table>", "0.3 s to first token", `class="chroma"`}},
		{ref: "chat:" + itoa(f.chat), want: []string{"<strong>bold</strong>", "<code>code</code>", "hello"}},
		{ref: "image:" + itoa(f.images[0]), want: []string{"a red fox", `src="data:image/png;base64,`, "Recipe", "1024x1024"}},
		{ref: "video:" + itoa(f.videos[0]), want: []string{"a fox runs", `<video controls`, `src="page_files/video-1.mp4"`, "videob/kling-sigma"}},
		{ref: "batch:" + itoa(f.batch), want: []string{"capitals", "Matrix", "HTTP 500", "france"}},
		{ref: "leaderboard", want: []string{"Chat leaderboard", "10 blind votes, every rater", "alpha:claude-haiku-eta",
			`<svg class="interval"`, "Pairs that need more votes"}},
		{ref: "leaderboard:image", want: []string{"Image leaderboard", "No blind image votes yet"}},
	}
	for _, c := range cases {
		t.Run(c.ref, func(t *testing.T) {
			page, _ := writePage(t, f, c.ref)
			for _, w := range c.want {
				if !strings.Contains(page, w) {
					t.Errorf("the page lacks %q", w)
				}
			}
			checkSafe(t, page, f)
		})
	}
}

// checkSafe fails when a page carries a way out: a script not its own, a
// handler, a remote load, a local path, the base URL.
func checkSafe(t *testing.T, page string, f *fixture) {
	t.Helper()
	for _, bad := range []string{"pwned", "evil.example", "javascript:", "onerror", "onload", "<iframe", "<form",
		"<object", "<base", "<link", "http-equiv=\"refresh\"", "url(", f.baseURL, "secret-base", f.db.Dir(),
		"/home/someone", "plan.toml"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	if n := strings.Count(page, "<script"); n > 1 {
		t.Errorf("%d scripts in the page: want its own at most", n)
	}
	if n := strings.Count(page, "<style"); n != 1 {
		t.Errorf("%d stylesheets: want one, its own", n)
	}
	if regexp.MustCompile(`(?i)\sstyle=`).MatchString(page) {
		t.Error("a style attribute survived")
	}
	if !strings.Contains(page, `content="default-src &#39;none&#39;; img-src data: &#39;self&#39;; media-src &#39;self&#39;; style-src &#39;sha256-`) {
		t.Errorf("the page's CSP is not the expected one")
	}
}

func TestHostileOutputIsInert(t *testing.T) {
	out := string(Markdown(hostile))
	for _, bad := range []string{"<script", "onerror", "javascript:", "<img", "url(", "<svg", "<iframe", "<form",
		"<meta", "<base", "<link", "<object", "<video", "style="} {
		if strings.Contains(out, bad) {
			t.Errorf("sanitised output holds %q:\n%s", bad, out)
		}
	}
	if !strings.Contains(out, `class="chroma"`) || !strings.Contains(out, "Here you go.") {
		t.Errorf("the harmless parts are lost:\n%s", out)
	}
}

func TestLargeImagesGoBeside(t *testing.T) {
	f := newFixture(t)
	r, _ := ParseRef("image:" + itoa(f.images[0]))
	path := filepath.Join(t.TempDir(), "big.html")
	res, err := Write(context.Background(), f.db, []Ref{r}, path, Options{EmbedLimit: 10, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Beside) != 1 || filepath.Dir(res.Beside[0]) != filepath.Join(filepath.Dir(path), "big_files") {
		t.Fatalf("beside the page: %v; want one file in big_files/", res.Beside)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), `src="big_files/`) || strings.Contains(string(b), "data:image") {
		t.Error("the image over the limit is not linked beside the page")
	}
}

func TestParseRefRefusals(t *testing.T) {
	for _, s := range []string{"", "compare", "compare:x", "compare:0", "chat:1+2", "batch:1+2", "leaderboard:dog",
		"image:1+2+3+4+5", "song:3"} {
		if _, err := ParseRef(s); err == nil {
			t.Errorf("ParseRef(%q): no error", s)
		}
	}
}

func TestUnvotedBlindComparisonIsNotShared(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if err := f.db.MarkBlind(ctx, f.compare, 0); err != nil {
		t.Fatal(err)
	}
	r, _ := ParseRef("compare:" + itoa(f.compare))
	_, err := Write(ctx, f.db, []Ref{r}, filepath.Join(t.TempDir(), "p.html"), Options{})
	if err == nil || !strings.Contains(err.Error(), "prompt 1 ran blind and is not voted yet") {
		t.Fatalf("sharing an unvoted blind comparison: %v", err)
	}
	if _, err := WriteBallot(ctx, f.db, []Ref{r}, filepath.Join(t.TempDir(), "b.html"), Options{}); err != nil {
		t.Errorf("as a ballot it stays blind, and may go: %v", err)
	}
	v := store.Vote{Kind: store.VoteChat, ConversationID: f.compare, Verdict: "AB", Blind: true, Targets: []store.VoteTarget{
		{Letter: "A", Lane: 0, Target: "alpha:claude-opus-zeta:temperature=0.25"}, {Letter: "B", Lane: 1, Target: "beta:gemini-ultra-omega"}}}
	if _, err := f.db.RecordVote(ctx, v); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(ctx, f.db, []Ref{r}, filepath.Join(t.TempDir(), "p.html"), Options{}); err != nil {
		t.Errorf("voted, it may be shared: %v", err)
	}
}

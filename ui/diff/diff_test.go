package diff

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestTokens(t *testing.T) {
	got := Tokens("Hello,  wörld!\nx_1 — é\t2")
	want := []string{"Hello", ",", "  ", "wörld", "!", "\n", "x_1", " ", "—", " ", "é", "\t", "2"}
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("Tokens = %q, want %q", got, want)
	}
	if got := Tokens("\n\n"); len(got) != 2 {
		t.Errorf("two line breaks are two tokens, got %q", got)
	}
}

func TestWordsMarksChangedWords(t *testing.T) {
	runs := Words("The quick brown fox jumps.", "The slow brown fox jumped.")
	want := []Run{{Equal, "The "}, {Delete, "quick"}, {Insert, "slow"}, {Equal, " brown fox "},
		{Delete, "jumps"}, {Insert, "jumped"}, {Equal, "."}}
	if fmt.Sprint(runs) != fmt.Sprint(want) {
		t.Errorf("Words = %v, want %v", runs, want)
	}
	if runs := Words("same text", "same text"); len(runs) != 1 || runs[0].Op != Equal {
		t.Errorf("equal texts: %v", runs)
	}
	if runs := Words("", "new"); fmt.Sprint(runs) != fmt.Sprint([]Run{{Insert, "new"}}) {
		t.Errorf("from nothing: %v", runs)
	}
}

// deleted and inserted show the marks as visible brackets wrapped in a
// zero-width escape, so widths stay those of the plain text.
var testStyles = Styles{
	Deleted:  func(s string) string { return "\x1b[9m" + s + "\x1b[0m" },
	Inserted: func(s string) string { return "\x1b[4m" + s + "\x1b[0m" },
}

func TestColumnsAlignSharedLines(t *testing.T) {
	a := "First line stays.\nThis sentence is the old one and rather long.\nLast line."
	b := "First line stays.\nShort.\nLast line."
	left, right := Columns(Words(a, b), 16, testStyles)
	if len(left) != len(right) {
		t.Fatalf("%d left lines, %d right", len(left), len(right))
	}
	for i := range left {
		for _, l := range []string{left[i], right[i]} {
			if w := ansi.StringWidth(l); w != 16 {
				t.Errorf("line %d %q: %d cells, want 16", i, ansi.Strip(l), w)
			}
		}
	}
	// "Last line." starts on the same row on both sides.
	row := func(col []string) int {
		for i, l := range col {
			if strings.HasPrefix(ansi.Strip(l), "Last line.") {
				return i
			}
		}
		return -1
	}
	if lr, rr := row(left), row(right); lr < 0 || lr != rr {
		t.Errorf("the shared last line on rows %d and %d:\n%s", lr, rr, sideBySide(left, right))
	}
	if !strings.Contains(strings.Join(left, "\n"), "\x1b[9m") || strings.Contains(strings.Join(left, "\n"), "\x1b[4m") {
		t.Errorf("left column marks deletions only:\n%q", left)
	}
	if !strings.Contains(strings.Join(right, "\n"), "\x1b[4mShort\x1b[0m") {
		t.Errorf("right column should mark the inserted word:\n%q", right)
	}
}

func TestColumnsCutLongWordsAndWideRunes(t *testing.T) {
	left, right := Columns(Words("supercalifragilistic 漢字漢字漢字", "x"), 5, Styles{})
	for i := range left {
		if w := ansi.StringWidth(left[i]); w != 5 {
			t.Errorf("line %d %q: %d cells, want 5", i, left[i], w)
		}
	}
	got := strings.ReplaceAll(strings.Join(left, ""), " ", "")
	if got != "supercalifragilistic漢字漢字漢字" {
		t.Errorf("cut words lost characters: %q", got)
	}
	if len(right) != len(left) || strings.TrimSpace(right[0]) != "x" {
		t.Errorf("right column %q", right)
	}
	// control characters never reach the screen; tabs become spaces
	l, _ := Columns(Words("a\tb\x07c\x1b", ""), 10, Styles{})
	if l[0] != "a bc      " {
		t.Errorf("cleaned line %q", l[0])
	}
}

func sideBySide(l, r []string) string {
	var sb strings.Builder
	for i := range l {
		sb.WriteString(ansi.Strip(l[i]) + " | " + ansi.Strip(r[i]) + "\n")
	}
	return sb.String()
}

// checkRuns holds for every diff: it spells both texts back, and no two
// runs in a row have the same Op, nor is any run empty.
func checkRuns(t *testing.T, a, b string, runs []Run) {
	t.Helper()
	if got := Left(runs); got != a {
		t.Fatalf("Left = %q, want %q", got, a)
	}
	if got := Right(runs); got != b {
		t.Fatalf("Right = %q, want %q", got, b)
	}
	for i, r := range runs {
		if r.Text == "" {
			t.Fatalf("run %d is empty: %v", i, runs)
		}
		if i > 0 && runs[i-1].Op == r.Op {
			t.Fatalf("runs %d and %d have one Op: %v", i-1, i, runs)
		}
		if i > 0 && runs[i-1].Op == Insert && r.Op == Delete {
			t.Fatalf("an insert before a delete at %d: %v", i, runs)
		}
	}
}

func FuzzWords(f *testing.F) {
	f.Add("The quick brown fox.", "The slow brown fox!")
	f.Add("", "x")
	f.Add("a\nb\n", "a\nc\n")
	f.Add("\xff\xfe bad utf8", "bad \xff utf8")
	f.Add("漢字 and émoji 👍🏽", "漢字 or émoji 👍")
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a)+len(b) > 4<<10 {
			return // what a long pair could show, a short one does; and minimising stays quick
		}
		runs := Words(a, b)
		checkRuns(t, a, b, runs)
		left, right := Columns(runs, 12, testStyles)
		if len(left) != len(right) {
			t.Fatalf("%d left lines, %d right", len(left), len(right))
		}
	})
}

// reply makes a text of about n bytes of prose from a seeded source.
func reply(rng *rand.Rand, n int) string {
	words := strings.Fields("the model answers a question about sorting lists in Go with care and " +
		"examples, noting that slices.Sort is stable only when asked, and that cmp.Compare orders NaN first")
	var sb strings.Builder
	for sb.Len() < n {
		sb.WriteString(words[rng.IntN(len(words))])
		switch rng.IntN(12) {
		case 0:
			sb.WriteString(".\n")
		case 1:
			sb.WriteString(", ")
		default:
			sb.WriteString(" ")
		}
	}
	return sb.String()
}

// tweak changes about one word in twenty: a regeneration's small differences.
func tweak(rng *rand.Rand, s string) string {
	toks := Tokens(s)
	for i, tok := range toks {
		if class([]rune(tok)[0]) == classWord && rng.IntN(20) == 0 {
			toks[i] = strings.ToUpper(tok)
		}
	}
	return strings.Join(toks, "")
}

func TestWordsOnLongReplies(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	a := reply(rng, 10_000)
	b := tweak(rng, a)
	// No deadline: under the race detector or a loaded machine Words' 100 ms
	// may pass, and the diff go coarse, which is right for a screen but not
	// what this test measures.
	runs := WordsWithin(a, b, 0)
	checkRuns(t, a, b, runs)
	changed := 0
	for _, r := range runs {
		if r.Op != Equal {
			changed += len(r.Text)
		}
	}
	if changed > len(a)/3 {
		t.Errorf("%d of %d bytes marked changed for a word in twenty: the diff is too coarse", changed, len(a))
	}
}

func BenchmarkWords10KB(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := reply(rng, 10_000)
	y := tweak(rng, x)
	unrelated := reply(rng, 10_000)
	b.Run("similar", func(b *testing.B) {
		for b.Loop() {
			Words(x, y)
		}
	})
	b.Run("unrelated", func(b *testing.B) {
		for b.Loop() {
			Words(x, unrelated)
		}
	})
	runs := Words(x, y)
	b.Run("columns-80", func(b *testing.B) {
		for b.Loop() {
			Columns(runs, 80, testStyles)
		}
	})
}

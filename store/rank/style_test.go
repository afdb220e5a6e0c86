package rank

import (
	"math"
	"math/rand/v2"
	"testing"
)

// styled is a vote a>b (s 1) or a tie (s ½) with its answers' styles.
func styled(a, b string, s float64, sa, sb Style) Vote {
	return Vote{Ranked: []string{a, b}, Tie: s == 0.5, Styles: []Style{sa, sb}}
}

func st(tokens, headers, bold, lists float64) Style { return Style{tokens, headers, bold, lists} }

// The style fit against a reference computed outside this package by
// testdata/stylefit.py (plain Python, no numpy): Newton's method on
// numerical first and second derivatives (central differences) of the
// penalised log-likelihood written out directly, 60 steps from 0, to a
// gradient below 1e-10. Its output:
//
//	A 1099.7996  B 899.4081  C 1000.7923
//	points per doubling: length 30.5923, headers 55.2238, bold 148.4907,
//	list items 41.1590
func TestStyleFitAgainstReference(t *testing.T) {
	votes := []Vote{
		styled("A", "B", 1, st(200, 1, 0, 3), st(100, 0, 0, 1)),
		styled("B", "A", 1, st(300, 0, 2, 0), st(150, 0, 0, 0)),
		styled("A", "C", 1, st(100, 0, 1, 0), st(100, 0, 0, 0)),
		styled("C", "B", 1, st(400, 2, 0, 5), st(100, 0, 0, 0)),
		styled("A", "C", 0.5, st(120, 0, 0, 0), st(240, 0, 0, 2)),
		styled("B", "C", 1, st(250, 1, 1, 0), st(200, 0, 1, 0)),
		styled("C", "A", 1, st(500, 0, 3, 4), st(100, 0, 0, 0)),
		styled("A", "B", 1, st(220, 0, 0, 0), st(180, 1, 0, 0)),
		styled("B", "A", 0.5, st(90, 0, 0, 0), st(110, 0, 0, 0)),
		styled("C", "B", 1, st(80, 0, 0, 0), st(160, 0, 0, 0)),
	}
	b, err := Compute(votes, Options{Rounds: -1})
	if err != nil {
		t.Fatal(err)
	}
	if b.Style == nil {
		t.Fatal("no style fit for votes with styles")
	}
	want := map[string]float64{"A": 1099.7996, "B": 899.4081, "C": 1000.7923}
	for _, e := range b.Style.Entries {
		if math.Abs(e.Score-want[e.Target]) > 1e-3 {
			t.Errorf("%s: styled score %.4f, want %.4f", e.Target, e.Score, want[e.Target])
		}
	}
	wantPts := []float64{30.5923, 55.2238, 148.4907, 41.1590}
	for k, c := range b.Style.Coefficients {
		if c.Feature != styleNames[k] || math.Abs(c.Points-wantPts[k]) > 1e-3 {
			t.Errorf("coefficient %d: %s %.4f, want %s %.4f", k, c.Feature, c.Points, styleNames[k], wantPts[k])
		}
		if !(c.Low < c.Points && c.Points < c.High) {
			t.Errorf("%s: interval %.1f – %.1f does not hold %.1f", c.Feature, c.Low, c.High, c.Points)
		}
	}
}

// Votes where the answer that wins is the longer one, whoever wrote it,
// and L writes long answers, S short ones: the plain board puts L far
// ahead, the style-controlled one finds them equal, with a positive
// length coefficient near the true one (3 on the log-odds of d, 173.7
// points per doubling).
func TestStyleControlRemovesLengthOnlyGap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 35))
	length := map[string][2]float64{"L": {300, 900}, "S": {100, 300}, "M": {100, 900}}
	names := []string{"L", "S", "M"}
	var votes []Vote
	for range 3000 {
		i := rng.IntN(3)
		j := (i + 1 + rng.IntN(2)) % 3
		a, b := names[i], names[j]
		la := length[a][0] + rng.Float64()*(length[a][1]-length[a][0])
		lb := length[b][0] + rng.Float64()*(length[b][1]-length[b][0])
		d := (la - lb) / (la + lb)
		if rng.Float64() >= sigmoid(3*d) {
			a, b, la, lb = b, a, lb, la
		}
		votes = append(votes, styled(a, b, 1, Style{Tokens: la}, Style{Tokens: lb}))
	}
	board, err := Compute(votes, Options{Rounds: -1})
	if err != nil {
		t.Fatal(err)
	}
	raw := byName(t, board, "L").Score - byName(t, board, "S").Score
	var styledL, styledS Entry
	for _, e := range board.Style.Entries {
		switch e.Target {
		case "L":
			styledL = e
		case "S":
			styledS = e
		}
	}
	gap := styledL.Score - styledS.Score
	t.Logf("plain gap %.1f, style-controlled gap %.1f, length %+.1f points per doubling", raw, gap, board.Style.Coefficients[0].Points)
	if raw < 150 {
		t.Errorf("plain gap L−S %.0f: want the length advantage to show (> 150)", raw)
	}
	if math.Abs(gap) > 40 {
		t.Errorf("style-controlled gap L−S %.1f: want near 0", gap)
	}
	if styledL.Low > styledS.High || styledS.Low > styledL.High {
		t.Errorf("style-controlled intervals L %.0f–%.0f, S %.0f–%.0f: want them to overlap", styledL.Low, styledL.High, styledS.Low, styledS.High)
	}
	c := board.Style.Coefficients[0]
	if c.Feature != "length" || c.Low > 173.7 || c.High < 173.7 || c.Low <= 0 {
		t.Errorf("length: %.1f (%.1f – %.1f) points per doubling: want a positive interval holding 173.7", c.Points, c.Low, c.High)
	}
}

// Without styles (images, video) there is no style fit; a vote whose
// styles do not match its targets is an error naming it.
func TestStyleFitNeedsStyles(t *testing.T) {
	b, err := Compute([]Vote{Better("A", "B"), Better("B", "A")}, Options{Rounds: -1})
	if err != nil || b.Style != nil {
		t.Fatalf("plain votes: style %+v, err %v: want none", b.Style, err)
	}
	bad := Vote{Ranked: []string{"A", "B"}, Styles: []Style{{Tokens: 1}}}
	if _, err := Compute([]Vote{bad}, Options{Rounds: -1}); err == nil || err.Error() != "vote 0: styles: 1 for 2 targets: want one per target" {
		t.Fatalf("err %v: want the vote and the rule named", err)
	}
}

// StyleOf reads markdown as a parser does: ** in code is no bold.
func TestStyleOfCountsMarkdown(t *testing.T) {
	for _, c := range []struct {
		name, text string
		tokens     int64
		want       Style
	}{
		{"plain", "just words", 7, Style{Tokens: 7}},
		{"estimated tokens", "12345678", 0, Style{Tokens: 2}},
		{"all", "# Title\n\n## Sub\n\n**bold** and __also__ and *not*\n\n- a\n- b\n  1. c\n", 30,
			Style{Tokens: 30, Headers: 2, Bold: 2, Lists: 3}},
		{"code is not style", "`**no**`\n\n```\n# no\n**no**\n- no\n```\n", 5, Style{Tokens: 5}},
		{"setext header", "Title\n=====\n", 3, Style{Tokens: 3, Headers: 1}},
	} {
		if got := StyleOf(c.text, c.tokens); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

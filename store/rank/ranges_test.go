package rank

import (
	"reflect"
	"testing"
)

// Four intervals by hand: A 1050–1150, B 1000–1120, C 960–1040, D 850–950.
// A is surely ahead of C (1050 > 1040) and D: ranks 1–2. B is ahead only
// of D: 1–3. C is behind A, ahead of D: 2–3. D is behind all: 4. A and B
// overlap: a tied group. C overlaps B but not A (1040 < 1050): a group of
// its own, as D.
func TestRankRangesHandComputed(t *testing.T) {
	es := []Entry{
		{Target: "A", Score: 1100, Low: 1050, High: 1150},
		{Target: "B", Score: 1060, Low: 1000, High: 1120},
		{Target: "C", Score: 1000, Low: 960, High: 1040},
		{Target: "D", Score: 900, Low: 850, High: 950},
	}
	rankRanges(es)
	var got [][3]int
	for _, e := range es {
		got = append(got, [3]int{e.RankBest, e.RankWorst, e.Group})
	}
	want := [][3]int{{1, 2, 1}, {1, 3, 1}, {2, 3, 2}, {4, 4, 3}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("best, worst, group: %v, want %v", got, want)
	}
}

// Intervals all apart: every rank is one number, every target its group.
func TestRankRangesApart(t *testing.T) {
	es := []Entry{{Low: 90, High: 110}, {Low: 50, High: 70}, {Low: 10, High: 30}}
	rankRanges(es)
	for i, e := range es {
		if e.RankBest != i+1 || e.RankWorst != i+1 || e.Group != i+1 {
			t.Errorf("entry %d: %d–%d group %d: want %d, %d", i, e.RankBest, e.RankWorst, e.Group, i+1, i+1)
		}
	}
}

// The votes that would settle a pair, by hand: 100 points is Δ = 100·ln10/400
// = 0.575646 in log-strength, p = σ(Δ) = 0.640065, so n > 1.959964² /
// (0.230393 · 0.331368) = 50.32 games: 51, of which 10 are played. 250
// points behind: n > 11.97, 12 games. Equal targets: no number (-1); a
// pair past its figure still needs one more to be settled.
func TestMoreVotesHandComputed(t *testing.T) {
	for _, c := range []struct {
		diff  float64
		games int
		want  int
	}{
		{100, 10, 41},
		{100, 0, 51},
		{-250, 2, 10},
		{0, 30, -1},
		{100, 80, 1},
	} {
		if got := moreVotes(c.diff, c.games); got != c.want {
			t.Errorf("moreVotes(%v, %d) = %d, want %d", c.diff, c.games, got, c.want)
		}
	}
}

// Compute fills the ranges and the figure on a real board.
func TestBoardCarriesRangesAndMoreVotes(t *testing.T) {
	var votes []Vote
	votes = append(votes, repeat(Better("A", "B"), 3)...)
	votes = append(votes, repeat(Better("B", "A"), 2)...)
	votes = append(votes, repeat(Better("A", "C"), 30)...)
	votes = append(votes, repeat(Better("B", "C"), 30)...)
	b, err := Compute(votes, Options{Rounds: 200, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	a, bb, c := byName(t, b, "A"), byName(t, b, "B"), byName(t, b, "C")
	if a.Group != bb.Group || c.Group == a.Group || a.RankWorst != 2 || c.RankBest != 3 {
		t.Errorf("A %d–%d g%d, B %d–%d g%d, C %d–%d g%d: want A, B tied for 1–2, C 3rd alone",
			a.RankBest, a.RankWorst, a.Group, bb.RankBest, bb.RankWorst, bb.Group, c.RankBest, c.RankWorst, c.Group)
	}
	if len(b.NeedVotes) == 0 || b.NeedVotes[0].A != "A" || b.NeedVotes[0].B != "B" {
		t.Fatalf("need votes %+v: want A vs B first", b.NeedVotes)
	}
	p := b.NeedVotes[0]
	if want := moreVotes(a.Score-bb.Score, 5); p.MoreVotes != want || want < 1 {
		t.Errorf("A vs B: %d more votes, want %d", p.MoreVotes, want)
	}
}

package batch

import (
	"reflect"
	"testing"

	"atelier/store"
)

// pass^k by hand: C(c,k)/C(n,k).
func TestPassHat(t *testing.T) {
	for _, c := range []struct {
		c, n, k int
		want    float64
	}{
		{3, 3, 3, 1},         // every repeat passed
		{2, 3, 3, 0},         // one failed: not all N passed
		{0, 4, 4, 0},         // none
		{3, 4, 2, 3.0 / 6},   // C(3,2)/C(4,2) = 3/6
		{4, 5, 3, 4.0 / 10},  // C(4,3)/C(5,3) = 4/10
		{2, 2, 3, -1},        // fewer ended than N
		{5, 10, 1, 5.0 / 10}, // pass^1 is the pass rate
	} {
		if got := PassHat(c.c, c.n, c.k); got != c.want {
			t.Errorf("PassHat(%d, %d, %d) = %v, want %v", c.c, c.n, c.k, got, c.want)
		}
	}
}

func TestClassOf(t *testing.T) {
	for _, c := range []struct {
		passed, runs int
		want         string
	}{{3, 3, ClassPasses}, {0, 3, ClassFails}, {1, 3, ClassFlaky}, {2, 3, ClassFlaky}, {0, 0, ""}} {
		if got := Class(c.passed, c.runs); got != c.want {
			t.Errorf("Class(%d, %d) = %q, want %q", c.passed, c.runs, got, c.want)
		}
	}
}

func TestCollapse(t *testing.T) {
	for _, c := range []struct {
		texts  []string
		counts []int
		text   string
	}{
		{nil, nil, "no answer"},
		{[]string{"a"}, []int{1}, "1 answer"},
		{[]string{"a", "a ", "\na", "a"}, []int{4}, "4× the same answer"},
		{[]string{"b", "a", "a", "a"}, []int{3, 1}, "3× the same answer, 1× other"},
		{[]string{"a", "b", "a", "b", "c"}, []int{2, 2, 1}, "2× the same answer, 2× another, 1× other"},
		{[]string{"a", "a", "b", "c"}, []int{2, 1, 1}, "2× the same answer, 2× others"},
		{[]string{"a", "b", "c"}, []int{1, 1, 1}, "3 different answers"},
	} {
		got := Collapse(c.texts)
		var counts []int
		for _, a := range got {
			counts = append(counts, a.Count)
		}
		if !reflect.DeepEqual(counts, c.counts) || CollapseText(got) != c.text {
			t.Errorf("Collapse(%q): %v %q, want %v %q", c.texts, counts, CollapseText(got), c.counts, c.text)
		}
	}
	if got := Collapse([]string{"b", "a", "a"}); got[0].Text != "a" || got[1].Text != "b" {
		t.Errorf("most frequent first: %+v", got)
	}
}

func TestDiverge(t *testing.T) {
	for _, c := range []struct {
		texts []string
		at    int
		words []string
		text  string
	}{
		{[]string{"one answer"}, -1, nil, ""},
		{[]string{"The sky is blue.", "The sky is grey."}, 3, []string{"blue.", "grey."}, `part ways at word 4: "blue." / "grey."`},
		{[]string{"Yes", "No, never"}, 0, []string{"Yes", "No,"}, `part ways at word 1: "Yes" / "No,"`},
		{[]string{"a b c", "a b", "a b d"}, 2, []string{"c", "", "d"}, `part ways at word 3: "c" / (end) / "d"`},
		{[]string{"a  b", "a b"}, -1, nil, ""}, // the same words, spaced apart
	} {
		var as []Answer
		for _, t := range c.texts {
			as = append(as, Answer{Count: 1, Text: t})
		}
		at, words := Diverge(as)
		if at != c.at || !reflect.DeepEqual(words, c.words) || DivergeText(at, words) != c.text {
			t.Errorf("Diverge(%q) = %d %q %q, want %d %q %q", c.texts, at, words, DivergeText(at, words), c.at, c.words, c.text)
		}
	}
}

// RepeatsOf reads the cells per case and target: classes, pass^N with N
// the plan's repeats, the answers collapsed and where they part.
func TestRepeatsOf(t *testing.T) {
	p := &Plan{Targets: []string{"alpha:a", "beta:b"}, Repeats: 3, Cases: []Case{{Name: "q0"}, {Name: "q1"}}}
	yes, no := true, false
	cell := func(i, c, tg, r int, status string, passed *bool) store.BatchCell {
		return store.BatchCell{CellKey: store.CellKey{Cell: i, Case: c, Target: tg, Repeat: r}, Status: status, Passed: passed}
	}
	cells := []store.BatchCell{
		cell(0, 0, 0, 0, store.CellDone, &yes), cell(1, 0, 0, 1, store.CellDone, &yes), cell(2, 0, 0, 2, store.CellDone, &yes),
		cell(3, 0, 1, 0, store.CellDone, &yes), cell(4, 0, 1, 1, store.CellFailed, nil), cell(5, 0, 1, 2, store.CellDone, &no),
		cell(6, 1, 0, 0, store.CellDone, &no), cell(7, 1, 0, 1, store.CellDone, &no), cell(8, 1, 0, 2, store.CellFailed, nil),
		cell(9, 1, 1, 0, store.CellDone, nil), cell(10, 1, 1, 1, store.CellPending, nil),
	}
	replies := map[int]string{0: "Paris.", 1: "Paris.", 2: "It is Paris.", 3: "x", 5: "y", 6: "no", 7: "no", 9: "free text"}
	rs := RepeatsOf(p, cells, replies)
	type row struct {
		class    string
		pass     float64
		collapse string
		diverge  string
	}
	want := [][]row{
		{{ClassPasses, 1, "2× the same answer, 1× other", `part ways at word 1: "Paris." / "It"`},
			{ClassFlaky, 0, "2 different answers", `part ways at word 1: "x" / "y"`}},
		{{ClassFails, 0, "2× the same answer", ""},
			{ClassPasses, -1, "1 answer", ""}}, // done without checks passes; 1 of 3 ended
	}
	for ci := range want {
		for ti, w := range want[ci] {
			r := rs[ci][ti]
			got := row{r.Class, r.PassHatN, CollapseText(r.Answers), DivergeText(r.DivergeAt, r.DivergeWords)}
			if got != w {
				t.Errorf("case %d target %d: %+v, want %+v", ci, ti, got, w)
			}
		}
	}
	if ph, flaky := targetRepeats(rs, 1); ph != 0 || flaky != 1 {
		t.Errorf("beta: pass^3 %v, flaky %d: want 0 (q0 only ended) and 1", ph, flaky)
	}
}

package batch

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	engine "atelier/batch"
	"atelier/internal/termtext"
)

// The stability view (v): each cell's repeats read together — its class
// (always passes, always fails, flaky) with how many passed, then its
// answers collapsed ("2× same, 1× other") and the word where they first
// part ways — and under the matrix each target's pass^N and flaky cases.
// F keeps the flaky cases only; it needs no reply read, as a class comes
// from the cells alone.

// class is the cell's class as engine.RepeatsOf reads it: a done repeat
// passes when it passed its checks (or had none), a failed one fails.
func (s cellSum) class() string {
	return engine.Class(s.passed+s.done-s.checked, s.done+s.failed)
}

// flaky says whether a target's repeats of case c both passed and failed.
func (m *matrix) flaky(c int) bool {
	for _, s := range m.grid[c] {
		if s.class() == engine.ClassFlaky {
			return true
		}
	}
	return false
}

// stabilityText is a cell's two lines in the stability view, w wide.
func (v sheet) stabilityText(c, t int, s cellSum, w int) (string, string) {
	class := s.class()
	st, mark := v.st.Muted, "·"
	switch class {
	case engine.ClassPasses:
		st, mark = v.st.Pass, "✓"
	case engine.ClassFails:
		st, mark = v.st.Fail, "✗"
	case engine.ClassFlaky:
		st, mark = v.st.Warn, "≈"
	}
	line1 := fmt.Sprintf("%s %s %d/%d", mark, engine.ClassText(class), s.passed+s.done-s.checked, s.done+s.failed)
	x := v.x
	if x.repeats == nil {
		return st.Render(fit(line1, w)), v.st.Muted.Render(fit("reading the replies…", w))
	}
	r := x.repeats[c][t]
	line2 := shortCollapse(r.Answers)
	if r.DivergeAt >= 0 {
		words := make([]string, len(r.DivergeWords))
		for i, wd := range r.DivergeWords {
			words[i] = cmpWord(wd)
		}
		line2 += fmt.Sprintf(" · word %d: %s", r.DivergeAt+1, strings.Join(words, "/"))
	}
	return st.Render(fit(line1, w)), v.st.Muted.Render(fit(termtext.String(line2), w))
}

// shortCollapse is the answers' counts in a column's room: "3× same",
// "2× same, 1× other", "3 different".
func shortCollapse(as []engine.Answer) string {
	switch {
	case len(as) == 0:
		return "no answer"
	case len(as) == 1:
		return fmt.Sprintf("%d× same", as[0].Count)
	case as[0].Count == 1:
		return fmt.Sprintf("%d different", len(as))
	}
	return fmt.Sprintf("%d× same, %d× other", as[0].Count, countAfter(as))
}

// countAfter is the repeats not in the first (most frequent) answer.
func countAfter(as []engine.Answer) int {
	n := 0
	for _, a := range as[1:] {
		n += a.Count
	}
	return n
}

// cmpWord is a word where answers part, short: "(end)" when one ended.
func cmpWord(w string) string {
	if w == "" {
		return "(end)"
	}
	return ansi.Truncate(w, 12, "…")
}

// stabilitySummary is the row per target under the stability view:
// pass rate, pass^N, flaky cases, classes and stability.
func (v sheet) stabilitySummary() []string {
	x := v.x
	return v.summaryTable(50, []int{6, 8, 7, 8, 8, 6},
		[]string{"pass", fmt.Sprintf("pass^%d", x.plan.Repeats), "flaky", "always✓", "always✗", "stab"},
		func(i int, s engine.TargetSummary) []string {
			passes, fails := 0, 0
			for c := range x.grid {
				if i < len(x.grid[c]) {
					switch x.grid[c][i].class() {
					case engine.ClassPasses:
						passes++
					case engine.ClassFails:
						fails++
					}
				}
			}
			return []string{engine.RateText(s.PassRate), engine.ShareText(s.PassHatN), fmt.Sprint(s.Flaky),
				fmt.Sprint(passes), fmt.Sprint(fails), engine.ShareText(s.Stability)}
		})
}

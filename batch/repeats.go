package batch

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"atelier/store"
)

// Repeats you can read. A prompt whose repeats vary needs more than one
// stability figure: which answers recur, how often every repeat passes,
// which cases flicker, and where repeats first part ways.

// The classes of a case's repeats for one target. A repeat passes when
// it is done and passed its checks (done is a pass for a case without
// checks); an error is a fail.
const (
	ClassPasses = "always_passes"
	ClassFails  = "always_fails"
	ClassFlaky  = "flaky"
)

// ClassText is a class as a reader takes it.
func ClassText(class string) string {
	switch class {
	case ClassPasses:
		return "always passes"
	case ClassFails:
		return "always fails"
	case ClassFlaky:
		return "flaky"
	}
	return "not run"
}

// Repeats is one case's repeats for one target, read together.
type Repeats struct {
	Case   string `json:"case"`
	Target string `json:"target"`
	// Runs are the repeats that ended (done or failed), Passed those that
	// passed.
	Runs   int `json:"runs"`
	Passed int `json:"passed"`
	// PassHatN is the chance that all N repeats pass, N the plan's
	// repeats (see PassHat); -1 until N have ended.
	PassHatN float64 `json:"pass_hat_n"`
	// Class is ClassPasses, ClassFails, ClassFlaky, or "" before any
	// repeat ended.
	Class string `json:"class"`
	// Answers are the done repeats' replies, identical ones collapsed,
	// the most frequent first.
	Answers []Answer `json:"answers"`
	// DivergeAt is the word (from 0) at which the different answers first
	// part ways, DivergeWords each one's word there ("" where it ended);
	// -1 and none when every answer is the same.
	DivergeAt    int      `json:"diverge_at"`
	DivergeWords []string `json:"diverge_words,omitempty"`
}

// Answer is one distinct reply and how many repeats gave it.
type Answer struct {
	Count int    `json:"count"`
	Text  string `json:"-"`
}

// PassHat is pass^k estimated from n repeats of which c passed, as
// τ-bench defines it: C(c, k) / C(n, k), the chance that k repeats drawn
// from the n all passed (unbiased for the chance that k fresh ones all
// pass). With k = n, it is 1 when every repeat passed and 0 otherwise; a
// target's pass^N is the mean over its cases. -1 when n < k.
func PassHat(c, n, k int) float64 {
	if k <= 0 || n < k || c < 0 || c > n {
		return -1
	}
	p := 1.0
	for i := 0; i < k; i++ {
		p *= float64(c-i) / float64(n-i)
		if p <= 0 {
			return 0
		}
	}
	return p
}

// Class is the class of runs repeats of which passed passed.
func Class(passed, runs int) string {
	switch {
	case runs == 0:
		return ""
	case passed == runs:
		return ClassPasses
	case passed == 0:
		return ClassFails
	}
	return ClassFlaky
}

// Collapse groups identical replies (the same text, whitespace at the
// ends aside), the most frequent first, ties in the order first seen.
func Collapse(texts []string) []Answer {
	var out []Answer
	at := map[string]int{}
	for _, t := range texts {
		k := strings.TrimSpace(t)
		if i, ok := at[k]; ok {
			out[i].Count++
			continue
		}
		at[k] = len(out)
		out = append(out, Answer{Count: 1, Text: t})
	}
	slices.SortStableFunc(out, func(a, b Answer) int { return cmp.Compare(b.Count, a.Count) })
	return out
}

// CollapseText is answers as a reader takes them: "3× the same answer, 1×
// other", "2× the same answer, 2× another", "4 different answers".
func CollapseText(answers []Answer) string {
	switch {
	case len(answers) == 0:
		return "no answer"
	case len(answers) == 1:
		if answers[0].Count == 1 {
			return "1 answer"
		}
		return fmt.Sprintf("%d× the same answer", answers[0].Count)
	case answers[0].Count == 1:
		return fmt.Sprintf("%d different answers", len(answers))
	}
	parts := []string{fmt.Sprintf("%d× the same answer", answers[0].Count)}
	singles := 0
	for _, a := range answers[1:] {
		if a.Count == 1 {
			singles++
			continue
		}
		parts = append(parts, fmt.Sprintf("%d× another", a.Count))
	}
	switch singles {
	case 0:
	case 1:
		parts = append(parts, "1× other")
	default:
		parts = append(parts, fmt.Sprintf("%d× others", singles))
	}
	return strings.Join(parts, ", ")
}

// Diverge is where distinct answers first part ways: the index of the
// first word (a run of non-space) at which they do not all agree, and
// each one's word there ("" where it has ended); -1 and nil when there
// is only one answer.
func Diverge(answers []Answer) (at int, words []string) {
	if len(answers) < 2 {
		return -1, nil
	}
	split := make([][]string, len(answers))
	for i, a := range answers {
		split[i] = strings.Fields(a.Text)
	}
	for at = 0; ; at++ {
		first, same, ended := wordAt(split[0], at), true, true
		for _, ws := range split {
			w := wordAt(ws, at)
			same = same && w == first
			ended = ended && w == ""
		}
		if ended { // equal words but for the spaces between them
			return -1, nil
		}
		if !same {
			break
		}
	}
	for _, ws := range split {
		words = append(words, wordAt(ws, at))
	}
	return at, words
}

func wordAt(ws []string, i int) string {
	if i < len(ws) {
		return ws[i]
	}
	return ""
}

// DivergeText says where repeats part ways: `at word 12: "However" / "But"`.
func DivergeText(at int, words []string) string {
	if at < 0 {
		return ""
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		if w == "" {
			quoted[i] = "(end)"
		} else {
			quoted[i] = fmt.Sprintf("%q", w)
		}
	}
	return fmt.Sprintf("part ways at word %d: %s", at+1, strings.Join(quoted, " / "))
}

// RepeatsOf reads each case's repeats for each target, [case][target],
// from the cells and their replies (by cell; nil leaves Answers empty).
func RepeatsOf(p *Plan, cells []store.BatchCell, replies map[int]string) [][]Repeats {
	nt := len(p.Targets)
	out := make([][]Repeats, len(p.Cases))
	texts := make([][]string, len(p.Cases)*nt)
	for ci := range out {
		out[ci] = make([]Repeats, nt)
		for ti := range out[ci] {
			out[ci][ti] = Repeats{Case: p.Cases[ci].Name, Target: p.Targets[ti]}
		}
	}
	for _, c := range cells {
		if c.Case < 0 || c.Case >= len(out) || c.Target < 0 || c.Target >= nt {
			continue
		}
		r := &out[c.Case][c.Target]
		switch c.Status {
		case store.CellDone:
			r.Runs++
			if c.Passed == nil || *c.Passed {
				r.Passed++
			}
			if text, ok := replies[c.Cell]; ok {
				texts[c.Case*nt+c.Target] = append(texts[c.Case*nt+c.Target], text)
			}
		case store.CellFailed:
			r.Runs++
		}
	}
	for ci := range out {
		for ti := range out[ci] {
			r := &out[ci][ti]
			r.Class = Class(r.Passed, r.Runs)
			r.PassHatN = PassHat(r.Passed, r.Runs, p.Repeats)
			r.Answers = Collapse(texts[ci*nt+ti])
			if r.Answers == nil {
				r.Answers = []Answer{}
			}
			r.DivergeAt, r.DivergeWords = Diverge(r.Answers)
		}
	}
	return out
}

// targetRepeats sums a target's column of RepeatsOf: its pass^N (the mean
// over the cases whose N repeats all ended; -1 with none) and its flaky
// cases.
func targetRepeats(rs [][]Repeats, t int) (passHatN float64, flaky int) {
	sum, n := 0.0, 0
	for _, row := range rs {
		r := row[t]
		if r.PassHatN >= 0 {
			sum += r.PassHatN
			n++
		}
		if r.Class == ClassFlaky {
			flaky++
		}
	}
	if n == 0 {
		return -1, flaky
	}
	return sum / float64(n), flaky
}

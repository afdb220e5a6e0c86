package batch

import (
	"fmt"
	"math"
	"slices"
	"time"

	"atelier/store"
)

// TargetSummary is one target's row under the matrix and in `batch show`.
type TargetSummary struct {
	Target string `json:"target"`
	Cells  int    `json:"cells"`
	Done   int    `json:"done"`
	Failed int    `json:"failed"` // errors: no reply
	// Checked is the done cells that had checks; Passed those that passed
	// them all. PassRate is Passed/Checked, or -1 without checks.
	Checked  int     `json:"checked"`
	Passed   int     `json:"passed"`
	PassRate float64 `json:"pass_rate"`
	// Medians and 95th percentiles over the done cells.
	TTFTMedian  time.Duration `json:"ttft_median_ns"`
	TTFTP95     time.Duration `json:"ttft_p95_ns"`
	TotalMedian time.Duration `json:"total_median_ns"`
	TotalP95    time.Duration `json:"total_p95_ns"`
	// TokensPerSecond is output tokens over streaming time (after the
	// first token), summed over the done cells.
	TokensPerSecond float64 `json:"tokens_per_second"`
	// OutputTokens is the mean output tokens of a reply.
	OutputTokens float64 `json:"output_tokens"`
	// Stability is the mean pairwise word-level similarity of the repeats'
	// answers (1: the same words in the same order), averaged over the
	// cases with two replies or more; -1 when there are none.
	Stability float64 `json:"stability"`
	// PassHatN is the chance that all N repeats of a case pass, over the
	// cases whose repeats all ended (repeats.go); -1 when none has. Flaky
	// counts the cases whose repeats both passed and failed.
	PassHatN float64 `json:"pass_hat_n"`
	Flaky    int     `json:"flaky"`
}

// Summarize computes each target's row from the batch's cells and their
// reply texts (by cell; nil skips stability).
func Summarize(p *Plan, cells []store.BatchCell, replies map[int]string) []TargetSummary {
	out := make([]TargetSummary, len(p.Targets))
	type acc struct {
		ttft, total []time.Duration
		out         int64
		stream      time.Duration
		streamOut   int64
		texts       map[int][]string // by case
	}
	accs := make([]acc, len(p.Targets))
	for i := range accs {
		accs[i].texts = map[int][]string{}
		out[i].Target = p.Targets[i]
	}
	for _, c := range cells {
		if c.Target < 0 || c.Target >= len(out) {
			continue
		}
		s, a := &out[c.Target], &accs[c.Target]
		s.Cells++
		switch c.Status {
		case store.CellFailed:
			s.Failed++
		case store.CellDone:
			s.Done++
			if c.Passed != nil {
				s.Checked++
				if *c.Passed {
					s.Passed++
				}
			}
			if c.TTFT > 0 {
				a.ttft = append(a.ttft, c.TTFT)
			}
			a.total = append(a.total, c.Total)
			a.out += c.Usage.OutputTokens
			if d := c.Total - c.TTFT; d > 0 && c.Usage.OutputTokens > 0 {
				a.stream += d
				a.streamOut += c.Usage.OutputTokens
			}
			if text, ok := replies[c.Cell]; ok {
				a.texts[c.Case] = append(a.texts[c.Case], text)
			}
		}
	}
	reps := RepeatsOf(p, cells, nil)
	for i := range out {
		s, a := &out[i], &accs[i]
		s.PassHatN, s.Flaky = targetRepeats(reps, i)
		s.PassRate = -1
		if s.Checked > 0 {
			s.PassRate = float64(s.Passed) / float64(s.Checked)
		}
		s.TTFTMedian, s.TTFTP95 = percentile(a.ttft, 50), percentile(a.ttft, 95)
		s.TotalMedian, s.TotalP95 = percentile(a.total, 50), percentile(a.total, 95)
		if a.stream > 0 {
			s.TokensPerSecond = float64(a.streamOut) / a.stream.Seconds()
		}
		if s.Done > 0 {
			s.OutputTokens = float64(a.out) / float64(s.Done)
		}
		s.Stability = stability(a.texts)
	}
	return out
}

// RateText is a pass rate as a percentage, "-" when nothing was checked.
func RateText(r float64) string {
	if r < 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*r)
}

// ShareText is a similarity from 0 to 1, "-" when unknown.
func ShareText(r float64) string {
	if r < 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", r)
}

// percentile is the nearest-rank q-th percentile of ds (0 when empty).
func percentile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	rank := int(math.Ceil(q / 100 * float64(len(s))))
	return s[max(rank-1, 0)]
}

// stability is the mean over cases of the mean pairwise similarity of the
// case's replies; -1 when no case has two.
func stability(byCase map[int][]string) float64 {
	sum, n := 0.0, 0
	for _, texts := range byCase {
		if len(texts) < 2 {
			continue
		}
		words := make([][]string, len(texts))
		for i, t := range texts {
			words[i] = Words(t)
		}
		ws := newWordSets(words)
		pairSum, pairs := 0.0, 0
		for i := range words {
			for j := i + 1; j < len(words); j++ {
				pairSum += ws.similarity(i, j)
				pairs++
			}
		}
		sum += pairSum / float64(pairs)
		n++
	}
	if n == 0 {
		return -1
	}
	return sum / float64(n)
}

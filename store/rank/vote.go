package rank

import "fmt"

// Vote is one judgement between two or more targets.
type Vote struct {
	// Ranked lists the targets judged, best first. For a tie it lists them
	// in any order.
	Ranked []string
	// Tie: no target was preferred; every pair counts half a win each way.
	Tie bool
	// BothBad marks a tie where every reply was found wanting; it enters the
	// fit as a tie and is counted apart on the board.
	BothBad bool
	// Styles, when set, is the style of each answer, in Ranked's order:
	// the covariates of the style-controlled fit (style.go).
	Styles []Style
}

// Better is a vote between two targets that a won.
func Better(a, b string) Vote { return Vote{Ranked: []string{a, b}} }

// Tied is a vote that found a and b equal.
func Tied(a, b string) Vote { return Vote{Ranked: []string{a, b}, Tie: true} }

// check says what is wrong with v, naming the rule.
func (v Vote) check() error {
	if len(v.Ranked) < 2 {
		return fmt.Errorf("vote: ranked: want at least 2 targets, got %d", len(v.Ranked))
	}
	seen := make(map[string]bool, len(v.Ranked))
	for _, t := range v.Ranked {
		if t == "" {
			return fmt.Errorf("vote: ranked: an empty target name")
		}
		if seen[t] {
			return fmt.Errorf("vote: ranked: %q appears twice", t)
		}
		seen[t] = true
	}
	return nil
}

// game is one pairwise outcome: i scored s against j (1 win, ½ tie, 0 loss).
type game struct {
	i, j int
	s    float64
}

// games expands a vote whose targets are indexed by idx into its pairs.
func (v Vote) games(idx map[string]int, out []game) []game {
	for a := 0; a < len(v.Ranked); a++ {
		for b := a + 1; b < len(v.Ranked); b++ {
			s := 1.0
			if v.Tie || v.BothBad {
				s = 0.5
			}
			out = append(out, game{idx[v.Ranked[a]], idx[v.Ranked[b]], s})
		}
	}
	return out
}

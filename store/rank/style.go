package rank

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Style control. Public arenas found that longer, more formatted answers
// win votes whatever they say, so beside the plain fit the board fits a
// second Bradley–Terry model with the answers' style as covariates, as
// LMSYS's "style control" (August 2024) describes: the log-odds that a
// beats b are
//
//	θ_a − θ_b + Σ_k β_k · d_k,   d_k = (x_ak − x_bk) / (x_ak + x_bk)
//
// for each style feature x_k (tokens, headers, bold spans, list items;
// d_k = 0 when both are 0). It is a logistic regression of the pair's
// outcome on target indicators and style differences; θ is then each
// target's strength with style held equal, and β_k what a feature is
// worth. The θ carry the plain fit's prior (virtual draws against a
// reference); the β a small ridge, so a feature no answer has (no
// headers anywhere) gets 0 rather than no answer.

// Style is what an answer looks like: the covariates of the fit.
type Style struct {
	Tokens  float64 `json:"tokens"`
	Headers float64 `json:"headers"`
	Bold    float64 `json:"bold"`
	Lists   float64 `json:"list_items"`
}

// features are a style's covariates in the order of styleNames.
func (s Style) features() [nStyle]float64 {
	return [nStyle]float64{s.Tokens, s.Headers, s.Bold, s.Lists}
}

// nStyle is the number of style covariates.
const nStyle = 4

// styleNames name the covariates as the board shows them.
var styleNames = [nStyle]string{"length", "headers", "bold", "list items"}

// styleRidge is the ridge on the β: a N(0, 1/0.1) prior, little beside
// tens of votes (a β of 1 is 58 points per doubling).
const styleRidge = 0.1

// perDoubling turns a β into points per doubling: an answer twice as
// long as the other has d = (2−1)/(2+1) = 1/3.
const perDoubling = 1.0 / 3

// StyleFit is the style-controlled board beside the plain one.
type StyleFit struct {
	// Entries are the targets' scores with style held equal, best first,
	// with 95% intervals from the likelihood's curvature and ranks as
	// ranges.
	Entries []Entry `json:"entries"`
	// Coefficients are what each style feature is worth.
	Coefficients []Coefficient `json:"coefficients"`
}

// Coefficient is one style feature's β, in points on the board's scale.
type Coefficient struct {
	Feature string  `json:"feature"` // length, headers, bold, list items
	Beta    float64 `json:"beta"`    // on the log-odds of the normalised difference
	// Points is the points an answer gains with twice the other's amount
	// (d = 1/3); Low and High its 95% interval.
	Points float64 `json:"points_per_doubling"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
}

// styledGame is a game with its answers' style differences.
type styledGame struct {
	game
	d [nStyle]float64
}

// styleDiff is the normalised difference of a and b's features.
func styleDiff(a, b Style) [nStyle]float64 {
	var d [nStyle]float64
	fa, fb := a.features(), b.features()
	for k := range d {
		if s := fa[k] + fb[k]; s > 0 {
			d[k] = (fa[k] - fb[k]) / s
		}
	}
	return d
}

// styledGames expands votes into games with style differences; false when
// a vote carries no styles (the fit needs every vote's).
func styledGames(votes []Vote, idx map[string]int) ([]styledGame, bool, error) {
	var out []styledGame
	for k, v := range votes {
		if v.Styles == nil {
			return nil, false, nil
		}
		if len(v.Styles) != len(v.Ranked) {
			return nil, false, fmt.Errorf("vote %d: styles: %d for %d targets: want one per target", k, len(v.Styles), len(v.Ranked))
		}
		for a := 0; a < len(v.Ranked); a++ {
			for b := a + 1; b < len(v.Ranked); b++ {
				s := 1.0
				if v.Tie || v.BothBad {
					s = 0.5
				}
				g := game{idx[v.Ranked[a]], idx[v.Ranked[b]], s}
				out = append(out, styledGame{game: g, d: styleDiff(v.Styles[a], v.Styles[b])})
			}
		}
	}
	return out, true, nil
}

// styleFit fits the style-controlled model to votes over the targets
// names (indexed by idx); nil when the votes carry no styles.
func styleFit(votes []Vote, names []string, idx map[string]int, opt Options) (*StyleFit, error) {
	gs, ok, err := styledGames(votes, idx)
	if err != nil || !ok || len(votes) == 0 {
		return nil, err
	}
	n := len(names)
	// Without a prior the θ have no fixed level (the likelihood does not
	// see a common shift): a vanishing one fixes it.
	prior := max(opt.Prior, 1e-9)
	w := fitStyled(gs, n, prior)
	m := n + nStyle
	h := make([]float64, m*m)
	styledGradHess(gs, n, prior, w, make([]float64, m), h)
	cov := invert(h, m)

	score := ratings(w[:n], nil)
	var block []float64 // the θ's covariance
	if cov != nil {
		block = make([]float64, n*n)
		for i := 0; i < n; i++ {
			copy(block[i*n:(i+1)*n], cov[i*m:i*m+n])
		}
	}
	wald := newSpread(block, n)
	f := &StyleFit{}
	for i, name := range names {
		hw := wald.centered(i)
		f.Entries = append(f.Entries, Entry{Target: name, Score: score[i], Low: score[i] - hw, High: score[i] + hw})
	}
	slices.SortStableFunc(f.Entries, func(x, y Entry) int {
		return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(x.Target, y.Target))
	})
	rankRanges(f.Entries)
	for k, name := range styleNames {
		b := w[n+k]
		c := Coefficient{Feature: name, Beta: b, Points: eloScale * perDoubling * b}
		c.Low, c.High = c.Points, c.Points
		if cov != nil {
			hw := z95 * eloScale * perDoubling * math.Sqrt(max(cov[(n+k)*m+n+k], 0))
			c.Low, c.High = c.Points-hw, c.Points+hw
		}
		f.Coefficients = append(f.Coefficients, c)
	}
	return f, nil
}

// fitStyled maximises the style model's log-likelihood (styledLoglik) by
// Newton's method, a step halved while it would lower it. The result is
// θ (n) then β (nStyle).
func fitStyled(gs []styledGame, n int, prior float64) []float64 {
	m := n + nStyle
	w := make([]float64, m)
	g := make([]float64, m)
	h := make([]float64, m*m)
	next := make([]float64, m)
	cur := styledLoglik(gs, n, prior, w)
	for iter := 0; iter < fitMaxIter; iter++ {
		styledGradHess(gs, n, prior, w, g, h)
		if !cholSolve(h, m, m, g) {
			break
		}
		full := 0.0
		for _, v := range g {
			full = max(full, math.Abs(v))
		}
		step := 1.0
		for {
			for i := range next {
				next[i] = w[i] + step*g[i]
			}
			l := styledLoglik(gs, n, prior, next)
			if l >= cur-1e-12 || step < 1e-6 {
				cur = l
				break
			}
			step /= 2
		}
		copy(w, next)
		if full*step < fitTol {
			break
		}
	}
	return w
}

// logit is the model's log-odds that g's first target wins.
func (g styledGame) logit(w []float64, n int) float64 {
	z := w[g.i] - w[g.j]
	for k, d := range g.d {
		z += w[n+k] * d
	}
	return z
}

// styledLoglik is Σ s·log σ(z) + (1−s)·log σ(−z) over the games, plus
// the prior's virtual draws on θ and the ridge on β.
func styledLoglik(gs []styledGame, n int, prior float64, w []float64) float64 {
	l := 0.0
	for _, g := range gs {
		z := g.logit(w, n)
		l -= g.s*logAddExp(0, -z) + (1-g.s)*logAddExp(0, z)
	}
	for i := 0; i < n; i++ {
		l += prior * (w[i]/2 - logAddExp(w[i], 0))
	}
	for k := 0; k < nStyle; k++ {
		l -= styleRidge / 2 * w[n+k] * w[n+k]
	}
	return l
}

// styledGradHess writes the log-likelihood's gradient into g and minus its
// Hessian into h (m×m, m = n+nStyle).
func styledGradHess(gs []styledGame, n int, prior float64, w, g, h []float64) {
	m := n + nStyle
	clear(g)
	clear(h)
	var x [2 + nStyle]float64 // the game's non-zero features
	var at [2 + nStyle]int    // and where they are
	for _, gm := range gs {
		p := sigmoid(gm.logit(w, n))
		r, v := gm.s-p, p*(1-p)
		x[0], at[0], x[1], at[1] = 1, gm.i, -1, gm.j
		for k, d := range gm.d {
			x[2+k], at[2+k] = d, n+k
		}
		for a := range x {
			g[at[a]] += r * x[a]
			for b := range x {
				h[at[a]*m+at[b]] += v * x[a] * x[b]
			}
		}
	}
	for i := 0; i < n; i++ {
		p := sigmoid(w[i])
		g[i] += prior * (0.5 - p)
		h[i*m+i] += prior * p * (1 - p)
	}
	for k := 0; k < nStyle; k++ {
		g[n+k] -= styleRidge * w[n+k]
		h[(n+k)*m+n+k] += styleRidge
	}
}

// invert is the inverse of the positive definite m×m matrix h (which it
// overwrites); nil when it is not.
func invert(h []float64, m int) []float64 {
	if !cholFactor(h, m, m) {
		return nil
	}
	inv := make([]float64, m*m)
	col := make([]float64, m)
	for j := 0; j < m; j++ {
		clear(col)
		col[j] = 1
		cholSubst(h, m, m, col)
		for i := range col {
			inv[i*m+j] = col[i]
		}
	}
	return inv
}

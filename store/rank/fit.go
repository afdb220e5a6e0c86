package rank

import "math"

// tally is the sufficient statistic of a set of games over n targets: how
// often each pair met and how much each target scored in all.
type tally struct {
	n     int
	games []float64 // games[i*n+j] == games[j*n+i]: games between i and j
	score []float64 // score[i]: wins plus half the ties of target i
}

func newTally(n int) *tally {
	return &tally{n: n, games: make([]float64, n*n), score: make([]float64, n)}
}

func (t *tally) reset() {
	clear(t.games)
	clear(t.score)
}

// add counts w copies of the games gs.
func (t *tally) add(gs []game, w float64) {
	for _, g := range gs {
		t.games[g.i*t.n+g.j] += w
		t.games[g.j*t.n+g.i] += w
		t.score[g.i] += w * g.s
		t.score[g.j] += w * (1 - g.s)
	}
}

// fitTol is the largest Newton step of any log-strength at which the fit
// stops: far below what a score of four digits can show.
const fitTol = 1e-10

// fitMaxIter bounds the fit; Newton's method reaches fitTol in a handful of
// steps from zero and in two or three from a bootstrap's warm start.
const fitMaxIter = 100

// trustStep is the longest Newton step (in any log-strength) taken without
// checking that it raises the likelihood: within it the quadratic model of
// ℓ is close (its third derivative is at most 0.1 per game).
const trustStep = 0.5

// fit returns the maximum-likelihood log-strengths θ for t, each target
// having played prior drawn games against a reference of strength 1 (see the
// package comment), by Newton's method on the log-likelihood
//
//	ℓ(θ) = Σ_i W_i θ_i − Σ_{i<j} n_ij log(e^θi + e^θj)
//	       + prior · Σ_i (θ_i/2 − log(1 + e^θi))
//
// which is concave, strictly so with a prior; a step that would lower ℓ is
// halved until it does not. (Hunter's MM iteration, tried first, needed
// thousands of rounds on near-equal targets: 15 s for a 1000-round
// bootstrap of 5,000 votes over 12 targets.) With prior 0 the last target
// is held at θ = 0 (the likelihood does not see a common shift); a target
// with no win then has no finite maximum: callers use a prior. start, when
// not nil, is a starting point (the full fit, for a bootstrap round) and is
// overwritten with the result.
func fit(t *tally, prior float64, start []float64) []float64 {
	n := t.n
	th := start
	if th == nil {
		th = make([]float64, n)
	}
	m := n // the free variables
	if prior == 0 {
		m = n - 1
	}
	g := make([]float64, n)
	h := make([]float64, n*n)
	next := make([]float64, n)
	cur := math.NaN() // ℓ at th, read only when a long step is checked
	for iter := 0; iter < fitMaxIter && m > 0; iter++ {
		gradHess(t, prior, th, g, h)
		d := g[:m] // solved in place: (−H) d = ∇ℓ on the free variables
		if !cholSolve(h, n, m, d) {
			break // singular: a target with no games and no prior
		}
		full := 0.0
		for _, v := range d {
			full = max(full, math.Abs(v))
		}
		step := 1.0
		for {
			copy(next, th)
			for i := range d {
				next[i] += step * d[i]
			}
			// Near the maximum (a bootstrap round starts there) Newton's
			// full step is safe and ℓ, the costliest part, goes unread.
			if full*step < trustStep {
				cur = math.NaN()
				break
			}
			if math.IsNaN(cur) {
				cur = loglik(t, prior, th)
			}
			if l := loglik(t, prior, next); l >= cur-1e-12 || step < 1e-6 {
				cur = l
				break
			}
			step /= 2
		}
		moved := full * step
		copy(th, next)
		if moved < fitTol {
			break
		}
	}
	return th
}

// loglik is ℓ(θ) of fit's comment.
func loglik(t *tally, prior float64, th []float64) float64 {
	n := t.n
	l := 0.0
	for i := 0; i < n; i++ {
		l += t.score[i]*th[i] + prior*(th[i]/2-logAddExp(th[i], 0))
		for j := i + 1; j < n; j++ {
			if g := t.games[i*n+j]; g != 0 {
				l -= g * logAddExp(th[i], th[j])
			}
		}
	}
	return l
}

// logAddExp is log(e^a + e^b) without overflow.
func logAddExp(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	return a + math.Log1p(math.Exp(b-a))
}

// gradHess writes ∇ℓ into g and −∇²ℓ (positive semi-definite) into h.
func gradHess(t *tally, prior float64, th, g, h []float64) {
	n := t.n
	clear(h)
	for i := 0; i < n; i++ {
		p := sigmoid(th[i])
		g[i] = t.score[i] + prior*(0.5-p)
		h[i*n+i] = prior * p * (1 - p)
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			c := t.games[i*n+j]
			if c == 0 {
				continue
			}
			p := sigmoid(th[i] - th[j])
			g[i] -= c * p
			g[j] -= c * (1 - p)
			w := c * p * (1 - p)
			h[i*n+i] += w
			h[j*n+j] += w
			h[i*n+j] -= w
			h[j*n+i] -= w
		}
	}
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// cholSolve solves A x = b in place of b, for A the leading m×m block of the
// n×n matrix a (overwritten by its Cholesky factor). False when A is not
// positive definite.
func cholSolve(a []float64, n, m int, b []float64) bool {
	if !cholFactor(a, n, m) {
		return false
	}
	cholSubst(a, n, m, b)
	return true
}

// cholFactor overwrites the lower triangle of a's leading m×m block with
// its Cholesky factor L (A = L Lᵀ).
func cholFactor(a []float64, n, m int) bool {
	for j := 0; j < m; j++ {
		s := a[j*n+j]
		for k := 0; k < j; k++ {
			s -= a[j*n+k] * a[j*n+k]
		}
		if s <= 1e-300 {
			return false
		}
		s = math.Sqrt(s)
		a[j*n+j] = s
		for i := j + 1; i < m; i++ {
			v := a[i*n+j]
			for k := 0; k < j; k++ {
				v -= a[i*n+k] * a[j*n+k]
			}
			a[i*n+j] = v / s
		}
	}
	return true
}

// cholSubst solves L Lᵀ x = b in place of b, L from cholFactor.
func cholSubst(a []float64, n, m int, b []float64) {
	for i := 0; i < m; i++ { // L y = b
		v := b[i]
		for k := 0; k < i; k++ {
			v -= a[i*n+k] * b[k]
		}
		b[i] = v / a[i*n+i]
	}
	for i := m - 1; i >= 0; i-- { // Lᵀ x = y
		v := b[i]
		for k := i + 1; k < m; k++ {
			v -= a[k*n+i] * b[k]
		}
		b[i] = v / a[i*n+i]
	}
}

// covariance is the inverse of −∇²ℓ at th: the normal approximation to the
// log-strengths' covariance. Nil without a prior (the Hessian is singular:
// the likelihood does not see a common shift).
func covariance(t *tally, prior float64, th []float64) []float64 {
	n := t.n
	if prior == 0 {
		return nil
	}
	g := make([]float64, n)
	h := make([]float64, n*n)
	gradHess(t, prior, th, g, h)
	return invert(h, n)
}

// eloScale turns natural-log strengths into points: 400 per factor of ten.
const eloScale = 400 / math.Ln10

// ratings turns log-strengths into scores averaging 1000, into out.
func ratings(logp []float64, out []float64) []float64 {
	mean := 0.0
	for _, v := range logp {
		mean += v
	}
	mean /= float64(len(logp))
	out = out[:0]
	for _, v := range logp {
		out = append(out, 1000+eloScale*(v-mean))
	}
	return out
}

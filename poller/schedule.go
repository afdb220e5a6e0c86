package poller

import (
	"math/rand/v2"
	"time"
)

// DefaultSchedule is how long to wait before the next status poll of a task
// of the given age: 1 s for the first 10 s (short tasks are noticed at
// once), then a quick rise to 2.8 s, held until the task is two minutes old,
// then a slow rise to 5 s at five minutes, each jittered by ±20% so that
// tasks submitted together do not poll in step. PROTOCOLS.md 5.9 suggests
// 1–2 s at first and 3–5 s later; 2.8 s keeps the completion of a task
// lasting 30–120 s noticed within 3 s at the 95th percentile while sending
// under a quarter of the requests of the queue's own client, which polls
// every 500 ms (BENCHMARKS.md, "Video poller").
func DefaultSchedule(age time.Duration) time.Duration {
	return jitter(interval(age), 0.2)
}

// interval is DefaultSchedule without jitter.
func interval(age time.Duration) time.Duration {
	const (
		quick   = time.Second
		steady  = 2800 * time.Millisecond
		slow    = 5 * time.Second
		quickTo = 10 * time.Second
		riseTo  = 20 * time.Second
		holdTo  = 2 * time.Minute
		slowAt  = 5 * time.Minute
	)
	switch {
	case age < quickTo:
		return quick
	case age < riseTo:
		return quick + ramp(steady-quick, age-quickTo, riseTo-quickTo)
	case age < holdTo:
		return steady
	case age < slowAt:
		return steady + ramp(slow-steady, age-holdTo, slowAt-holdTo)
	}
	return slow
}

// ramp is the share done/span of total.
func ramp(total, done, span time.Duration) time.Duration {
	return time.Duration(float64(total) * float64(done) / float64(span))
}

// jitter spreads d uniformly over d·(1±share).
func jitter(d time.Duration, share float64) time.Duration {
	return jitterBy(d, share, rand.Float64())
}

// jitterBy is jitter with the random draw u in [0, 1) given.
func jitterBy(d time.Duration, share, u float64) time.Duration {
	return time.Duration(float64(d) * (1 - share + 2*share*u))
}

// Waits after a failed request: doubling from 2 s to a minute for failures
// that may pass, five minutes for those that will not pass by themselves (a
// wrong key, a task the service does not know).
const (
	backoffFirst = 2 * time.Second
	backoffMax   = time.Minute
	stuckWait    = 5 * time.Minute
)

// backoff is the wait after the n-th failure in a row (n ≥ 1), jittered.
func backoff(n int) time.Duration {
	d := backoffFirst << min(n-1, 5)
	return jitter(min(d, backoffMax), 0.2)
}

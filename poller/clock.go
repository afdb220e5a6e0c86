package poller

import (
	"math"
	"time"
)

// pacer is the request budget every task shares: a token bucket holding one
// token, refilled at rate tokens per second. Requests therefore start at
// least 1/rate apart, so that no second ever holds more than rate of them,
// however many tasks are due at once. A 429 with Retry-After holds every
// request until it has passed.
type pacer struct {
	gap  time.Duration // 1/rate, rounded up
	next time.Time     // the earliest start of the next request
}

func newPacer(rate float64) pacer {
	return pacer{gap: time.Duration(math.Ceil(float64(time.Second) / rate))}
}

// take spends the token at now and reports true, or reports when the next
// token is ready.
func (p *pacer) take(now time.Time) (time.Time, bool) {
	if now.Before(p.next) {
		return p.next, false
	}
	p.next = now.Add(p.gap)
	return time.Time{}, true
}

// hold keeps every request back until t.
func (p *pacer) hold(t time.Time) {
	if t.After(p.next) {
		p.next = t
	}
}

package batch

import "time"

// Clock is the runner's time: the waits for a family's Retry-After and for
// backoffs go through After, so a test drives them with a simulated clock
// (clienttest.InstantClock) and spends none of them. It has the shape of
// the poller's Clock.
type Clock interface {
	Now() time.Time
	// After returns a channel that receives once d has passed.
	After(d time.Duration) <-chan time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time                         { return time.Now() }
func (systemClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

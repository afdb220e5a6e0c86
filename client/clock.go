package client

import "time"

// Clock is the time of the waits that the client's callers run around it:
// the video poller's schedule and the batch runner's Retry-After and
// backoffs. Each waits only through After, so a test or a benchmark
// drives a simulated clock (clienttest.InstantClock) and spends none of
// the time. It lives here, beside the client's own Timer, because both
// callers import the client and neither may import the other.
type Clock interface {
	Now() time.Time
	// After returns a channel that receives once d has passed.
	After(d time.Duration) <-chan time.Time
}

// SystemClock is the real time: the Clock of a caller that sets none.
type SystemClock struct{}

// Now is time.Now.
func (SystemClock) Now() time.Time { return time.Now() }

// After is time.After.
func (SystemClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

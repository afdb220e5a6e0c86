package framebench

import (
	"runtime"
	"slices"
	"testing"
	"time"
)

// Laps times one frame after another: the wall time and the work (the
// thread's CPU time) of each. Start locks the goroutine to its thread, so
// that the thread's clock counts this goroutine alone; Stop unlocks it.
type Laps struct {
	Walls, Works []time.Duration
	t0           time.Time
	w0           time.Duration
}

// Start locks the goroutine to its thread and starts the first lap.
func (l *Laps) Start() {
	runtime.LockOSThread()
	l.Restart()
}

// Restart starts a lap now, leaving out what came since the last one.
func (l *Laps) Restart() { l.t0, l.w0 = time.Now(), Thread() }

// Lap ends the lap under way, and starts the next.
func (l *Laps) Lap() {
	t1, w1 := time.Now(), Thread()
	l.Walls, l.Works = append(l.Walls, t1.Sub(l.t0)), append(l.Works, w1-l.w0)
	l.t0, l.w0 = t1, w1
}

// Stop unlocks the goroutine from its thread.
func (l *Laps) Stop() { runtime.UnlockOSThread() }

// Report reports the percentiles of the laps, per what: wall time as
// "p99-ms/what" and the like, the work as "cpu-p99-ms/what".
func (l *Laps) Report(b *testing.B, what string) {
	Percentiles(b, "", what, l.Walls)
	Percentiles(b, "cpu-", what, l.Works)
}

// Percentiles reports the median, 99th percentile and maximum of ds, in
// milliseconds, as prefix+"p50-ms/"+what and so on. It reports nothing when
// ds are all zero: a clock not read on this platform.
func Percentiles(b *testing.B, prefix, what string, ds []time.Duration) {
	if len(ds) == 0 {
		return
	}
	ds = slices.Sorted(slices.Values(ds))
	if ds[len(ds)-1] == 0 {
		return
	}
	p := func(q float64) float64 {
		return float64(ds[min(len(ds)-1, int(q*float64(len(ds))))]) / float64(time.Millisecond)
	}
	b.ReportMetric(p(0.50), prefix+"p50-ms/"+what)
	b.ReportMetric(p(0.99), prefix+"p99-ms/"+what)
	b.ReportMetric(p(1), prefix+"max-ms/"+what)
}

// ProcessCPU reports the process's CPU time per op since p0, a reading of
// Process, as "cpu-ms/op".
func ProcessCPU(b *testing.B, p0 time.Duration) {
	if d := Process() - p0; d > 0 {
		b.ReportMetric(float64(d)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}

package poller

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"atelier/client"
	"atelier/client/sim"
	"atelier/store"
	"atelier/store/storetest"
)

// officialInterval is how often the queue's official JS client polls
// (PROTOCOLS.md 5.9): the baseline.
const officialInterval = 500 * time.Millisecond

// fleetResult is what one schedule cost and achieved over a fleet of tasks.
type fleetResult struct {
	statusPerTask float64       // status requests per task
	p95, max      time.Duration // from a task's completion to the poll that saw it
}

// fleet runs n tasks with durations spread evenly over 30–120 s of
// simulated time, once per schedule, side by side on one fake clock: each
// schedule has its own poller and store, and the same tasks on the same
// simulators. Each task has a simulator of its own, since a simulated
// task's length is seven steps of its simulator's pace. The budget and the
// slots are wide, so that only the schedule decides when polls go out.
func fleet(tb testing.TB, n int, schedules ...func(time.Duration) time.Duration) []fleetResult {
	tb.Helper()
	clk := newFakeClock()
	mux := http.NewServeMux()
	durations := make([]time.Duration, n)
	for i := range n {
		durations[i] = 30*time.Second + time.Duration(float64(90*time.Second)*float64(i)/float64(max(n-1, 1)))
		s := sim.New(sim.Options{Pace: durations[i] / 7, Clock: clk.Now})
		tb.Cleanup(s.Close)
		prefix := fmt.Sprintf("/s%d", i)
		mux.Handle(prefix+"/", http.StripPrefix(prefix, s))
	}
	var mu sync.Mutex
	polls := map[string][]hit{} // status requests by request id
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		at := clk.Now()
		cw := &codeWriter{ResponseWriter: w}
		mux.ServeHTTP(cw, r)
		if rest, ok := strings.CutSuffix(r.URL.Path, "/status"); ok {
			id := rest[strings.LastIndex(rest, "/")+1:]
			mu.Lock()
			polls[id] = append(polls[id], hit{at: at, code: cw.code})
			mu.Unlock()
		}
	}))
	tb.Cleanup(srv.Close)

	ctx := context.Background()
	ps := make([]*Session, len(schedules))
	ids := make([][]string, len(schedules))
	for k, sched := range schedules {
		st := storetest.Open(tb, "")
		for i := range n {
			c, _ := client.New(fmt.Sprintf("%s/s%d", srv.URL, i), client.Keys{Queue: "k"})
			h, err := c.SubmitVideo(ctx, client.VideoRequest{Path: "videoa/q1/text-to-video", Body: map[string]any{"prompt": fmt.Sprintf("task %d of schedule %d", i, k)}})
			if err != nil {
				tb.Fatal(err)
			}
			if _, err := st.AddVideoTask(ctx, store.VideoSubmission{RequestID: h.RequestID, Endpoint: h.Endpoint,
				StatusURL: h.StatusURL, ResponseURL: h.ResponseURL, SubmittedAt: clk.Now()}); err != nil {
				tb.Fatal(err)
			}
			ids[k] = append(ids[k], h.RequestID)
		}
		c, _ := client.New(srv.URL, client.Keys{Queue: "k"})
		ps[k] = NewSession(c, st, Options{Clock: clk, Schedule: sched, Concurrency: 64, MaxRequestsPerSecond: 1e5})
	}
	r := &rig{clk: clk}
	ends := make([]int, len(ps))
	for k := range ends {
		ends[k] = n
	}
	r.runPollers(tb, time.Hour, ends, ps...)

	out := make([]fleetResult, len(schedules))
	for k := range schedules {
		var total int
		var delays []time.Duration
		for i, id := range ids[k] {
			hs := polls[id]
			total += len(hs)
			seen := slices.IndexFunc(hs, func(h hit) bool { return h.code == http.StatusOK })
			if seen < 0 {
				tb.Fatalf("task %s: completion never seen", id)
			}
			delays = append(delays, hs[seen].at.Sub(epoch.Add(durations[i])))
		}
		slices.Sort(delays)
		out[k] = fleetResult{statusPerTask: float64(total) / float64(n),
			p95: delays[int(math.Ceil(0.95*float64(n)))-1], max: delays[n-1]}
	}
	return out
}

func fixed(d time.Duration) func(time.Duration) time.Duration {
	return func(time.Duration) time.Duration { return d }
}

// BenchmarkPollRequests compares the default schedule with polling every
// 500 ms, on 200 tasks lasting 30–120 s of simulated time. Reproduce:
//
//	go test -run x -bench PollRequests -benchtime 3x ./poller/
func BenchmarkPollRequests(b *testing.B) {
	var sum [2]fleetResult
	runs := 0
	for b.Loop() {
		r := fleet(b, 200, DefaultSchedule, fixed(officialInterval))
		for k := range r {
			sum[k].statusPerTask += r[k].statusPerTask
			sum[k].p95 += r[k].p95
			sum[k].max = max(sum[k].max, r[k].max)
		}
		runs++
	}
	adaptive, base := sum[0], sum[1]
	b.ReportMetric(adaptive.statusPerTask/float64(runs), "adaptive-polls/task")
	b.ReportMetric(base.statusPerTask/float64(runs), "fixed500ms-polls/task")
	b.ReportMetric(adaptive.statusPerTask/base.statusPerTask, "ratio")
	b.ReportMetric(adaptive.p95.Seconds()/float64(runs), "adaptive-p95-s")
	b.ReportMetric(base.p95.Seconds()/float64(runs), "fixed500ms-p95-s")
	b.ReportMetric(adaptive.max.Seconds(), "adaptive-max-s")
}

// TestScheduleMeetsItsTarget holds the default schedule to the target of
// issue 8: at most a quarter of the status requests of polling every
// 500 ms, with completion noticed within 3 s at the 95th percentile. The
// jitter is seeded, so runs differ only in the order in which concurrent
// polls draw from it. The baseline is counted, not run (the benchmark runs
// it): polling every 500 ms from submission sees a task of length D
// complete at poll ⌊D/500 ms⌋+1.
func TestScheduleMeetsItsTarget(t *testing.T) {
	t.Parallel()
	const n = 100
	rng := rand.New(rand.NewPCG(8, 8))
	var mu sync.Mutex
	seeded := func(age time.Duration) time.Duration {
		mu.Lock()
		defer mu.Unlock()
		return jitterBy(interval(age), 0.2, rng.Float64())
	}
	r := fleet(t, n, seeded)[0]
	base := 0.0
	for i := range n {
		d := 30*time.Second + time.Duration(float64(90*time.Second)*float64(i)/float64(n-1))
		base += float64(d/officialInterval + 1)
	}
	base /= n
	ratio := r.statusPerTask / base
	t.Logf("default schedule: %.1f polls/task, p95 %v, max %v; every 500 ms: %.1f polls/task; ratio %.3f",
		r.statusPerTask, r.p95, r.max, base, ratio)
	if ratio > 0.25 || r.p95 > 3*time.Second {
		t.Errorf("ratio %.3f (target ≤ 0.25), p95 %v (target ≤ 3s)", ratio, r.p95)
	}
}

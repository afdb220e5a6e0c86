package poller

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"atelier/assets"
	"atelier/client"
	"atelier/client/sim"
	"atelier/store"
)

// The restart test runs a poller in a child process (this test binary,
// re-executed with childEnv set), kills it with SIGKILL at a chosen moment,
// and finishes the task with a poller in the test's own process.

const childEnv = "ATELIER_POLLER_CHILD" // "DATADIR BASEURL"

func TestMain(m *testing.M) {
	if v := os.Getenv(childEnv); v != "" {
		os.Exit(restartChild(v))
	}
	os.Exit(m.Run())
}

// restartChild polls the tasks of a data directory and prints what it
// sees: "status IN_PROGRESS", "saved N" (bytes of the video in the partial
// file), "done". It runs until killed, or gives up after half a minute.
func restartChild(arg string) int {
	dir, base, _ := strings.Cut(arg, " ")
	st, err := store.Open(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	c, err := client.New(base, client.Keys{Queue: queueKey})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p := NewSession(c, st, Options{Schedule: quickSchedule, MaxRequestsPerSecond: 200})
	go p.Run(ctx)
	for u := range p.Updates() {
		switch {
		case u.Done:
			fmt.Println("done")
		case u.Downloaded > 0:
			fmt.Println("saved", u.Downloaded)
		case u.Err == nil:
			fmt.Println("status", u.Status)
		}
	}
	return 1
}

// quickSchedule polls every few milliseconds of real time.
func quickSchedule(time.Duration) time.Duration { return 5 * time.Millisecond }

// settableClock is the simulator's time, moved by the test.
type settableClock struct{ ns atomic.Int64 }

func (c *settableClock) now() time.Time      { return time.Unix(0, c.ns.Load()) }
func (c *settableClock) set(t time.Time)     { c.ns.Store(t.UnixNano()) }
func (c *settableClock) add(d time.Duration) { c.ns.Add(int64(d)) }

// download is one GET of the video: where it started, and bytes served.
type download struct {
	from   int64
	served int64
}

func TestRestartDownloadsOnce(t *testing.T) {
	tests := []struct {
		name   string
		start  time.Duration // the simulated task's age when the child starts
		killAt string        // the child's line at which it is killed
		holdUp bool          // the first download sends half the file, then stalls
	}{
		{"killed while rendering", 3500 * time.Millisecond, "status IN_PROGRESS", false},
		{"killed mid-download", 10 * time.Second, "saved ", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testRestart(t, tt.start, tt.killAt, tt.holdUp)
		})
	}
}

func testRestart(t *testing.T, start time.Duration, killAt string, holdUp bool) {
	mp4 := assets.DemoMP4()
	clk := &settableClock{}
	clk.set(epoch)
	s := sim.New(sim.Options{Keys: map[string]string{"queue": queueKey}, Pace: time.Second, Clock: clk.now})
	var mu sync.Mutex
	var downloads []download
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/sim/media/") {
			s.ServeHTTP(w, r)
			return
		}
		var from int64
		if rng, ok := strings.CutPrefix(r.Header.Get("Range"), "bytes="); ok {
			from, _ = strconv.ParseInt(strings.TrimSuffix(rng, "-"), 10, 64)
		}
		mu.Lock()
		first := len(downloads) == 0
		downloads = append(downloads, download{from: from, served: int64(len(mp4)) - from})
		if first && holdUp {
			downloads[0].served = int64(len(mp4) / 2)
		}
		mu.Unlock()
		if first && holdUp {
			w.Header().Set("Content-Length", strconv.Itoa(len(mp4)))
			w.Write(mp4[:len(mp4)/2])
			w.(http.Flusher).Flush()
			<-r.Context().Done() // until the child is killed
			return
		}
		s.ServeHTTP(w, r)
	}))
	defer s.Close()
	defer srv.Close()

	dir := t.TempDir()
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c, _ := client.New(srv.URL, client.Keys{Queue: queueKey})
	ctx := context.Background()
	h, err := c.SubmitVideo(ctx, client.VideoRequest{Path: "videoa/q1/text-to-video", Body: map[string]any{"prompt": "harbour at dawn"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddVideoTask(ctx, store.VideoSubmission{RequestID: h.RequestID, Endpoint: h.Endpoint,
		StatusURL: h.StatusURL, ResponseURL: h.ResponseURL, ResponseJSON: h.Raw}); err != nil {
		t.Fatal(err)
	}
	clk.add(start)

	// The child polls until it prints killAt; then it is killed outright.
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), childEnv+"="+dir+" "+srv.URL)
	var stderr strings.Builder
	child.Stderr = &stderr
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	var seen []string
	for lines.Scan() && !strings.HasPrefix(lines.Text(), killAt) {
		seen = append(seen, lines.Text())
	}
	if !strings.HasPrefix(lines.Text(), killAt) {
		t.Fatalf("the child never printed %q; it printed %q; stderr: %s", killAt, seen, stderr.String())
	}
	child.Process.Kill()
	child.Wait()

	// A new poller, in this process, resumes from the store.
	clk.add(10 * time.Second)
	runCtx, stop := context.WithTimeout(ctx, 30*time.Second)
	defer stop()
	p := NewSession(c, st, Options{Schedule: quickSchedule, MaxRequestsPerSecond: 200})
	ran := make(chan error, 1)
	go func() { ran <- p.Run(runCtx) }()
	go func() {
		for range p.Updates() {
		}
	}()
	v, err := p.Wait(runCtx, h.RequestID)
	stop()
	<-ran
	if err != nil {
		t.Fatal(err)
	}
	checkSaved(t, st, h.RequestID)
	if !hasStatus(v, client.VideoCompleted) || (killAt == "status IN_PROGRESS" && !hasStatus(v, client.VideoInProgress)) {
		t.Errorf("the child's IN_PROGRESS or the COMPLETED status is not recorded: %d events", len(v.Events))
	}

	// Exactly one download started at byte 0; any other resumed past it,
	// and together they served the file once.
	mu.Lock()
	defer mu.Unlock()
	fresh, served := 0, int64(0)
	for _, d := range downloads {
		if d.from == 0 {
			fresh++
		}
		served += d.served
	}
	if fresh != 1 || (holdUp && len(downloads) != 2) || (!holdUp && len(downloads) != 1) {
		t.Fatalf("downloads %+v", downloads)
	}
	if holdUp && downloads[1].from > int64(len(mp4)/2) {
		t.Fatalf("resumed from %d, past the %d bytes sent", downloads[1].from, len(mp4)/2)
	}
	t.Logf("downloads %+v for a %d-byte video; the child printed %q then %q", downloads, len(mp4), seen, lines.Text())
}

func hasStatus(v store.VideoTask, status string) bool {
	for _, e := range v.Events {
		if e.Status == status {
			return true
		}
	}
	return false
}

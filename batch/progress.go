package batch

import (
	"fmt"
	"time"
)

// Progress is a batch run's state, sent to the listener at every change.
type Progress struct {
	BatchID int64
	Total   int // cells of the batch
	Done    int // done, in this run or an earlier one
	Failed  int
	Running int
	// Ran is the cells finished (done or failed) in this run; Rate is
	// their number per second of this run, and ETA the time left at that
	// rate (0 until a cell has finished).
	Ran     int
	Rate    float64
	ETA     time.Duration
	Elapsed time.Duration
	// Final is set on the last report of the run.
	Final bool
}

// Line is the progress in words, as the command line's progress line and
// the Batch tab's bar write it: "12/45 done, 2 failed, 4 running · 1.5
// cells/s · ETA 20s" (the failures only when there are, the rate once a
// cell has finished).
func (p Progress) Line() string {
	s := fmt.Sprintf("%d/%d done", p.Done, p.Total)
	if p.Failed > 0 {
		s += fmt.Sprintf(", %d failed", p.Failed)
	}
	s += fmt.Sprintf(", %d running", p.Running)
	if p.Rate > 0 {
		s += fmt.Sprintf(" · %.1f cells/s · ETA %s", p.Rate, p.ETA.Round(time.Second))
	}
	return s
}

// Left is the cells neither done nor failed.
func (p Progress) Left() int { return p.Total - p.Done - p.Failed }

// withRate fills Rate and ETA from Ran and Elapsed.
func (p Progress) withRate() Progress {
	if p.Ran > 0 && p.Elapsed > 0 {
		p.Rate = float64(p.Ran) / p.Elapsed.Seconds()
		p.ETA = time.Duration(float64(p.Left()) / p.Rate * float64(time.Second))
	}
	return p
}

// pump delivers the latest of in to out, dropping the reports a slow
// listener has not taken yet (it wants the state, not every step), and
// delivers the last one before closing out when in closes. The runner
// never waits for the listener; the listener must read out to its end.
func pump(in <-chan Progress, out chan<- Progress) {
	var cur Progress
	have := false
	for {
		var send chan<- Progress
		if have {
			send = out
		}
		select {
		case p, ok := <-in:
			if !ok {
				if have {
					out <- cur
				}
				close(out)
				return
			}
			cur, have = p, true
		case send <- cur:
			have = false
		}
	}
}

package main

import (
	"runtime"
	"runtime/metrics"
	"time"
)

// heapUse is what a run cost the Go heap, read with runtime/metrics.
type heapUse struct {
	peakObjects uint64 // the most heap object bytes seen (live and not yet swept): an upper bound of the live heap
	peakLive    uint64 // the largest live heap a collection found during the run
}

// measureHeap runs f while sampling the heap every half millisecond, and
// returns the peaks above what the heap held before.
func measureHeap(f func()) heapUse {
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	baseObjects, baseLive := s[0].Value.Uint64(), s[1].Value.Uint64()
	var use heapUse
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(500 * time.Microsecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			use.peakObjects = max(use.peakObjects, s[0].Value.Uint64()-min(baseObjects, s[0].Value.Uint64()))
			use.peakLive = max(use.peakLive, s[1].Value.Uint64()-min(baseLive, s[1].Value.Uint64()))
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	f()
	runtime.GC() // the live heap of the run's end, as the last collection sees it
	close(stop)
	<-done
	return use
}

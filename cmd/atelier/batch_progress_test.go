package main

import (
	"atelier/batch"
	"testing"
	"time"
)

func TestBatchProgressLine(t *testing.T) {
	t.Parallel()
	p := batch.Progress{BatchID: 3, Total: 45, Done: 12, Failed: 2, Running: 4}
	if got := batchProgressLine(p); got != "batch 3: 12/45 done, 2 failed, 4 running" {
		t.Errorf("before a rate: %q", got)
	}
	p.Rate, p.ETA = 1.54, 20400*time.Millisecond
	if got := batchProgressLine(p); got != "batch 3: 12/45 done, 2 failed, 4 running · 1.5 cells/s · ETA 20s" {
		t.Errorf("with a rate: %q", got)
	}
}

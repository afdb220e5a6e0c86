package compare

import (
	"testing"
	"time"

	"atelier/ui/internal/frameclock"
)

// TestColumnsLandOnRendererTicks: the columns of a run, the one on screen
// when the renderer's clock comes and those launched after, draw their
// frames on its ticks.
func TestColumnsLandOnRendererTicks(t *testing.T) {
	two := targets(t, "alpha:a", "beta:b")
	m := New(Options{})
	m, _ = m.launch(pendingRun{targets: two, prompt: "p"})
	sync := frameclock.SyncMsg{At: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	m, _ = m.Update(sync)
	want := frameclock.Sync(sync)
	for i, l := range m.run.lanes {
		if l.md.Clock() != want {
			t.Errorf("column %d of the run on screen: clock %v, want %v", i, l.md.Clock(), want)
		}
	}
	m, _ = m.launch(pendingRun{targets: two, prompt: "again"})
	for i, l := range m.run.lanes {
		if l.md.Clock() != want {
			t.Errorf("column %d of the next run: clock %v, want %v", i, l.md.Clock(), want)
		}
	}
}

package batch

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
)

// A run's report of a cell ended reads the open matrix again, so that the
// matrix follows the run: the read that opened it, once back, leaves no
// read counted as under way. (It did: the first read of a matrix was never
// counted back, and a run's matrix stayed as it opened until the run ended.)
func TestRunReadsTheMatrixAgain(t *testing.T) {
	for _, back := range []bool{false, true} {
		hs := openFixture(t, 120, 40)
		id := hs.m.mx.b.ID
		if back {
			// A read still under way when esc goes back to the list comes
			// back there, and the batch is opened again: the late read
			// leaves no count behind.
			late := loadMatrix(t.Context(), hs.m.db, id)
			hs.m, _ = hs.m.open(id)
			hs.Keys("esc")
			hs.Send(late)
			hs.Keys("enter")
			if hs.m.mx == nil {
				t.Fatalf("enter did not open the batch again:\n%s", hs.view())
			}
		}
		reports := make(chan engine.Progress, 1)
		reports <- engine.Progress{BatchID: id, Total: 18, Done: 2, Running: 1}
		hs.m.run = &running{id: id, cancel: func() {}, reports: reports}
		var cmd tea.Cmd
		hs.m, cmd = hs.m.Update(progressMsg{id: id, p: engine.Progress{BatchID: id, Total: 18, Done: 1, Running: 2}})
		reads := 0
		for _, msg := range hs.Results(cmd) {
			if l, ok := msg.(loadedMsg); ok && l.id == id {
				reads++
			}
		}
		if reads != 1 {
			t.Errorf("back to the list and in again %v: a cell ended and the matrix was read %d times, want once", back, reads)
		}
	}
}

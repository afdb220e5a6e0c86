package batch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/internal/homepath"
	"atelier/ui/components/sharepage"
)

// TestShareKey: P writes the batch, from its matrix or the list, as a
// page in the data folder's shares/, and the status line names it.
func TestShareKey(t *testing.T) {
	hs := openFixture(t, 120, 40)
	path := filepath.Join(sharepage.Dir(hs.m.db), "batch-1.html")
	for _, keys := range [][]string{{"P"}, {"esc", "P"}} { // the matrix, then the list
		hs.Out = nil
		os.Remove(path)
		hs.Keys(keys...)
		hs.NoErrors()
		if n := hs.Notices(); len(n) != 1 || n[0] != "shared "+homepath.Tilde(path) {
			t.Fatalf("%v: notices %q", keys, n)
		}
		b, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(b), "Batch 1: fixture") || !strings.Contains(string(b), "Matrix") {
			t.Errorf("%v: the page is not the batch's (%v)", keys, err)
		}
	}
}

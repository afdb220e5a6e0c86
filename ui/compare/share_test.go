package compare

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/internal/homepath"
	"atelier/ui/components/sharepage"
)

// TestShareKey: P writes the comparison shown as a page in the data
// folder's shares/, naming the file; a blind run waits for its vote.
func TestShareKey(t *testing.T) {
	t.Parallel()
	h := ran(t, "explain CRDTs", "alpha:a", "gamma:g:effort=low")
	h.Keys("tab", "5", "P")
	h.NoErrors()
	path := filepath.Join(sharepage.Dir(h.m.db), "compare-1.html")
	if n := h.Notices(); len(n) != 1 || n[0] != "shared "+homepath.Tilde(path) {
		t.Fatalf("notices %q", n)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "Lane 2 · gamma · g") || !strings.Contains(string(b), "★★★★★") {
		t.Errorf("the page lacks the lanes or the rating:\n%.3000s", b)
	}
}

func TestShareKeyWaitsForTheVote(t *testing.T) {
	t.Parallel()
	h, _ := blindRun(t, 2, 120, 40)
	h.Keys("P")
	if ns := h.Notices(); len(ns) != 1 || !strings.Contains(ns[0], "sharing come after the vote") {
		t.Fatalf("notices %q", ns)
	}
	if _, err := os.Stat(sharepage.Dir(h.m.db)); !os.IsNotExist(err) {
		t.Errorf("a page was written before the vote: %v", err)
	}
	h.Out = nil
	h.Keys("b", "P")
	if ns := h.Notices(); len(ns) < 2 || !strings.HasPrefix(ns[len(ns)-1], "shared ") {
		t.Errorf("after the vote: notices %q, errors %v", ns, h.Errors())
	}
}

package batch

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/ui/components/editor/editortest"
)

// TestPlanInTheEditor: ctrl+o in the path field of a file not there yet
// opens the starter in $EDITOR; what the editor leaves is saved to the
// path (its folder made) and run as enter runs a file. Editing it again
// starts from the file; a line the engine refuses is named, and the file
// keeps what was written.
func TestPlanInTheEditor(t *testing.T) {
	db := openStore(t)
	c, g := newSim(t)
	path := filepath.Join(t.TempDir(), "plans", "new.toml")
	script := editortest.Script(t, `grep -q 'name = "my batch"' "$f" || exit 9
sed -i 's/name = "my batch"/name = "planned here"/' "$f"`)
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", script)
	hs := newHarness(t, db, c, nil, 120, 40)
	hs.m.edit.editor.Exec = editortest.InPlace
	hs.Keys("n").Type(path).Keys("ctrl+o")
	hs.NoErrors()

	saved, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(saved), `name = "planned here"`) || !strings.Contains(string(saved), "{{topic}}") {
		t.Fatalf("the file saved: %q, %v", saved, err)
	}
	bs, err := db.Batches(context.Background(), 0)
	if err != nil || len(bs) != 1 || bs[0].Name != "planned here" || bs[0].Done != 4 {
		t.Fatalf("batches %+v, %v: want the starter's 2 topics × 2 targets done", bs, err)
	}
	if g.passed != 4 {
		t.Errorf("%d requests, want 4", g.passed)
	}
	if left := editortest.Leftovers(script); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}

	// Again, from the file: a repeats of 0 is refused with its line named;
	// the file keeps it, to be fixed at the next ctrl+o.
	broken := editortest.Script(t, `grep -q 'name = "planned here"' "$f" || exit 9
sed -i 's/^repeats = 1/repeats = 0/' "$f"`)
	t.Setenv("EDITOR", broken)
	hs.Keys("esc", "n", "ctrl+o")
	errs := hs.Errors()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "new.toml:") || !strings.Contains(errs[0].Error(), "repeats") {
		t.Fatalf("errors %v: want the line of repeats named", errs)
	}
	if kept, _ := os.ReadFile(path); !strings.Contains(string(kept), "repeats = 0") {
		t.Errorf("the edit was lost: %q", kept)
	}
	if g.passed != 4 {
		t.Errorf("a refused file sent %d requests", g.passed-4)
	}
}

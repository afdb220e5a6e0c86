package batch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	engine "atelier/batch"
)

// TestExportAsTheCommandLine: x writes the batch's Markdown report and CSV,
// from the list and from the matrix, byte for byte what `atelier batch
// export --md` and `--csv` write (issue 30).
func TestExportAsTheCommandLine(t *testing.T) {
	hs := openFixture(t, 120, 40)
	dir := t.TempDir()
	hs.m.exportDir = dir
	d, err := engine.LoadReport(context.Background(), hs.m.db, 1)
	if err != nil {
		t.Fatal(err)
	}
	var md, csv bytes.Buffer
	if err := d.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if err := d.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	for _, keys := range [][]string{{"x"}, {"esc", "x"}} { // the matrix, then the list
		hs.Out = nil
		hs.Keys(keys...)
		hs.NoErrors()
		if n := hs.Notices(); len(n) != 1 || !strings.Contains(n[0], "batch 1 exported: "+filepath.Join(dir, "batch-1.md")) {
			t.Fatalf("%v: notices %q", keys, n)
		}
		for path, want := range map[string][]byte{"batch-1.md": md.Bytes(), "batch-1.csv": csv.Bytes()} {
			got, err := os.ReadFile(filepath.Join(dir, path))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%v: %s is not the command line's (%v)", keys, path, err)
			}
			os.Remove(filepath.Join(dir, path))
		}
	}
	if !strings.Contains(md.String(), "# Batch 1: fixture") || !strings.Contains(csv.String(), "batch,cell,prompt") {
		t.Errorf("the report or the CSV is not the batch's:\n%s\n%s", md.String(), csv.String())
	}
}

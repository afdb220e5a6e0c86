package e2e

import (
	"atelier/client/sim/simtest"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// imageBatchFile is 2 prompts over 2 image models, once each.
const imageBatchFile = `name = "posters"
kind = "image"
targets = ["gamma/image-2:size=1024x1024,quality=low", "gamma/image-2.5-flare"]
[[prompts]]
text = "a poster of a lighthouse"
[[prompts]]
text = "a poster of a teapot"
`

// batch run and show handle an image batch: every cell's file in the
// media folder, listed by show (and --json), its path in the CSV export
// and the image in the Markdown report.
func TestImageBatchCommands(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	file := filepath.Join(t.TempDir(), "posters.toml")
	writeFile(t, file, imageBatchFile)

	r := atelier(t, svc.Env, "", "batch", "run", file, "--json")
	if r.code != 0 {
		t.Fatalf("run: exit %d: %s", r.code, r.stderr)
	}
	var out batchOut
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	if out.Done != 4 || out.Failed != 0 || len(out.Files) != 4 {
		t.Fatalf("run --json = %+v", out)
	}
	for _, f := range out.Files {
		if f.Status != "done" || !strings.Contains(f.File, "media") {
			t.Errorf("file %+v", f)
		}
		if _, err := os.Stat(f.File); err != nil {
			t.Errorf("cell %d's file: %v", f.Cell, err)
		}
	}

	show := atelier(t, svc.Env, "", "batch", "show", "1")
	if show.code != 0 || !strings.Contains(show.stdout, "CASE") || !strings.Contains(show.stdout, "gamma/image-2.5-flare") ||
		strings.Count(show.stdout, "media") != 4 {
		t.Errorf("show: exit %d:\n%s%s", show.code, show.stdout, show.stderr)
	}

	r = atelier(t, svc.Env, "", "batch", "export", "1", "--csv")
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil || len(rows) != 5 {
		t.Fatalf("csv: %v, %d rows", err, len(rows))
	}
	last := len(rows[0]) - 1
	if rows[0][last] != "file" || !strings.HasPrefix(rows[1][last-1], "image:") || rows[1][last] != out.Files[0].File {
		t.Errorf("csv header %v, first row %v", rows[0], rows[1])
	}
	r = atelier(t, svc.Env, "", "batch", "export", "1", "--md")
	if !strings.Contains(r.stdout, "![p1]("+out.Files[0].File+")") {
		t.Errorf("the report has no image:\n%s", r.stdout)
	}
}

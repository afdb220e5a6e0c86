package batch

import (
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"atelier/client/clienttest"
	"atelier/client/sim"
	"atelier/store"
	"atelier/store/price"
	"atelier/store/recipe"
)

const imageFile = `name = "posters"
kind = "image"
targets = ["gamma/image-2:size=1024x1024,quality=low", "gamma/image-2.5-flare:quality=high"]
repeats = 2
[vars]
subject = ["a lighthouse", "a teapot"]
[[checks]]
max_latency = "5m"
[[prompts]]
name = "poster"
text = "A poster of {{subject}}"
`

// An image batch parses its targets as image requests and refuses what
// an image cannot be asked or checked for, naming the line.
func TestImageBatchFile(t *testing.T) {
	p, err := Parse("posters.toml", []byte(imageFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsImage() || p.Cells() != 8 || p.Targets[1] != "gamma/image-2.5-flare:quality=high" {
		t.Fatalf("plan: %+v", p)
	}
	reqs, err := p.ImageTargets()
	if err != nil || reqs[0].Size != "1024x1024" || reqs[0].Quality != "low" || reqs[1].Model != "gamma/image-2.5-flare" {
		t.Fatalf("image targets: %+v, %v", reqs, err)
	}
	bad := []struct{ src, want string }{
		{strings.Replace(imageFile, "quality=low", "colour=red", 1), `posters.toml:3: targets[0]: image target "gamma/image-2:size=1024x1024,colour=red": unknown setting "colour"`},
		{strings.Replace(imageFile, "quality=high", "quality=ultra", 1), `posters.toml:3: targets[1]:`},
		{strings.Replace(imageFile, `max_latency = "5m"`, `contains = "x"`, 1), "an image batch checks only max_latency (got contains)"},
		{strings.Replace(imageFile, `kind = "image"`, `kind = "video"`, 1), `posters.toml:2: kind: must be "chat" (the default) or "image" (got "video")`},
		{"system = \"s\"\n" + imageFile, "posters.toml:1: system: an image batch has no system prompt"},
	}
	for _, b := range bad {
		_, err := Parse("posters.toml", []byte(b.src), nil)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("error %v, want %q", err, b.want)
		}
	}
}

// An image batch runs against the simulator: each cell is an image job in
// history, its file in the media folder with its recipe, its path on the
// cell; the latency check is judged; a resume sends nothing again.
func TestImageBatchRun(t *testing.T) {
	ctx := testCtx(t)
	w := newWatch(nil, nil)
	c, _ := newSim(t, sim.Options{}, func(h http.Handler) http.Handler { w.next = h; return w })
	db := openStore(t, t.TempDir())
	p, err := Parse("posters.toml", []byte(imageFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	id, err := Create(ctx, db, p, "posters.toml")
	if err != nil {
		t.Fatal(err)
	}
	final, err := Run(ctx, c, db, id, Options{Concurrency: 2})
	if err != nil || final.Done != 8 || final.Failed != 0 {
		t.Fatalf("run: %+v, %v", final, err)
	}
	if w.most["gamma"] > 2 {
		t.Errorf("%d image requests at once, limit 2", w.most["gamma"])
	}
	cells, err := db.BatchCells(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, cell := range cells {
		if cell.Status != store.CellDone || cell.ImageJobID == 0 || cell.Media == "" || cell.Passed == nil || !*cell.Passed {
			t.Fatalf("cell %d: %+v", cell.Cell, cell)
		}
		data, err := os.ReadFile(cell.Media)
		if err != nil {
			t.Fatalf("cell %d's file: %v", cell.Cell, err)
		}
		rc, err := recipe.Read(data)
		if err != nil || !strings.Contains(string(rc.Request), p.Cases[cell.Case].Text) {
			t.Errorf("cell %d's recipe: %v, %v", cell.Cell, rc, err)
		}
		job, err := db.ImageJob(ctx, cell.ImageJobID)
		if err != nil || job.Status != store.StatusComplete || job.Prompt != p.Cases[cell.Case].Text {
			t.Errorf("cell %d's job: %+v, %v", cell.Cell, job, err)
		}
		if !strings.Contains(cell.FirstLine, "media/") {
			t.Errorf("cell %d's first line %q is not its file", cell.Cell, cell.FirstLine)
		}
	}
	before := w.requests["gamma"]
	if again, err := Run(ctx, c, db, id, Options{}); err != nil || again.Done != 8 || w.requests["gamma"] != before {
		t.Errorf("resume of a done image batch: %+v, %v, %d requests more", again, err, w.requests["gamma"]-before)
	}
}

// The estimate of an image batch is one image per cell at its target's
// rates; a target without a price leaves no estimate.
func TestImageBatchEstimate(t *testing.T) {
	p, err := Parse("posters.toml", []byte(imageFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	table := price.Table{
		"gamma/image-2":         {Image: map[string]float64{"1024x1024/low": 0.01}},
		"gamma/image-2.5-flare": {Image: map[string]float64{"*/high": 0.10}},
	}
	if est := p.Estimate(table); est == nil || *est < 0.4399 || *est > 0.4401 {
		t.Errorf("estimate %v, want 4 × 0.01 + 4 × 0.10", est)
	}
	delete(table, "gamma/image-2")
	if est := p.Estimate(table); est != nil {
		t.Errorf("estimate %v with a target unpriced", *est)
	}
}

// An image cell told 429 waits out its Retry-After and is sent again; one
// refused outright (401) fails with the service's error, and neither a
// refusal nor a retried 429 leaves a file.
func TestImageBatchFailures(t *testing.T) {
	ctx := testCtx(t)
	src := `kind = "image"
targets = ["gamma/image-2"]
[[prompts]]
name = "busy"
text = "a kite [[fault:429x2:kite]]"
[[prompts]]
name = "denied"
text = "a boat [[fault:unauthorized]]"
`
	p, err := Parse("f.toml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := newSim(t, sim.Options{}, nil)
	db := openStore(t, t.TempDir())
	id, err := Create(ctx, db, p, "f.toml")
	if err != nil {
		t.Fatal(err)
	}
	clock := clienttest.NewInstantClock(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC))
	final, err := Run(ctx, c, db, id, Options{Clock: clock})
	if err != nil || final.Done != 1 || final.Failed != 1 {
		t.Fatalf("run: %+v, %v", final, err)
	}
	cells, _ := db.BatchCells(ctx, id)
	if busy := cells[0]; busy.Status != store.CellDone || busy.Attempts != 1 || busy.Media == "" {
		t.Errorf("the cell told 429: %+v", busy)
	}
	if denied := cells[1]; denied.Status != store.CellFailed || !strings.Contains(denied.Error, "401") || denied.Media != "" {
		t.Errorf("the refused cell: %+v", denied)
	}
	jobs, err := db.ImageJob(ctx, cells[1].ImageJobID)
	if err != nil || jobs.Status != store.StatusError {
		t.Errorf("the refused cell's job: %+v, %v", jobs, err)
	}
}

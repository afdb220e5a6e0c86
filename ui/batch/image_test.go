package batch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/store"
)

// An image batch runs from the tab against the simulator; its matrix shows
// each cell's file and a half-block thumbnail of it, read off the UI loop.
func TestImageBatchThumbnails(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	db, err := store.Open(filepath.Join(home, "data"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c, g := newSim(t)
	path := filepath.Join(home, "posters.toml")
	os.WriteFile(path, []byte(`kind = "image"
targets = ["gamma/image-2:size=1024x1024,quality=low", "gamma/image-2.5-flare"]
[[prompts]]
name = "hello"
text = "Say hello with a poster"
[[prompts]]
name = "bye"
text = "Say goodbye with a poster"
`), 0o600)
	hs := newHarness(t, db, c, nil, 120, 40)
	hs.runFile("~/posters.toml")
	hs.NoErrors()
	if g.prompts["Say hello"] != 2 || g.prompts["Say goodbye"] != 2 {
		t.Fatalf("requests: %v", g.prompts)
	}
	x := hs.m.mx
	if x == nil || x.b.Done != 4 {
		t.Fatalf("matrix: %+v", x)
	}
	v := hs.view()
	if n := strings.Count(v, ".png"); n != 4 { // the file's name; its folder is cut when the column is narrow
		t.Errorf("%d file paths on screen, want 4:\n%s", n, v)
	}
	if n := strings.Count(v, "▀"); n < 4*10 {
		t.Errorf("%d half blocks on screen: no thumbnails?\n%s", n, v)
	}
	for _, want := range []string{"● 1/1", "/image-"} {
		if !strings.Contains(v, want) {
			t.Errorf("matrix lacks %q:\n%s", want, v)
		}
	}
	hs.Keys("enter")
	if r := hs.view(); !strings.Contains(r, "repeat 1/1 · done · ") || !strings.Contains(r, "image job") || !strings.Contains(r, "file ~/data/media/") {
		t.Errorf("the cell's view:\n%s", r)
	}
	hs.Keys("esc")
	if len(hs.m.thumbs.lines) != 4 || len(hs.m.thumbs.inflight) != 0 {
		t.Errorf("thumbnails kept %d, in flight %d", len(hs.m.thumbs.lines), len(hs.m.thumbs.inflight))
	}
}

// A thumbnail whose file is gone says why, in its place.
func TestThumbnailOfAMissingFile(t *testing.T) {
	lines := renderThumb(thumbKey{path: filepath.Join(t.TempDir(), "gone.png"), cols: 20, rows: thumbRows})
	if len(lines) != 1 || !strings.Contains(lines[0], "gone.png") {
		t.Errorf("lines %q", lines)
	}
}

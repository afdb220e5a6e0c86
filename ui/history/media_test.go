package history

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"

	"atelier/store"
	"atelier/ui/tab/tabtest"
)

// TestDefaultCountNotShown: an image job whose n was left to the service
// (recorded as 0) does not read "n 0"; a count that was set does show.
func TestDefaultCountNotShown(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	id := tabtest.Must[int64](t)(f.db.AddImageJob(bg, store.ImageJobStart{Model: "gamma/image-2.5-flare", Prompt: "a quiet harbour at dawn",
		SettingsJSON: json.RawMessage(`{"size":"auto","quality":"","n":0,"stream":false}`)}))
	check(t, f.db.FinishImageJob(bg, id, store.ImageJobEnd{Total: time.Second}))
	hs := newHarness(t, f.db, 100, 40)
	view := hs.opened("quiet harbour")
	wantAll(t, view, "size", "auto")
	if regexp.MustCompile(`\bn +0\b`).MatchString(view) {
		t.Errorf("the default count shows as n 0:\n%s", view)
	}
	hs.Keys("esc")
	wantAll(t, hs.opened("watercolor"), "n        1")
}

// TestPreviewFollowsCellSize: a picture's preview keeps the image's
// proportions in the cells the terminal reports (9×22 in foot, where 1:2
// cells would draw it 22% too tall).
func TestPreviewFollowsCellSize(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	wide := tabtest.Must[string](t)(f.db.SaveMedia("img", "png", bytes.NewReader(testPNG(t, 64, 64))))
	id := tabtest.Must[int64](t)(f.db.AddImageJob(bg, store.ImageJobStart{Model: "gamma/image-2.5-flare", Prompt: "a round window"}))
	tabtest.Must[int64](t)(f.db.AddImageFile(bg, store.ImageFile{JobID: id, Path: wide, MIME: "image/png", Width: 64, Height: 64, Bytes: 1}))
	check(t, f.db.FinishImageJob(bg, id, store.ImageJobEnd{Total: time.Second}))
	blockRows := func(view string) (rows, cols int) {
		for _, l := range strings.Split(view, "\n") {
			if n := strings.Count(l, "▀") + strings.Count(l, "▄"); n > 0 {
				rows, cols = rows+1, max(cols, n)
			}
		}
		return rows, cols
	}
	hs := newHarness(t, f.db, 100, 60)
	rows, cols := blockRows(hs.opened("round window"))
	if rows*2 != cols { // 1:2 cells: a square image is twice as wide in cells as tall
		t.Errorf("1:2 cells: %d rows × %d columns", rows, cols)
	}
	hs.Send(uv.CellSizeEvent{Width: 9, Height: 22})
	rows, cols = blockRows(hs.view())
	// A 9×22 cell: a square takes 22/9 times as many columns as rows.
	if got := float64(cols*9) / float64(rows*22); got < 0.95 || got > 1.05 {
		t.Errorf("9×22 cells: %d rows × %d columns, aspect %.2f on screen", rows, cols, got)
	}
}

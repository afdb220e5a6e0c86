package chat

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"atelier/store"
)

// TestHeaderFollowsWhatItShows: the reply header kept between frames is
// drawn again when its figures, its model, the width or the styles change.
func TestHeaderFollowsWhatItShows(t *testing.T) {
	st, light := newStyles(true), newStyles(false)
	lk := look{width: 80, st: &st}
	e := entry{role: store.RoleAssistant, model: "model-one", status: store.StatusStreaming, ttft: 300 * time.Millisecond}
	var tr transcript
	head := func() string { return ansi.Strip(tr.headerOf(&e, lk)) }
	if h := head(); !strings.Contains(h, "model-one") || !strings.Contains(h, "streaming") {
		t.Fatalf("header while streaming: %q", h)
	}
	e.status, e.total, e.usage.Output = store.StatusComplete, 2*time.Second, 42
	if h := head(); strings.Contains(h, "streaming") || !strings.Contains(h, "42 tok") {
		t.Fatalf("header once ended: %q", h)
	}
	e.model = "model-two"
	if h := head(); !strings.Contains(h, "model-two") {
		t.Fatalf("header of another model: %q", h)
	}
	wide := head()
	lk.width = 20
	if h := head(); len([]rune(h)) > 20 || h == wide {
		t.Fatalf("header at 20 columns: %q", h)
	}
	dark := tr.headerOf(&e, lk)
	lk.st = &light
	if tr.headerOf(&e, lk) == dark {
		t.Fatal("the header kept the dark styles in the light")
	}
}

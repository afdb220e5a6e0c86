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
	if h := head(); h == wide {
		t.Fatalf("header at 20 columns: %q", h)
	}
	for _, l := range strings.Split(head(), "\n") {
		if ansi.StringWidth(l) > 20 {
			t.Fatalf("header at 20 columns: %q is wider", l)
		}
	}
	dark := tr.headerOf(&e, lk)
	lk.st = &light
	if tr.headerOf(&e, lk) == dark {
		t.Fatal("the header kept the dark styles in the light")
	}
}

// TestHeaderFiguresNeverCut: where a reply's figures do not fit beside
// its model, they go on to a line of their own, every figure whole (issue
// 30: at 120 columns with prices set the header ended "· end_tu…").
func TestHeaderFiguresNeverCut(t *testing.T) {
	st := newStyles(true)
	e := entry{role: store.RoleAssistant, model: "demo-alpha", status: store.StatusComplete, ttft: 40 * time.Millisecond,
		total: 7 * time.Second, stop: "end_turn"}
	e.usage.Output = 1824
	fig := " · 0.0 s to first token · 7.0 s · 1824 tok · cost 0.027360 · 261 tok/s · end_turn"
	for _, width := range []int{60, 88, 120} {
		h := ansi.Strip(header(&e, fig, look{width: width, st: &st}))
		lines := strings.Split(h, "\n")
		if strings.Contains(h, "…") || !strings.HasPrefix(lines[0], "▾ demo-alpha") {
			t.Errorf("at %d columns the header is cut: %q", width, h)
		}
		if got := strings.Join(strings.Fields(strings.ReplaceAll(h, "\n", " · ")), " "); got != "▾ demo-alpha"+fig {
			t.Errorf("at %d columns the figures are %q", width, got)
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > width {
				t.Errorf("at %d columns a line is %d wide: %q", width, ansi.StringWidth(l), l)
			}
		}
		if width == 120 && len(lines) != 1 {
			t.Errorf("at 120 columns the header takes %d lines: %q", len(lines), h)
		}
	}
}

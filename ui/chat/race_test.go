package chat

import (
	"reflect"
	"slices"
	"sync"
	"testing"

	"atelier/client/sim"
	"atelier/ui/markdown"
)

// TestRenderingAheadRunsBesideTheLiveReply: bodies are rendered in
// commands while the event loop renders the reply arriving; the two share
// styles and glamour's highlighters, read only (run with -race). What each
// side draws is what it draws alone: sharing must not mix their output.
func TestRenderingAheadRunsBesideTheLiveReply(t *testing.T) {
	st := newStyles(true).Markdown
	texts := make([]string, 2)
	want := make([]body, len(texts))
	for i := range texts {
		texts[i] = sim.ReplyText(string(rune('a'+i)) + " [[long]]")
		want[i] = renderBody(texts[i], 80, st) // alone, before anything runs beside it
		want[i].lines = slices.Clone(want[i].lines)
	}
	text := sim.ReplyText("live")
	wantLive := slices.Clone(renderBody(text, 80, st).lines)

	live := markdown.NewRenderer(80, st)
	got := make([]body, len(texts))
	var wg sync.WaitGroup
	for i := range texts {
		wg.Go(func() { got[i] = renderBody(texts[i], 80, st) })
	}
	for i := 0; i < len(text); i += 64 {
		live.Append(text[i:min(i+64, len(text))])
		live.Lines()
	}
	gotLive := slices.Clone(live.Lines())
	wg.Wait()

	for i := range texts {
		if len(want[i].lines) == 0 || len(want[i].codes) == 0 {
			t.Fatalf("body %d: %d lines, %d code blocks; the test needs a long reply with code", i, len(want[i].lines), len(want[i].codes))
		}
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("body %d rendered beside the live reply differs from the same body rendered alone", i)
		}
	}
	if !slices.Equal(gotLive, wantLive) {
		t.Errorf("the live reply rendered in pieces beside the bodies differs from it rendered alone (%d lines, want %d)",
			len(gotLive), len(wantLive))
	}
}

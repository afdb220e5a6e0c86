package chat

import (
	"sync"
	"testing"

	"atelier/client/sim"
	"atelier/ui/markdown"
)

// TestRenderingAheadRunsBesideTheLiveReply: bodies are rendered in
// commands while the event loop renders the reply arriving; the two share
// styles and glamour's highlighters, read only (run with -race).
func TestRenderingAheadRunsBesideTheLiveReply(t *testing.T) {
	st := newStyles(true).Markdown
	live := markdown.NewRenderer(80, st)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() { renderBody(sim.ReplyText(string(rune('a'+i))+" [[long]]"), 80, st) })
	}
	text := sim.ReplyText("live")
	for i := 0; i < len(text); i += 64 {
		live.Append(text[i:min(i+64, len(text))])
		live.Lines()
	}
	wg.Wait()
}

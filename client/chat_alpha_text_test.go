package client_test

import (
	"context"
	"strings"
	"testing"

	"atelier/client"
	"atelier/client/sim"
)

// TestAlphaTextBlocksAroundAToolAreParagraphs: text before a web search and
// text after it are two paragraphs, in the stream and in the result alike
// (issue 19, bug 11: "Let me search for that.According to…").
func TestAlphaTextBlocksAroundAToolAreParagraphs(t *testing.T) {
	t.Parallel()
	c := newSim(t, sim.Options{})
	target := client.ChatTarget{Family: client.Alpha, Model: "sim-alpha", Settings: client.ChatSettings{WebSearch: true}}
	text, res := streamChat(t, context.Background(), c, target, userTurn("the weather in Lisbon"))
	if !strings.HasPrefix(text, "Let me search for that.\n\nAccording to ") {
		t.Errorf("streamed text %q", text[:min(80, len(text))])
	}
	if res.Text != text {
		t.Errorf("the result's text is not the streamed text:\n%q\n%q", res.Text, text)
	}
}

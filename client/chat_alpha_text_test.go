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
	var text strings.Builder
	var res *client.ChatResult
	for d, err := range c.StreamChat(context.Background(), target, userTurn("the weather in Lisbon")) {
		if err != nil {
			t.Fatal(err)
		}
		if d.Kind == client.ChatTextDelta {
			text.WriteString(d.Text)
		}
		if d.Result != nil {
			res = d.Result
		}
	}
	if !strings.HasPrefix(text.String(), "Let me search for that.\n\nAccording to ") {
		t.Errorf("streamed text %q", text.String()[:min(80, text.Len())])
	}
	if res == nil || res.Text != text.String() {
		t.Errorf("the result's text is not the streamed text:\n%q\n%q", res.Text, text.String())
	}
}

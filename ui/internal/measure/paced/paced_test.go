package paced

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"atelier/client"
)

// TestClientReadsTheReply plays a reply with thinking, cut into pieces
// that split a character, to the real client: it gets back exactly what
// was served, piece by piece, and a complete result.
func TestClientReadsTheReply(t *testing.T) {
	r := Reply{Text: "## Café\n\n" + strings.Repeat("text é ", 50), Thinking: strings.Repeat("think ü ", 40), Piece: 7,
		Pace: time.Millisecond}
	srv := httptest.NewServer(Handler(r))
	defer srv.Close()
	c, err := client.New(srv.URL, client.Keys{Alpha: "k"})
	if err != nil {
		t.Fatal(err)
	}
	var text, thinking strings.Builder
	deltas := 0
	var res *client.ChatResult
	for d, err := range c.StreamChat(context.Background(), client.ChatTarget{Family: client.Alpha, Model: "m"},
		[]client.ChatTurn{{Role: "user", Text: "hi"}}) {
		if err != nil {
			t.Fatal(err)
		}
		switch d.Kind {
		case client.ChatTextDelta:
			text.WriteString(d.Text)
			deltas++
		case client.ChatThinkingDelta:
			thinking.WriteString(d.Text)
		case client.ChatDoneDelta:
			res = d.Result
		}
	}
	if text.String() != r.Text || thinking.String() != r.Thinking {
		t.Fatalf("got text %q thinking %q", text.String(), thinking.String())
	}
	if want := (len(r.Text) + 6) / 7; deltas < want-10 || deltas > want+10 {
		t.Errorf("%d text deltas for pieces of 7 bytes of %d", deltas, len(r.Text))
	}
	if res == nil || !res.Complete || res.StopReason != "end_turn" {
		t.Fatalf("result %+v", res)
	}
}

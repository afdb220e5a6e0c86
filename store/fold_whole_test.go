package store

import (
	"strings"
	"testing"
)

// TestFinishWritesTheCallersWholeReply: a reply finished with the whole
// text and thinking its caller holds (ReplyEnd.Text, .Thinking) is written
// from them when its checkpoints and tail add up to them; when they do not,
// what was checkpointed is what is kept, whatever the caller says.
func TestFinishWritesTheCallersWholeReply(t *testing.T) {
	t.Parallel()
	pieces := []string{"first piece, ", "second piece, ", "the tail"}
	streamed := strings.Join(pieces, "")
	for _, tc := range []struct {
		name             string
		text, thinking   string
		wantText, wantTh string
	}{
		{"adds up", streamed, "mulling", streamed, "mulling"},
		// Same lengths, same tail: taken as the caller's (what the client
		// accumulated from the same deltas).
		{"adds up, the caller's bytes", strings.ToUpper(streamed[:10]) + streamed[10:], "MULLING",
			strings.ToUpper(streamed[:10]) + streamed[10:], "MULLING"},
		{"none given", "", "", streamed, "mulling"},
		{"one byte short", streamed[1:], "mulling", streamed, "mulling"},
		{"another tail", streamed[:len(streamed)-1] + "X", "mulling", streamed, "mulling"},
		{"thinking differs in length", streamed, "mull", streamed, "mulling"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := openTest(t)
			conv := must[int64](t)(s.NewConversation(bg, KindChat, "a chat"))
			// Checkpoints of one byte: every piece but the last is a chunk.
			r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "m", CheckpointBytes: 1}))
			for _, p := range pieces[:len(pieces)-1] {
				if err := r.Append(p, ""); err != nil {
					t.Fatal(err)
				}
			}
			if err := r.Append("", "mulling"); err != nil {
				t.Fatal(err)
			}
			r.maxBytes = 1 << 20 // the tail stays in the buffer, for Finish
			if err := r.Append(pieces[len(pieces)-1], ""); err != nil {
				t.Fatal(err)
			}
			if err := r.Finish(ReplyEnd{Text: tc.text, Thinking: tc.thinking}); err != nil {
				t.Fatal(err)
			}
			m := must[*Message](t)(s.Message(bg, r.ID()))
			if m.Text != tc.wantText || m.Thinking != tc.wantTh || m.Status != StatusComplete {
				t.Fatalf("kept %q / %q (%s), want %q / %q", m.Text, m.Thinking, m.Status, tc.wantText, tc.wantTh)
			}
			if chunkCount(t, s, r.ID()) != 0 {
				t.Fatal("chunks left after finishing")
			}
		})
	}
}

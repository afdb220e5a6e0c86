package store

import (
	"fmt"
	"strings"
	"testing"
)

// styleReply is a reply of about 2 KB in the shapes models write.
func styleReply(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Answer %d\n\n", i)
	for p := range 6 {
		fmt.Fprintf(&b, "Paragraph %d of answer %d, with **a bold phrase** and a `code span`, long enough to read like prose for a while longer.\n\n", p, i)
	}
	for k := range 6 {
		fmt.Fprintf(&b, "- **Point %d**: a list item that says a little more about it\n", k)
	}
	b.WriteString("\n```go\nfunc f(n int) int { return n * 2 } // **not bold**\n```\n\nA closing line.\n")
	return b.String()
}

// BenchmarkVoteStyles: the styles of 2,000 blind votes' answers (4,000
// replies of about 2 KB, each vote a comparison of its own) read for the
// style-controlled board: measured (every reply parsed, on every core,
// and kept), then kept (read back).
func BenchmarkVoteStyles(b *testing.B) {
	s := openTest(b)
	for i := range 2000 {
		conv, _ := newConversation(b, s, KindCompare, "bench", "prompt")
		for lane := range 2 {
			must[int64](b)(s.AddMessage(bg, Message{ConversationID: conv, Lane: lane, Role: RoleAssistant,
				Text: styleReply(2*i + lane), Usage: Usage{OutputTokens: 500}}))
		}
		must[int64](b)(s.RecordVote(bg, chatVote(conv, "AB")))
	}
	for _, c := range []struct {
		name string
		kept bool
	}{{"measured", false}, {"kept", true}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if !c.kept {
					b.StopTimer()
					if _, err := s.w.Exec(`DELETE FROM reply_styles`); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				if vs, err := s.VoteStyles(bg, VoteFilter{}); err != nil || len(vs) != 2000 {
					b.Fatal(len(vs), err)
				}
			}
		})
	}
}

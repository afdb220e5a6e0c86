package client

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzReplyKept: whatever deltas arrive, the text and thinking yielded
// never pass the budget, never split a character, are prefixes of what
// arrived, and the budget says full exactly when something did not fit.
func FuzzReplyKept(f *testing.F) {
	f.Add("héllo", "wörld", "✓✓✓", int64(7))
	f.Add("abc", "", "def", int64(0))
	f.Add("", "thinking", "text", int64(100))
	f.Fuzz(func(t *testing.T, a, b, c string, max int64) {
		if max < 0 || !utf8.ValidString(a) || !utf8.ValidString(b) || !utf8.ValidString(c) {
			return
		}
		k := replyKept{max: max}
		var text, thinking, sent strings.Builder
		full := false
		for i, s := range []string{a, b, c} {
			kind := ChatTextDelta
			if i == 1 {
				kind = ChatThinkingDelta
			}
			d, f := k.take(ChatDelta{Kind: kind, Text: s})
			if !strings.HasPrefix(s, d.Text) || !utf8.ValidString(d.Text) {
				t.Fatalf("%q cut to %q", s, d.Text)
			}
			if kind == ChatTextDelta {
				text.WriteString(d.Text)
			} else {
				thinking.WriteString(d.Text)
			}
			sent.WriteString(s)
			if f {
				full = true
				break
			}
		}
		kept := int64(text.Len() + thinking.Len())
		if kept > max || full != (kept < int64(sent.Len())) {
			t.Fatalf("kept %d of %d, budget %d, full %v", kept, sent.Len(), max, full)
		}
		res := &ChatResult{Text: a + c, Thinking: b}
		k.cut(res)
		if int64(len(res.Text)+len(res.Thinking)) > max || !strings.HasPrefix(a+c, res.Text) {
			t.Fatalf("cut result %q %q for a budget of %d", res.Text, res.Thinking, max)
		}
	})
}

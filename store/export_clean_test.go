package store

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileReply is model output that would drive a terminal: a clipboard
// write (OSC 52), a hyperlink (OSC 8), a bell, SGR and a C1 CSI.
const hostileReply = "copy\x1b]52;c;ZXZpbA==\x07 this \x1b]8;;https://evil.test\x1b\\link\x1b]8;;\x1b\\ \x1b[31mred\x1b[0m \u009b2J bell\a end"

// isControl is a control character a terminal acts on: C0 but newline
// and tab, DEL and C1.
func isControl(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f
}

func TestMarkdownExportCarriesNoControls(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := newChat(t, s, "say \x1b[5mhi")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "m",
		RequestJSON: json.RawMessage(`{"model":"m"}`)}))
	r.Append(hostileReply, "")
	if err := r.Finish(ReplyEnd{ResponseJSON: json.RawMessage(`{"content":[{"type":"text","text":"\u001b]52;c;ZXZpbA==\u0007 \u009b2J"}]}`)}); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name  string
		clean func(string) string
		want  string // in the Markdown
	}{
		{"default", nil, "]52;c;ZXZpbA== this"},
		{"the screen's cleaner", func(s string) string { return strings.ReplaceAll(dropControls(s), "]52;c;ZXZpbA==", "") }, "copy this"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s.CleanExports(tc.clean)
			md, js, err := s.ExportFiles(bg, ItemRef{KindChat, conv}, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(md)
			if i := strings.IndexFunc(string(b), isControl); i >= 0 {
				t.Fatalf("control character %q in the Markdown: %q", b[i], b[max(i-20, 0):min(i+20, len(b))])
			}
			if !strings.Contains(string(b), tc.want) {
				t.Fatalf("%s: no %q in\n%s", filepath.Base(md), tc.want, b)
			}
			// The JSON beside keeps the characters, every control one
			// escaped alike: ESC as \u001b, the C1 CSI as \u009b.
			var doc struct {
				Conversation struct{ Messages []struct{ Text string } }
			}
			raw, _ := os.ReadFile(js)
			if i := strings.IndexFunc(string(raw), isControl); i >= 0 {
				t.Fatalf("raw control character %q in the JSON: %q", raw[i], raw[max(i-20, 0):min(i+20, len(raw))])
			}
			if !strings.Contains(string(raw), `\u009b2J`) || !strings.Contains(string(raw), `\u001b]52`) {
				t.Fatalf("the JSON does not escape the controls alike: %s", raw)
			}
			if err := json.Unmarshal(raw, &doc); err != nil || doc.Conversation.Messages[1].Text != hostileReply {
				t.Fatalf("the JSON export changed the reply: %v %q", err, doc.Conversation.Messages)
			}
		})
	}
}

// TestInterruptedSaidOnce: a reason that begins with the status, to read
// well on its own, is not said twice after it ("interrupted: interrupted:").
func TestInterruptedSaidOnce(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := newChat(t, s, "a long story")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "m"}))
	r.Append("once upon", "")
	s.Close() // ends the reply as never finished
	s = must[*Store](t)(Open(s.Dir()))
	defer s.Close()
	md := must[string](t)(s.ExportMarkdown(bg, ItemRef{KindChat, conv}, t.TempDir()))
	b, _ := os.ReadFile(md)
	if !strings.Contains(string(b), "interrupted: the reply was never finished") || strings.Contains(string(b), "interrupted: interrupted") {
		t.Fatalf("%s", b)
	}
}

// A message's problem names its status once, whether or not its reason
// begins with it.
func TestMessageProblem(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		m    Message
		want string
	}{
		{Message{Status: StatusInterrupted, Error: interruptedByCrash}, interruptedByCrash},
		{Message{Status: StatusError, Error: "429: slow down"}, "error: 429: slow down"},
		{Message{Status: StatusInterrupted}, "interrupted"},
		{Message{Status: StatusError, Error: "errors: two"}, "error: errors: two"},
	} {
		if got := c.m.Problem(); got != c.want {
			t.Errorf("%+v: Problem() = %q, want %q", c.m, got, c.want)
		}
	}
}

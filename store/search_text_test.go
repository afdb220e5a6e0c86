package store

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSnippetText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"## \x02Notes\x03 on tea", "\x02Notes\x03 on tea"},
		{"lantern.\n\n### Key points\n\n- **\x02Pixel\x03**: Cipher", "lantern. Key points \x02Pixel\x03: Cipher"},
		{"> a quote\n1. first\n2) second", "a quote first second"},
		{"see [the \x02docs\x03](https://example.com/x) and ![a cat](cat.png)", "see the \x02docs\x03 (https://example.com/x) and a cat (cat.png)"},
		{"```go\nfunc \x02main\x03() {}\n```", "go func \x02main\x03() {}"},
		{"| a | b |\n|---|:-:|\n| 1 | 2 |", "a · b 1 · 2"},
		{"*soft* and _soft_ but snake_case_name and 2*3*4", "soft and soft but snake_case_name and 2*3*4"},
		{"text\n\n---\n\nmore", "text more"},
		{"…middle of a `code` span", "…middle of a code span"},
	} {
		if got := MarkdownText(tc.in); got != tc.want {
			t.Errorf("MarkdownText(%q)\n = %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// TestSearchSnippetsAreText: a search's snippet of a markdown reply is
// text, not raw markdown (issue 30, item 8: "## Notes on …").
func TestSearchSnippetsAreText(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, err := s.NewConversation(ctx, KindChat, "tea")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddMessage(ctx, Message{ConversationID: id, Role: RoleAssistant, Text: "## Notes on tea\n\n- **Oolong**: half oxidised"}); err != nil {
		t.Fatal(err)
	}
	hits, err := s.Search(ctx, SearchQuery{Text: "oolong"})
	if err != nil || len(hits) != 1 {
		t.Fatalf("%v %+v", err, hits)
	}
	if got := hits[0].Snippet; strings.ContainsAny(got, "#*") || !strings.Contains(got, "Notes on tea \x02Oolong\x03: half oxidised") {
		t.Errorf("snippet %q", got)
	}
}

// FuzzSnippetText: whatever a reply holds, its snippet keeps every match
// marker, is one line, and is valid UTF-8 when the reply is.
func FuzzSnippetText(f *testing.F) {
	for _, s := range []string{"## \x02a\x03", "[\x02x\x03](\x02y\x03)", "**a**_b_`c`", "| a |\n|---|", "```\x02go\x03"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := MarkdownText(s)
		for _, m := range []string{HighlightStart, HighlightEnd} {
			if strings.Count(got, m) != strings.Count(s, m) {
				t.Fatalf("%q: markers %q lost: %q", s, m, got)
			}
		}
		if strings.ContainsAny(got, "\n\r") {
			t.Fatalf("%q: not one line: %q", s, got)
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("%q: invalid UTF-8 out: %q", s, got)
		}
	})
}

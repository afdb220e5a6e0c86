package termtext

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestString(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "hello, *world*\n\tindented", "hello, *world*\n\tindented"},
		{"unicode kept", "naïve café — 日本語 🎉", "naïve café — 日本語 🎉"},
		{"CSI colour", "\x1b[31mred\x1b[0m text", "red text"},
		{"CSI cursor move and clear", "a\x1b[2J\x1b[H\x1b[?25lb", "ab"},
		{"OSC 8 hyperlink", "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\", "click"},
		{"OSC 52 clipboard (BEL)", "x\x1b]52;c;cm0gLXJmIH4=\x07y", "xy"},
		{"OSC title", "\x1b]0;pwned\x07ok", "ok"},
		{"DCS", "a\x1bPq#0;2;0;0;0\x1b\\b", "ab"},
		{"APC (kitty graphics)", "a\x1b_Gf=100;AAAA\x1b\\b", "ab"},
		{"two-byte escape", "a\x1b7b\x1bcc", "abc"},
		{"C1 CSI", "a\u009b31mb", "a31mb"},
		{"C1 OSC", "a\u009d0;t\u009cb", "a0;tb"},
		{"C0 controls", "a\x07b\x08c\rd\x00e\x7f", "abcde"},
		{"Â kept", "Â", "Â"},
		{"broken lead", "a\xc2b\xc2", "a\uFFFDb\uFFFD"},
		{"unterminated CSI at end", "a\x1b[31", "a"},
		{"raw 8-bit C1 CSI", "a\x9b6nb\x9d0;t\x07c", "a\uFFFD6nb\uFFFD0;tc"},
		{"stray continuation", "a\xbfb", "a\uFFFDb"},
		{"overlong ESC", "a\xc0\x9b[6n", "a\uFFFD\uFFFD[6n"},
		{"overlong C1 CSI", "a\xe0\x82\x9b2J", "a\uFFFD2J"},
		{"surrogate", "a\xed\xa0\x80b", "a\uFFFDb"},
		{"cut by ESC", "a\xe6\x97\x1b[31mb", "a\uFFFDb"},
		{"cut at end", "a\xe6\x97", "a\uFFFD"},
		{"four bytes kept", "a😀b", "a😀b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := String(tt.in); got != tt.want {
				t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestWriterSplitSequences writes every input one byte at a time: a sequence
// split across writes must still be removed.
func TestWriterSplitSequences(t *testing.T) {
	in := "pre\x1b]52;c;Zm9v\x07mid\x1b[1;31mbold\x1b[0m\u009bpost\x1b]8;;u\x1b\\link"
	var out bytes.Buffer
	w := NewWriter(&out)
	for i := range len(in) {
		if n, err := w.Write([]byte{in[i]}); n != 1 || err != nil {
			t.Fatalf("Write: %d, %v", n, err)
		}
	}
	if want := String(in); out.String() != want || strings.ContainsAny(out.String(), "\x1b\x07") {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}

func FuzzString(f *testing.F) {
	for _, s := range []string{"\x1b[31mx", "\x1b]8;;u\x1b\\y", "\u009b1m", "a\x1bPq\x1b\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := String(in)
		if strings.ContainsAny(out, "\x1b\x07\x08\r\x00\x7f") || !utf8.ValidString(out) {
			t.Fatalf("control byte left in %q -> %q", in, out)
		}
		for _, r := range out {
			if r >= 0x80 && r <= 0x9f {
				t.Fatalf("C1 control left in %q -> %q", in, out)
			}
		}
	})
}

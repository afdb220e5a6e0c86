package history

import "testing"

func TestTrimPadding(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\x1b[38;5;252mtext\x1b[m\x1b[38;5;252m \x1b[m\x1b[38;5;252m   \x1b[m", "\x1b[38;5;252mtext\x1b[m"},
		{"\x1b[38;5;252mterm\x1b[m", "\x1b[38;5;252mterm\x1b[m"}, // text ending in m is not a style
		{"\x1b[38;5;252m\x1b[m\x1b[1mbold\x1b[0m  ", "\x1b[38;5;252m\x1b[m\x1b[1mbold\x1b[0m"},
		{"code\x1b[48;5;236m   \x1b[m", "code\x1b[48;5;236m   \x1b[m"}, // a background stays
		{"plain   ", "plain"},
		{"", ""},
	} {
		if got := trimPadding(c.in); got != c.want {
			t.Errorf("trimPadding(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

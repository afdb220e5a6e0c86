package batch

import (
	"strings"
	"testing"
)

// hostileReply links somewhere a person should see before following, and
// tries to write the clipboard (OSC 52) and to hide a hyperlink of its own
// (OSC 8), on its first line (which the matrix shows) and below.
const hostileReply = "\x1b]52;c;ZXZpbA==\x07Read [the docs](https://evil.example/x) first.\n\n" +
	"Copied. \x1b]8;;https://evil.example/y\x07here\x1b]8;;\x07"

// Neither the matrix nor a cell's replies write a terminal hyperlink or a
// clipboard write from a reply; the replies show the link's text and where
// it leads (the shell's TestModelOutputHasNoHyperlinks does Chat, Compare
// and History).
func TestRepliesWriteNoHyperlinks(t *testing.T) {
	f := threeByThree()
	f.reply = func(c, t, r int) (string, *bool) { return hostileReply, nil }
	db := openStore(t)
	f.record(t, db)
	hs := newHarness(t, db, nil, nil, 120, 40)
	check := func(screen string, want ...string) {
		t.Helper()
		v := hs.m.View()
		for _, bad := range []string{"\x1b]8;", "\x1b]52;"} {
			if strings.Contains(v, bad) {
				t.Errorf("%s writes %q:\n%q", screen, bad, v)
			}
		}
		for _, w := range want {
			if !strings.Contains(hs.view(), w) {
				t.Errorf("%s lacks %q:\n%s", screen, w, hs.view())
			}
		}
	}
	hs.Keys("enter")
	check("the matrix", "Read the docs") // as text: a link is its words and its address
	hs.Keys("enter")
	if hs.m.reader == nil {
		t.Fatal("no replies open")
	}
	check("the replies", "the docs", "evil.example/x", "Copied. here")
}

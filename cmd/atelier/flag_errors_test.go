package main

import (
	"strings"
	"testing"
)

// TestFlagValuesSaidInWords: a flag's value its type refuses is named
// with the flag and what it wants, exit 2, in the words atelier's own
// checks use, never strconv's ("strconv.ParseInt: parsing ...").
func TestFlagValuesSaidInWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"image", "-n", "abc", "cat"}, `--n "abc": want a whole number`},
		{[]string{"image", "-n", "99999999999999999999", "cat"}, `--n "99999999999999999999": out of range: want a whole number that fits`},
		{[]string{"chat", "-p", "alpha", "-m", "m", "--temperature", "hot", "hi"}, `--temperature "hot": want a number`},
		{[]string{"batch", "list", "--limit", "ten"}, `--limit "ten": want a whole number`},
		{[]string{"history", "list", "--json=maybe"}, `--json "maybe": want true or false`},
	} {
		r := newCapture(t).runIn(t, "", c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || strings.Contains(r.stderr, "strconv") {
			t.Errorf("%q: exit %d, stderr %q\nwant exit 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

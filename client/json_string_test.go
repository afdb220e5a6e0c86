package client

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzAppendJSONString: the escaper writes what encoding/json writes, with
// HTML escaping off and on, for any string, valid UTF-8 or not.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "q\"b\\s\n\r\t\b\f\x00\x1f\x7f", "<&>", "é✓\u2028\u2029", "\xff\xfe bad", "\u009b2J"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		got := appendJSONString([]byte("x"), s)
		if !bytes.Equal(got[1:], bytes.TrimSuffix(want.Bytes(), []byte("\n"))) || got[0] != 'x' {
			t.Fatalf("%q: got %s, want %s", s, got[1:], want.Bytes())
		}
		html, _ := json.Marshal(s)
		if got := appendJSONStringHTML(nil, s); !bytes.Equal(got, html) {
			t.Fatalf("%q with HTML escaped: got %s, want %s", s, got, html)
		}
	})
}

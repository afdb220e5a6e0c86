package termtext

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// controlAt finds a control character a terminal would act on: C0 but
// newline, tab and carriage return, DEL, and C1 (as UTF-8); -1 when none.
func controlAt(s string) int {
	return strings.IndexFunc(s, func(r rune) bool {
		return r < 0x20 && r != '\n' && r != '\t' && r != '\r' || r == 0x7f || r >= 0x80 && r <= 0x9f
	})
}

// FuzzJSONWriter: nothing a terminal acts on gets through, and JSON stays
// the same JSON (the escapes mean the characters they replace).
func FuzzJSONWriter(f *testing.F) {
	for _, s := range []string{`{"text":"copy` + "\x1b]52;c;ZXZpbA==\x07" + `"}`, `["` + "\u009b2J" + `"]`,
		"{\n\t\"a\": 1\r\n}", "\xff\xfe", `"é ✓"`, "[\"\x7f\"]"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		if n, err := JSONWriter(&out).Write(in); err != nil || n != len(in) {
			t.Fatalf("Write: %d, %v", n, err)
		}
		if i := controlAt(out.String()); i >= 0 {
			t.Fatalf("%q got through: %q", out.Bytes()[i], out.Bytes())
		}
		var a, b any
		if json.Unmarshal(in, &a) == nil && bytes.Equal(bytes.ToValidUTF8(in, nil), in) {
			if err := json.Unmarshal(out.Bytes(), &b); err != nil || !reflect.DeepEqual(a, b) {
				t.Fatalf("JSON changed: %q → %q (%v)", in, out.Bytes(), err)
			}
		}
	})
}

func TestJSONWriterEscapesC1AsESC(t *testing.T) {
	var out bytes.Buffer
	JSONWriter(&out).Write([]byte("{\"t\": \"a\u009b2J\x7f\u0085b \u00a0é\"}\n"))
	if got, want := out.String(), `{"t": "a\u009b2J\u007f\u0085b `+"\u00a0é\"}\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

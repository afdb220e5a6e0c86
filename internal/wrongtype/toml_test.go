package wrongtype

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// TestTOMLOfEveryKind decodes values of the wrong type into a struct
// as a file would, with go-toml itself, and reads each error in words:
// what the field wants, what it got, and nothing of Go's.
func TestTOMLOfEveryKind(t *testing.T) {
	type inner struct {
		On *bool `toml:"on"`
	}
	type doc struct {
		Name    string              `toml:"name"`
		Count   *int                `toml:"count"`
		Rate    float64             `toml:"rate"`
		Tags    []string            `toml:"tags"`
		Vars    map[string][]string `toml:"vars"`
		Headers map[string]string   `toml:"headers"`
		Inner   inner               `toml:"inner"`
	}
	names := map[string]string{"wrongtype.inner": "a table of switches"}
	for _, c := range []struct{ src, want string }{
		{`name = 3`, "wrong type: want a string (got a whole number)"},
		{`count = "3"`, "wrong type: want a whole number (got a string)"},
		{`count = 2.5`, "wrong type: want a whole number (got a number with a fraction)"},
		{`rate = "fast"`, "wrong type: want a number (got a string)"},
		{`tags = "a"`, `wrong type: want a list of strings, e.g. ["a", "b"] (got a string)`},
		{`vars = ["a"]`, `wrong type: want a table of lists of strings, e.g. { name = ["a", "b"] } (got a list)`},
		{`headers = { a = 1 }`, "wrong type: want a string (got a whole number)"},
		{`inner = 1`, "wrong type: want a table of switches (got a whole number)"},
		{"[inner]\non = 1979-05-27", "wrong type: want true or false (got a local date)"},
		{"[inner]\non = 1979-05-27T07:32:00Z", "wrong type: want true or false (got a datetime)"},
		{`name = { a = "b" }`, "wrong type: want a string (got a table)"},
	} {
		var d doc
		err := toml.NewDecoder(bytes.NewReader([]byte(c.src))).Decode(&d)
		if err == nil {
			t.Errorf("%q: decoded", c.src)
			continue
		}
		msg := strings.TrimPrefix(err.Error(), "toml: ")
		if got := TOML(msg, names); got != c.want {
			t.Errorf("%q: %q\nwant %q (from %q)", c.src, got, c.want, msg)
		}
	}
}

// TestOtherMessagesKept: a message that is not a type mismatch comes back
// as it is.
func TestOtherMessagesKept(t *testing.T) {
	for _, msg := range []string{"expected newline", "cannot decode a key into a map with key type int", ""} {
		if got := TOML(msg, nil); got != msg {
			t.Errorf("TOML(%q) = %q", msg, got)
		}
	}
}

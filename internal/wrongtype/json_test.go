package wrongtype

import (
	"encoding/json"
	"testing"
)

// TestJSONOfEveryKind: encoding/json's type errors, from decoding values
// of the wrong type, read as the TOML ones do, the field's path first.
func TestJSONOfEveryKind(t *testing.T) {
	type answer struct {
		Question int `json:"question"`
	}
	type doc struct {
		Name    string   `json:"name"`
		Answers []answer `json:"answers"`
		On      bool     `json:"on"`
	}
	names := map[string]string{"[]wrongtype.answer": "a list of answers"}
	for _, c := range []struct {
		src  string
		into any
		want string
	}{
		{`{"name": 3}`, &doc{}, "name: wrong type: want a string (got a number)"},
		{`{"answers": "x"}`, &doc{}, "answers: wrong type: want a list of answers (got a string)"},
		{`{"answers": [{"question": "one"}]}`, &doc{}, "answers.question: wrong type: want a whole number (got a string)"},
		{`{"on": [1]}`, &doc{}, "on: wrong type: want true or false (got a list)"},
		{`[1]`, &map[string]any{}, "wrong type: want an object (got a list)"},
		{`true`, &map[string]any{}, "wrong type: want an object (got true or false)"},
	} {
		_, err := func() (any, error) { return c.into, json.Unmarshal([]byte(c.src), c.into) }()
		got, ok := JSON(err, names)
		if !ok || got != c.want {
			t.Errorf("%s: %q, %v\nwant %q (from %v)", c.src, got, ok, c.want, err)
		}
	}
	if _, ok := JSON(json.Unmarshal([]byte(`{`), &doc{}), nil); ok {
		t.Error("a syntax error read as a wrong type")
	}
}

package client

import (
	"bytes"
	"encoding/json"
	"testing"
)

// responsesPatchBefore is how responsesPatch wrote an object before it
// wrote into one buffer: json.Marshal of the object as a map.
func responsesPatchBefore(raw json.RawMessage, typed any, set map[string]any) json.RawMessage {
	var base map[string]json.RawMessage
	if json.Unmarshal(raw, &base) == nil && base != nil && len(set) == 0 {
		return raw
	}
	if base == nil {
		b, _ := json.Marshal(typed)
		if json.Unmarshal(b, &base) != nil || base == nil {
			base = map[string]json.RawMessage{}
		}
	}
	for k, v := range set {
		if b, err := json.Marshal(v); err == nil {
			base[k] = b
		}
	}
	b, _ := json.Marshal(base)
	return b
}

// FuzzResponsesPatch: the patch writes the very bytes json.Marshal wrote,
// whatever the object and the values set (a string, encoded parts, a
// number, null).
func FuzzResponsesPatch(f *testing.F) {
	f.Add([]byte(`{"type":"output_text","text":"","annotations":[]}`), "text", "héllo <b> & \u2028 \"q\"", []byte(`{"a": [1, 2]}`))
	f.Add([]byte(`{ "id" : "msg1", "content" : [ ] , "x": "<&>" }`), "content", "", []byte(`{"type":"output_text","text":"a\u003cb"}`))
	f.Add([]byte(`[1]`), "status", "completed", []byte(`null`))
	f.Fuzz(func(t *testing.T, raw []byte, key, text string, part []byte) {
		if !json.Valid(part) || len(raw) > 2048 || len(part) > 2048 {
			return
		}
		for _, set := range []map[string]any{
			{key: text},
			{key: []json.RawMessage{part, part}},
			{key: 3, "status": text},
			{key: nil},
			{},
		} {
			want := responsesPatchBefore(raw, ResponseContent{Text: "typed"}, cloneSet(set))
			got := responsesPatch(raw, ResponseContent{Text: "typed"}, cloneSet(set))
			if !bytes.Equal(got, want) {
				t.Fatalf("patch of %q with %v:\n got %s\nwant %s", raw, set, got, want)
			}
		}
	})
}

func cloneSet(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

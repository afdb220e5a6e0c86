package client

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCutNativeText: whatever a reply holds, the cut reply is JSON when the
// reply was, its text strings hold at most the budget together, each a
// prefix of what it was, and everything else is the same JSON.
func FuzzCutNativeText(f *testing.F) {
	f.Add([]byte(`{"content":[{"type":"thinking","thinking":"hmm"},{"type":"text","text":"héllo wörld"}],"usage":{"n":1.50}}`), int64(6))
	f.Add([]byte(`{"candidates":[{"content":{"parts":[{"text":"a"},{"text":"bc","thought":true}]}}]}`), int64(2))
	f.Add([]byte(`{"output_text":"x","output":[{"content":[{"text":"<&>"}]}],"text":{"verbosity":"low"}}`), int64(1))
	f.Add([]byte(`[1, "text", {"text": null}]`), int64(0))
	f.Fuzz(func(t *testing.T, raw []byte, max int64) {
		if max < 0 || len(raw) > 4096 {
			return
		}
		out := cutNativeText(raw, max)
		var before, after any
		if json.Unmarshal(raw, &before) != nil || !utf8.Valid(raw) {
			return
		}
		if err := json.Unmarshal(out, &after); err != nil {
			t.Fatalf("%q cut to %q, not JSON: %v", raw, out, err)
		}
		left := max
		if !sameButText(before, after, false, &left) {
			t.Fatalf("%q cut to %q (budget %d)", raw, out, max)
		}
	})
}

// sameButText walks a and b together: equal, but for strings under a text
// key, which in b are prefixes of a's, within left bytes together.
func sameButText(a, b any, text bool, left *int64) bool {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(bm) != len(a) {
			return false
		}
		for k, v := range a {
			if !sameButText(v, bm[k], nativeTextKeys[k], left) {
				return false
			}
		}
		return true
	case []any:
		bl, ok := b.([]any)
		if !ok || len(bl) != len(a) {
			return false
		}
		for i := range a {
			if !sameButText(a[i], bl[i], false, left) {
				return false
			}
		}
		return true
	case string:
		bs, ok := b.(string)
		if !text {
			return ok && bs == a
		}
		*left -= int64(len(bs))
		return ok && strings.HasPrefix(a, bs) && *left >= 0
	}
	return a == b
}

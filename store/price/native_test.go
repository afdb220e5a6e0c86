package price

import (
	"encoding/json"
	"testing"
)

// TestReplyNativeReadsThinking: the thinking a native final reply's usage
// tells apart is charged at the thinking rate, for each family's shape,
// and never counts beyond the output.
func TestReplyNativeReadsThinking(t *testing.T) {
	tab := Table{"m": {Input: f(1), Output: f(2), Thinking: f(10)}}
	for _, c := range []struct {
		name   string
		native string
		want   any
	}{
		{"beta's thoughts", `{"usageMetadata":{"promptTokenCount":100,"candidatesTokenCount":400,"thoughtsTokenCount":600}}`, 0.0069},
		{"gamma's reasoning", `{"usage":{"input_tokens":100,"output_tokens":1000,"output_tokens_details":{"reasoning_tokens":600}}}`, 0.0069},
		{"alpha: none told apart", `{"usage":{"input_tokens":100,"output_tokens":1000}}`, 0.0021},
		{"thinking above the output", `{"usage":{"output_tokens":1000,"output_tokens_details":{"reasoning_tokens":5000}}}`, 0.0101},
		{"not JSON", `{`, 0.0021},
		{"none", ``, 0.0021},
	} {
		got := tab.ReplyNative("m", 100, 1000, json.RawMessage(c.native))
		if !same(got, c.want) {
			t.Errorf("%s: %s, want %v", c.name, show(got), c.want)
		}
	}
	if got := Table(nil).ReplyNative("m", 100, 1000, nil); got != nil {
		t.Errorf("no table: %s, want none", show(got))
	}
}

func TestLabel(t *testing.T) {
	if got := Label(nil); got != "" {
		t.Errorf("Label(nil) = %q, want nothing", got)
	}
	if got := Label(f(0.00324)); got != "cost 0.0032" {
		t.Errorf("Label(0.00324) = %q", got)
	}
	if got := Label(f(12.5)); got != "cost 12.50" {
		t.Errorf("Label(12.5) = %q", got)
	}
}

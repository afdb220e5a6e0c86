package client

import (
	"errors"
	"strings"
	"testing"
)

// alphaFeed decodes each data line and adds it, returning Add's errors.
func alphaFeed(t *testing.T, acc *MessageAccumulator, lines ...string) []error {
	t.Helper()
	var errs []error
	for _, l := range lines {
		ev, err := alphaDecodeEvent("", []byte(l))
		if err != nil {
			t.Fatalf("decode %s: %v", l, err)
		}
		if err := acc.Add(ev); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// TestMessageAccumulatorRoutesByIndex interleaves two blocks' deltas: each
// must land in its own block, whatever "current" block a naive reader
// would assume.
func TestMessageAccumulatorRoutesByIndex(t *testing.T) {
	t.Parallel()
	var acc MessageAccumulator
	errs := alphaFeed(t, &acc,
		`{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"usage":{"input_tokens":7,"output_tokens":1}}}`,
		`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"t1","name":"f","input":{}}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"A"}}`,
		`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"a\":"}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"<B&>"}}`,
		`{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":" 1}"}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"C"}}`,
		`{"type":"content_block_stop","index":1}`,
		`{"type":"content_block_stop","index":0}`,
		`{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"input_tokens":0,"output_tokens":9}}`,
	)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	m := acc.Message()
	if len(m.Content) != 2 || m.Content[0].Text != "A<B&>C" || string(m.Content[1].Input) != `{"a":1}` ||
		!strings.Contains(string(m.Raw), `"A<B&>C"`) {
		t.Errorf("content = %s", m.Raw)
	}
	if m.Usage.InputTokens != 7 || m.Usage.OutputTokens != 9 || m.StopReason != "tool_use" {
		t.Errorf("usage %+v stop %q: input tokens must fall back to message_start", m.Usage, m.StopReason)
	}
	if acc.Done() {
		t.Error("done before message_stop")
	}
	alphaFeed(t, &acc, `{"type":"message_stop"}`)
	if !acc.Done() {
		t.Error("not done after message_stop")
	}
}

func TestMessageAccumulatorBadToolInput(t *testing.T) {
	t.Parallel()
	var acc MessageAccumulator
	errs := alphaFeed(t, &acc,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t1","name":"f","input":{}}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"a\": tru"}}`,
		`{"type":"content_block_stop","index":0}`,
	)
	if len(errs) != 1 || !errors.Is(errs[0], ErrMessageToolInput) || !strings.Contains(errs[0].Error(), "block 0") {
		t.Fatalf("errors = %v, want one ErrMessageToolInput", errs)
	}
	m := acc.Message()
	if string(m.Content[0].Input) != `"{\"a\": tru"` {
		t.Errorf("input = %s, want the text kept as a JSON string", m.Content[0].Input)
	}
}

// TestMessageAccumulatorOrphans covers events for blocks that never
// started: reported, and applied where the delta says what the block is.
func TestMessageAccumulatorOrphans(t *testing.T) {
	t.Parallel()
	var acc MessageAccumulator
	errs := alphaFeed(t, &acc,
		`{"type":"content_block_delta","index":2,"delta":{"type":"text_delta","text":"lost start"}}`,
		`{"type":"content_block_delta","index":3,"delta":{"type":"mystery_delta"}}`,
		`{"type":"content_block_stop","index":4}`,
		`{"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":3}}`,
	)
	if len(errs) != 3 {
		t.Errorf("errors = %v, want 3", errs)
	}
	m := acc.Message()
	if m.Type != "message" || m.Role != "assistant" || m.Text() != "lost start" || len(m.Content) != 1 ||
		m.StopReason != "max_tokens" || m.Usage.OutputTokens != 3 {
		t.Errorf("message = %s", m.Raw)
	}
}

func TestMessageAccumulatorEmpty(t *testing.T) {
	t.Parallel()
	var acc MessageAccumulator
	m := acc.Message()
	if string(m.Raw) != `{"type":"message","role":"assistant","content":[]}` || m.Content == nil {
		t.Errorf("empty message = %s", m.Raw)
	}
	if err := acc.Add(MessageEvent{Type: "message_start"}); err == nil {
		t.Error("message_start without a payload was accepted silently")
	}
}

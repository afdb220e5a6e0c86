package client

import (
	"bytes"
	"encoding/json"
	"testing"

	"atelier/client/sse"
)

// FuzzResponseEvent decodes each line of the input as one event's data and
// folds the events into an accumulator: nothing may panic, and the final
// reply must re-encode to JSON that decodes again.
func FuzzResponseEvent(f *testing.F) {
	for _, lines := range addStreamSeeds(f, "gamma/responses_*.sse") {
		// A stream's events one per line, as the target reads them, kept
		// small (see maxStreamSeed).
		f.Add(firstEvents(bytes.Join(lines, []byte("\n\n")), maxStreamSeed))
	}
	f.Add([]byte(`{"type":"response.output_text.delta","sequence_number":9223372036854775807,"output_index":-3,"content_index":2147483647,"delta":"x"}`))
	f.Add([]byte(`{"type":"error","error":"not an object","code":7,"param":{"a":1}}`))
	f.Add([]byte(`{"error":{"code":null}}` + "\n[DONE]\n" + `{"type":"response.completed","response":[]}`))
	f.Add([]byte(`{"type":"response.incomplete","response":` + responsesFractional + `}`))
	f.Add([]byte(`{"type":"response.completed","response":{"usage":{"input_tokens":-1e999,"output_tokens":"7"},"max_output_tokens":1e18}}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		var acc ResponseAccumulator
		for line := range bytes.Lines(in) {
			ev, err := responsesDecodeEvent(sse.Event{Type: "response.output_text.delta", Data: line})
			if err != nil {
				continue
			}
			_ = acc.Add(ev)
			_ = acc.OutputText()
		}
		r := acc.Response()
		if !json.Valid(r.Raw) {
			t.Fatalf("Raw is not JSON: %s", r.Raw)
		}
		var back Response
		if err := json.Unmarshal(r.Raw, &back); err != nil {
			t.Fatalf("Raw does not decode: %v: %s", err, r.Raw)
		}
		_, _, _ = r.OutputText(), r.Reasoning(), r.Refusal()
		_ = r.Failed()
		for _, it := range r.InputItems() {
			if _, err := json.Marshal(it); err != nil {
				t.Fatalf("echo of %s: %v", it.Raw, err)
			}
		}
	})
}

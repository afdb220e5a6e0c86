package client

import (
	"bytes"
	"encoding/json"
	"testing"

	"atelier/client/sse"
)

// FuzzAlphaEvent feeds arbitrary bytes to the message event decoder and the
// accumulator, both as one event's data and as a whole event stream. Nothing
// may panic, and the accumulated message must always be valid JSON that
// decodes to itself.
func FuzzAlphaEvent(f *testing.F) {
	addStreamSeeds(f, "alpha/*.sse")
	f.Fuzz(func(t *testing.T, in []byte) {
		var one MessageAccumulator
		if ev, err := alphaDecodeEvent("", in); err == nil {
			_ = one.Add(ev)
		}
		alphaCheckMessage(t, &one)

		var acc MessageAccumulator
		d := sse.NewDecoder(bytes.NewReader(in))
		for d.Next() {
			e := d.Event()
			ev, err := alphaDecodeEvent(e.Type, e.Data)
			if !bytes.Equal(ev.Raw, e.Data) {
				t.Fatalf("Raw %q is not the event data %q", ev.Raw, e.Data)
			}
			if err != nil {
				continue
			}
			_ = acc.Add(ev)
		}
		alphaCheckMessage(t, &acc)
	})
}

func alphaCheckMessage(t *testing.T, acc *MessageAccumulator) {
	t.Helper()
	m := acc.Message()
	if !json.Valid(m.Raw) {
		t.Fatalf("accumulated Raw is not JSON: %s", m.Raw)
	}
	if again := acc.Message(); !bytes.Equal(again.Raw, m.Raw) {
		t.Fatalf("Message changed the accumulator:\n%s\n%s", m.Raw, again.Raw)
	}
	var back Message
	if err := json.Unmarshal(m.Raw, &back); err != nil {
		t.Fatalf("accumulated Raw does not decode: %v\n%s", err, m.Raw)
	}
	_ = back.Text()
	_ = back.AssistantTurn()
}

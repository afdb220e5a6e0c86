package client

import (
	"bytes"
	"encoding/json"
	"testing"

	"atelier/client/sse"
)

// FuzzBetaChunk feeds arbitrary bytes to the chunk decoder and folds what
// decodes, twice; the same bytes also go through the event decoder as a
// whole stream. Nothing may panic, a decoded chunk must fold, and the fold
// must be valid JSON, the same as json.Marshal of the fold wrote.
func FuzzBetaChunk(f *testing.F) {
	addStreamSeeds(f, "beta/*")
	for _, s := range []string{
		`{"candidates":[null,{"index":1},{"content":{"parts":[null,{"text":""},{"thoughtSignature":"x"}]}}]}`,
		`{"candidates":[{"content":{"parts":[{"text":"a","x":1},{"Text":"b"}]},"groundingMetadata":{"webSearchQueries":[]}}]}`,
		`{"error":{"code":503,"status":"UNAVAILABLE"}}`, `{"candidates":null,"usageMetadata":null}`, `{}`, `null`, `[DONE]`,
	} {
		f.Add([]byte(s))
	}
	c := &Client{}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxStreamSeed {
			return // a chunk that fits says all a long one does, and keeps minimising quick
		}
		betaFuzzFold(t, data)
		d := sse.NewDecoder(bytes.NewReader(data))
		d.KeepStrayJSON()
		var acc GenerateAccumulator
		for d.Next() {
			chunk, ok, err := c.betaChunk(d.Event())
			if err == nil && ok {
				if err := acc.Add(chunk); err != nil {
					t.Fatalf("Add refused a decoded chunk: %v", err)
				}
			}
		}
		r := acc.Response()
		if !json.Valid(r.Raw) {
			t.Fatalf("fold of a stream is not JSON: %s", r.Raw)
		}
		// The fold writes what json.Marshal of it as maps wrote, and reads
		// the same reply back.
		if before := acc.responseBefore(); !bytes.Equal(r.Raw, before.Raw) || r.Text() != before.Text() ||
			r.Thoughts() != before.Thoughts() || len(r.Candidates) != len(before.Candidates) {
			t.Fatalf("the fold changed:\n got %s\nwant %s", r.Raw, before.Raw)
		}
	})
}

func betaFuzzFold(t *testing.T, data []byte) {
	chunk, isErr, err := betaDecodeChunk(data)
	if err != nil || isErr {
		return
	}
	if !bytes.Equal(chunk.Raw, data) {
		t.Fatalf("Raw %q differs from the data %q", chunk.Raw, data)
	}
	var acc GenerateAccumulator
	for range 2 {
		if err := acc.Add(chunk); err != nil {
			t.Fatalf("Add refused a decoded chunk: %v", err)
		}
	}
	if raw := acc.Response().Raw; !json.Valid(raw) {
		t.Fatalf("fold is not JSON: %s", raw)
	}
	for _, cd := range chunk.Candidates {
		for _, p := range cd.Content.Parts {
			if b, err := json.Marshal(p); err != nil || !json.Valid(b) {
				t.Fatalf("part %s re-encodes as %s, %v", p.Raw, b, err)
			}
		}
	}
}

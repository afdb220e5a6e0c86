package client

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzWireValidate merges any JSON object into each chat and image request
// as its extra fields and validates what would be sent: nothing may
// panic, and every error is a list of violations naming fields.
func FuzzWireValidate(f *testing.F) {
	for _, s := range []string{
		`{"max_tokens":0,"top_k":-1,"messages":[{"role":"user","content":"a"},{"role":"user","content":5}]}`,
		`{"generationConfig":{"topP":1.5,"candidateCount":0.5},"contents":[{"parts":[]}],"tools":[1]}`,
		`{"top_logprobs":21,"truncation":"maybe","include":["bogus",7],"conversation":{"id":3},"metadata":{"k":{}}}`,
		`{"quality":"ultra","output_compression":500,"n":0,"prompt":2024,"images":[null,{}]}`,
		`{"thinking":{"budget_tokens":1e400},"system":{"x":1},"tool_choice":"auto"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d := json.NewDecoder(bytes.NewReader(data))
		d.UseNumber()
		var extra map[string]any
		if d.Decode(&extra) != nil {
			return
		}
		for _, err := range []error{
			(&MessageRequest{Model: "m", MaxTokens: 100, Messages: []MessageTurn{MessageUserText("hi")}, Extra: extra}).Validate(),
			(&GenerateRequest{Contents: []BetaContent{BetaUserText("hi")}, Extra: extra}).Validate(),
			(&ResponseRequest{Model: "m", Input: ResponseInputText("hi"), Extra: extra}).Validate(),
			(&ImageRequest{Model: ImageModel25Flare, Prompt: "p", Extra: extra}).Validate(),
		} {
			if err != nil && len(Violations(err)) == 0 {
				t.Fatalf("an error that is no violation: %v", err)
			}
			for _, v := range Violations(err) {
				if v.Field == "" || v.Rule == "" {
					t.Fatalf("a violation without a field or rule: %+v", v)
				}
			}
		}
	})
}

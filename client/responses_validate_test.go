package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

func TestResponseRequestValidate(t *testing.T) {
	t.Parallel()
	f := func(v float64) *float64 { return &v }
	i := func(v int) *int { return &v }
	no := false
	many := map[string]string{}
	for n := range 17 {
		many[fmt.Sprintf("k%d", n)] = "v"
	}
	for _, tc := range []struct {
		name   string
		req    ResponseRequest
		fields []string // the violations' fields, in order; none: valid
	}{
		{"plain request", ResponseRequest{Model: "m", Input: ResponseInputText("hi")}, nil},
		{"every limit at its edge", ResponseRequest{
			Metadata:    map[string]string{strings.Repeat("k", 64): strings.Repeat("v", 512)},
			Temperature: f(2), TopLogprobs: i(20), SafetyIdentifier: strings.Repeat("s", 64),
			Include: ResponseIncludeValues, Truncation: "disabled", PromptCacheRetention: "in-memory",
			Reasoning: ResponseReasoning{Summary: "detailed"}, MaxOutputTokens: 1,
			ContextManagement: []ResponseContextManagement{{Type: "compaction"}},
			Prompt:            ResponsePrompt{ID: "p"}, Stream: true, StreamOptions: ResponseStreamOptions{IncludeObfuscation: &no},
			Tools: []ResponseTool{{Type: "function", Name: "f"}, {Type: "web_search"}},
		}, nil},
		{"zero temperature and top_logprobs are settings", ResponseRequest{Temperature: f(0), TopLogprobs: i(0)}, nil},
		{"top_p alone", ResponseRequest{TopP: f(1)}, nil},
		{"both retention spellings", ResponseRequest{PromptCacheRetention: "in_memory"}, nil},
		{"17 metadata pairs", ResponseRequest{Metadata: many}, []string{"metadata"}},
		{"metadata key too long", ResponseRequest{Metadata: map[string]string{strings.Repeat("k", 65): "v"}}, []string{"metadata"}},
		{"metadata value too long", ResponseRequest{Metadata: map[string]string{"k": strings.Repeat("v", 513)}}, []string{"metadata.k"}},
		{"temperature above 2", ResponseRequest{Temperature: f(2.1)}, []string{"temperature"}},
		{"temperature below 0", ResponseRequest{Temperature: f(-0.1)}, []string{"temperature"}},
		// top_p: "Nucleus threshold", no range given.
		{"top_p above 1 is the service's", ResponseRequest{TopP: f(1.5)}, nil},
		{"temperature and top_p", ResponseRequest{Temperature: f(1), TopP: f(0.5)}, []string{"top_p"}},
		{"top_logprobs 21", ResponseRequest{TopLogprobs: i(21)}, []string{"top_logprobs"}},
		{"top_logprobs -1", ResponseRequest{TopLogprobs: i(-1)}, []string{"top_logprobs"}},
		{"safety_identifier 65", ResponseRequest{SafetyIdentifier: strings.Repeat("s", 65)}, []string{"safety_identifier"}},
		{"conversation and previous_response_id", ResponseRequest{Conversation: ResponseConversation{ID: "c"}, PreviousResponseID: "r"},
			[]string{"previous_response_id"}},
		{"conversation a number", ResponseRequest{Extra: Extra{"conversation": 7}}, []string{"conversation"}},
		{"conversation and previous_response_id through extra", ResponseRequest{PreviousResponseID: "r",
			Extra: Extra{"conversation": map[string]any{"id": "c"}}}, []string{"previous_response_id"}},
		{"context management type", ResponseRequest{ContextManagement: []ResponseContextManagement{{Type: "compaction"}, {Type: "summary"}, {}}},
			[]string{"context_management[1].type", "context_management[2].type"}},
		{"include value", ResponseRequest{Include: []string{"reasoning.encrypted_content", "output_text", ""}},
			[]string{"include[1]", "include[2]"}},
		{"prompt without id", ResponseRequest{Prompt: ResponsePrompt{Version: "3"}}, []string{"prompt.id"}},
		{"truncation", ResponseRequest{Truncation: "off"}, []string{"truncation"}},
		// prompt_cache_retention names 24h, and no list of values.
		{"prompt_cache_retention beyond 24h", ResponseRequest{PromptCacheRetention: "1h"}, nil},
		{"top_logprobs 21 through extra", ResponseRequest{Extra: Extra{"top_logprobs": 21}}, []string{"top_logprobs"}},
		{"top_logprobs 5.0 is a number", ResponseRequest{Extra: Extra{"top_logprobs": json.Number("5.0")}}, nil},
		{"top_logprobs 2.5", ResponseRequest{Extra: Extra{"top_logprobs": 2.5}}, []string{"top_logprobs"}},
		{"truncation through extra", ResponseRequest{Extra: Extra{"truncation": "maybe"}}, []string{"truncation"}},
		{"include through extra", ResponseRequest{Extra: Extra{"include": []any{"bogus"}}}, []string{"include[0]"}},
		{"safety_identifier 80 through extra", ResponseRequest{Extra: Extra{"safety_identifier": strings.Repeat("s", 80)}}, []string{"safety_identifier"}},
		{"max_output_tokens 50.0 is a number", ResponseRequest{Extra: Extra{"max_output_tokens": json.Number("50.0")}}, nil},
		{"metadata value a number", ResponseRequest{Extra: Extra{"metadata": map[string]any{"k": 1}}}, []string{"metadata.k"}},
		{"reasoning.summary", ResponseRequest{Reasoning: ResponseReasoning{Summary: "short"}}, []string{"reasoning.summary"}},
		{"stream_options without stream", ResponseRequest{StreamOptions: ResponseStreamOptions{IncludeObfuscation: &no}}, []string{"stream_options"}},
		{"max_output_tokens negative", ResponseRequest{MaxOutputTokens: -5}, []string{"max_output_tokens"}},
		{"max_tool_calls negative", ResponseRequest{MaxToolCalls: -1}, []string{"max_tool_calls"}},
		// tools[].type is required; name is only described ("function and custom tools").
		{"tool without type", ResponseRequest{Tools: []ResponseTool{{Name: "x"}, {Type: "function"}}},
			[]string{"tools[0].type"}},
		{"tool_choice mode", ResponseRequest{ToolChoice: ResponseToolChoice{Mode: "always"}}, []string{"tool_choice"}},
		// "the shapes of input items" are not shown; an echo that is not JSON cannot be sent.
		{"input items", ResponseRequest{Input: ResponseInputItems(ResponseInputItem{Type: "future_item"})}, nil},
		{"input echo not JSON", ResponseRequest{Input: ResponseInputItems(ResponseInputItem{Raw: json.RawMessage(`{"a":`)})},
			[]string{"body"}},
		{"input a number", ResponseRequest{Extra: Extra{"input": 5}}, []string{"input"}},
		{"several at once, in the order of 2.8", ResponseRequest{Temperature: f(3), TopP: f(2), SafetyIdentifier: strings.Repeat("s", 99)},
			[]string{"safety_identifier", "temperature", "top_p"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.req.Validate()
			var fields []string
			for _, v := range Violations(err) {
				fields = append(fields, v.Field)
				if !strings.Contains(err.Error(), v.Field) {
					t.Errorf("error text %q does not name %s", err, v.Field)
				}
			}
			if !slices.Equal(fields, tc.fields) {
				t.Errorf("violations %v, want %v (%v)", fields, tc.fields, err)
			}
		})
	}
}

func TestResponsesInvalidRequestSendsNothing(t *testing.T) {
	t.Parallel()
	c, fake := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		t.Error("an invalid request was sent")
		w.WriteHeader(http.StatusInternalServerError)
	})
	temp := 5.0
	req := ResponseRequest{Model: "m", Temperature: &temp}
	_, err := c.CreateResponse(t.Context(), req)
	var ve *ValidationError
	if !errors.As(err, &ve) || ve.Field != "temperature" || !strings.HasPrefix(err.Error(), "create response: temperature:") {
		t.Errorf("create: %v", err)
	}
	// Streaming turns stream on, so stream_options is fine there but not in
	// CreateResponse.
	no := false
	req = ResponseRequest{Model: "m", StreamOptions: ResponseStreamOptions{IncludeObfuscation: &no}}
	if _, err := c.CreateResponse(t.Context(), req); !errors.As(err, &ve) || ve.Field != "stream_options" {
		t.Errorf("create with stream_options: %v", err)
	}
	req.Temperature = &temp
	_, _, err = responsesCollect(t, c, req)
	if v := Violations(err); len(v) != 1 || v[0].Field != "temperature" || !strings.HasPrefix(err.Error(), "stream response: ") {
		t.Errorf("stream: %v", err)
	}
	if n := len(fake.Calls()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

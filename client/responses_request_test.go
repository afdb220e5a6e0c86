package client

import (
	"encoding/json"
	"net/http"
	"reflect"
	"testing"
)

// responsesJSONEqual fails unless got and want hold the same JSON value.
func responsesJSONEqual(t *testing.T, what string, got []byte, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: %v: %s", what, err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("%s: bad want: %v", what, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s:\n got %s\nwant %s", what, got, want)
	}
}

func TestCreateResponseSendsRequest(t *testing.T) {
	t.Parallel()
	c, fake := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		responsesServeJSON(w, http.StatusOK, fixture(t, "gamma/responses_completed.json"))
	})
	zero, no, yes, logprobs := 0.0, false, true, 0
	req := ResponseRequest{
		Model:             "gamma-model",
		Background:        false,
		ContextManagement: []ResponseContextManagement{{Type: "compaction", CompactThreshold: 200000}},
		Conversation:      ResponseConversation{ID: "conv_1"},
		Include:           []string{"reasoning.encrypted_content", "web_search_call.action.sources"},
		Input: ResponseInputItems(
			ResponseUserText("Hello"),
			ResponseAssistantText("Hi, how can I help?"),
			ResponseUserMessage(ResponseTextPart("What is this?"), ResponseImagePart("https://img.example.org/a.png", "low")),
		),
		Instructions:         "Be brief.",
		MaxOutputTokens:      1024,
		MaxToolCalls:         3,
		Metadata:             map[string]string{"ticket": "T-1"},
		ParallelToolCalls:    &no,
		Prompt:               ResponsePrompt{ID: "pmpt_1", Version: "2", Variables: map[string]any{"city": "Oslo"}},
		PromptCacheKey:       "k1",
		PromptCacheRetention: "24h",
		Reasoning:            ResponseReasoning{Effort: "low", Summary: "auto"},
		SafetyIdentifier:     "user-hash",
		ServiceTier:          "flex",
		Store:                &no,
		Stream:               true, // CreateResponse turns it off
		Temperature:          &zero,
		Text: ResponseTextConfig{Verbosity: "low", Format: ResponseTextFormat{
			Type: "json_schema", Name: "w", Schema: map[string]any{"type": "object"}, Strict: &yes}},
		ToolChoice: ResponseToolChoice{Type: "function", Name: "get_weather"},
		Tools: []ResponseTool{
			{Type: "function", Name: "get_weather", Description: "Weather", Parameters: json.RawMessage(`{"type":"object"}`), Strict: &yes, DeferLoading: true},
			{Type: "web_search", Extra: Extra{"search_context_size": "low"}},
			{Type: "mcp", ServerLabel: "docs", ServerURL: "https://mcp.example.org"},
			{Type: "file_search", VectorStoreIDs: []string{"vs_1"}},
		},
		TopLogprobs: &logprobs,
		Truncation:  "auto",
		User:        "u1",
	}
	resp, err := c.CreateResponse(t.Context(), req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.ID != "resp_1" {
		t.Errorf("ID %q", resp.ID)
	}
	fake.checkCall(0)
	responsesJSONEqual(t, "body", fake.Calls()[0].Body, `{
		"model":"gamma-model",
		"context_management":[{"type":"compaction","compact_threshold":200000}],
		"conversation":"conv_1",
		"include":["reasoning.encrypted_content","web_search_call.action.sources"],
		"input":[
			{"type":"message","role":"user","content":[{"type":"input_text","text":"Hello"}]},
			{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Hi, how can I help?","annotations":[]}]},
			{"type":"message","role":"user","content":[{"type":"input_text","text":"What is this?"},
				{"type":"input_image","image_url":"https://img.example.org/a.png","detail":"low"}]}
		],
		"instructions":"Be brief.",
		"max_output_tokens":1024,
		"max_tool_calls":3,
		"metadata":{"ticket":"T-1"},
		"parallel_tool_calls":false,
		"prompt":{"id":"pmpt_1","version":"2","variables":{"city":"Oslo"}},
		"prompt_cache_key":"k1",
		"prompt_cache_retention":"24h",
		"reasoning":{"effort":"low","summary":"auto"},
		"safety_identifier":"user-hash",
		"service_tier":"flex",
		"store":false,
		"temperature":0,
		"text":{"format":{"type":"json_schema","name":"w","schema":{"type":"object"},"strict":true},"verbosity":"low"},
		"tool_choice":{"type":"function","name":"get_weather"},
		"tools":[
			{"type":"function","name":"get_weather","description":"Weather","parameters":{"type":"object"},"strict":true,"defer_loading":true},
			{"type":"web_search","search_context_size":"low"},
			{"type":"mcp","server_label":"docs","server_url":"https://mcp.example.org"},
			{"type":"file_search","vector_store_ids":["vs_1"]}
		],
		"top_logprobs":0,
		"truncation":"auto",
		"user":"u1"
	}`)
}

func TestResponseRequestMarshal(t *testing.T) {
	t.Parallel()
	no := false
	for _, tc := range []struct {
		name string
		req  ResponseRequest
		want string
	}{
		{"empty request sends nothing", ResponseRequest{}, `{}`},
		{"text input", ResponseRequest{Input: ResponseInputText("hi")}, `{"input":"hi"}`},
		{"empty item list is still a list", ResponseRequest{Input: ResponseInputItems()}, `{"input":[]}`},
		{"conversation object", ResponseRequest{Conversation: ResponseConversation{ID: "c1", Object: true}}, `{"conversation":{"id":"c1"}}`},
		{"tool choice mode", ResponseRequest{ToolChoice: ResponseToolChoice{Mode: "required"}}, `{"tool_choice":"required"}`},
		{"tool choice raw", ResponseRequest{ToolChoice: ResponseToolChoice{Raw: json.RawMessage(`{"type":"allowed_tools","mode":"auto","tools":[]}`)}},
			`{"tool_choice":{"type":"allowed_tools","mode":"auto","tools":[]}}`},
		{"stream options", ResponseRequest{Stream: true, StreamOptions: ResponseStreamOptions{IncludeObfuscation: &no}},
			`{"stream":true,"stream_options":{"include_obfuscation":false}}`},
		{"extra adds and overrides", ResponseRequest{Model: "m", Extra: Extra{"model": "other", "new_field": map[string]any{"a": 1}}},
			`{"model":"other","new_field":{"a":1}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(tc.req)
			if err != nil {
				t.Fatal(err)
			}
			responsesJSONEqual(t, "body", b, tc.want)
		})
	}
}

func TestStreamResponseSendsExtra(t *testing.T) {
	t.Parallel()
	c, fake := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		responsesServeSSE(w, fixture(t, "gamma/responses_function_call.sse"))
	})
	req := responsesTestRequest()
	req.Extra = Extra{"future_option": true}
	if _, _, err := responsesCollect(t, c, req); err != nil {
		t.Fatal(err)
	}
	body := fake.checkCall(0)
	if body["future_option"] != true || body["stream"] != true || body["model"] != "gamma-model" {
		t.Errorf("body %v: want future_option, stream true and the model", body)
	}
	if a := fake.Calls()[0].Accept; a != "text/event-stream" {
		t.Errorf("Accept %q", a)
	}
}

func TestResponseInputConstructors(t *testing.T) {
	t.Parallel()
	echoed := `{"id":"rs_1","type":"reasoning","summary":[],"encrypted_content":"gAAAAB-enc"}`
	var item ResponseItem
	if err := json.Unmarshal([]byte(echoed), &item); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		item ResponseInputItem
		want string
	}{
		{"user text", ResponseUserText("hi"), `{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}`},
		{"assistant history", ResponseAssistantText("ok"),
			`{"type":"message","role":"assistant","content":[{"type":"output_text","text":"ok","annotations":[]}]}`},
		{"image by URL", ResponseUserMessage(ResponseImagePart("https://x.example/a.png", "")),
			`{"type":"message","role":"user","content":[{"type":"input_image","image_url":"https://x.example/a.png"}]}`},
		{"image inline", ResponseUserMessage(ResponseImageDataPart("image/png", []byte{0x89, 'P', 'N', 'G'}, "high")),
			`{"type":"message","role":"user","content":[{"type":"input_image","image_url":"data:image/png;base64,iVBORw==","detail":"high"}]}`},
		{"function output", ResponseFunctionOutput("call_1", `{"temp":21}`),
			`{"type":"function_call_output","call_id":"call_1","output":"{\"temp\":21}"}`},
		{"echo keeps the item as received", ResponseEcho(item), echoed},
		{"echo of a hand-built item", ResponseEcho(ResponseItem{Type: "function_call", CallID: "c", Name: "f", Arguments: "{}"}),
			`{"type":"function_call","call_id":"c","name":"f","arguments":"{}"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(tc.item)
			if err != nil {
				t.Fatal(err)
			}
			responsesJSONEqual(t, "item", b, tc.want)
		})
	}
	if string(ResponseEcho(item).Raw) != echoed {
		t.Errorf("echo changed the bytes: %s", ResponseEcho(item).Raw)
	}
}

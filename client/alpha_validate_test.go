package client

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// alphaValid returns a request that passes validation, for tests to break.
func alphaValid() *MessageRequest {
	return &MessageRequest{
		Model: "alpha-model-1", MaxTokens: 4096,
		Messages: []MessageTurn{MessageUserText("hi"), {Role: "assistant", Content: MessageContent{Text: "Hello"}}, MessageUserText("more")},
		Tools:    []MessageTool{{Name: "f", InputSchema: map[string]any{"type": "object"}}, {Type: "web_search_20260209", Name: "web_search"}},
	}
}

func TestMessageRequestValidate(t *testing.T) {
	t.Parallel()
	neg := -1
	tests := []struct {
		name   string
		change func(r *MessageRequest)
		field  string // "" for a request that must pass
	}{
		{"valid", func(r *MessageRequest) {}, ""},
		// 2.1 model: string, required.
		{"model missing", func(r *MessageRequest) { r.Model = "" }, "model"},
		{"model a number", func(r *MessageRequest) { r.Extra = Extra{"model": 7} }, "model"},
		// 2.1 max_tokens: integer, required; a maximum of generated tokens.
		{"max_tokens", func(r *MessageRequest) { r.MaxTokens = 0 }, "max_tokens"},
		{"max_tokens 0 through extra", func(r *MessageRequest) { r.Extra = Extra{"max_tokens": 0} }, "max_tokens"},
		{"max_tokens a fraction", func(r *MessageRequest) { r.Extra = Extra{"max_tokens": 100.5} }, "max_tokens"},
		// 2.1 messages: required; "Alternating user and assistant turns".
		{"no messages", func(r *MessageRequest) { r.Messages = nil }, "messages"},
		{"two user turns", func(r *MessageRequest) { r.Messages[1].Role = "user" }, "messages[1].role"},
		{"two assistant turns", func(r *MessageRequest) { r.Messages = append(r.Messages[:2], r.Messages[1]) }, "messages[2].role"},
		{"last turn assistant: the model continues it", func(r *MessageRequest) { r.Messages = r.Messages[:2] }, ""},
		{"role missing", func(r *MessageRequest) { r.Messages[1].Role = "" }, "messages[1].role"},
		{"content missing", func(r *MessageRequest) { r.Messages[0].Content = MessageContent{} }, "messages[0].content"},
		// "Allowed values not shown for ... the shapes of content blocks".
		{"block shapes are the service's", func(r *MessageRequest) { r.Messages[0] = MessageUserBlocks(MessageImageBase64("image/png", "")) }, ""},
		{"content a number", func(r *MessageRequest) {
			r.Extra = Extra{"messages": []any{map[string]any{"role": "user", "content": 5}}}
		}, "messages[0].content"},
		// 2.1 system: string | object[].
		{"system an object", func(r *MessageRequest) { r.Extra = Extra{"system": map[string]any{"text": "x"}} }, "system"},
		// thinking.type: values not shown; budget_tokens ">= 1024 and < max_tokens".
		{"thinking type not shown: let through", func(r *MessageRequest) { r.Thinking = MessageThinking{Type: "on"} }, ""},
		{"thinking budget low", func(r *MessageRequest) { r.Thinking = MessageThinking{Type: "enabled", BudgetTokens: 1023} }, "thinking.budget_tokens"},
		{"thinking budget = max_tokens", func(r *MessageRequest) { r.Thinking = MessageThinking{Type: "enabled", BudgetTokens: 4096} }, "thinking.budget_tokens"},
		{"thinking budget above an extra max_tokens", func(r *MessageRequest) {
			r.Thinking = MessageThinking{Type: "enabled", BudgetTokens: 2000}
			r.Extra = Extra{"max_tokens": 1500}
		}, "thinking.budget_tokens"},
		{"thinking budget ok", func(r *MessageRequest) {
			r.Thinking = MessageThinking{Type: "enabled", BudgetTokens: 1024, Display: "summarized"}
		}, ""},
		{"adaptive without budget", func(r *MessageRequest) { r.Thinking = MessageThinking{Type: "adaptive"} }, ""},
		// thinking.display: summarized or omitted.
		{"thinking display", func(r *MessageRequest) { r.Thinking = MessageThinking{Type: "adaptive", Display: "hidden"} }, "thinking.display"},
		// temperature: "range 0.0 to 1.0"; "Change either temperature or top_p, not both".
		{"temperature high", func(r *MessageRequest) { r.Temperature = alphaF(1.5) }, "temperature"},
		{"temperature zero", func(r *MessageRequest) { r.Temperature = alphaF(0) }, ""},
		{"temperature a string", func(r *MessageRequest) { r.Extra = Extra{"temperature": "0.5"} }, "temperature"},
		{"top_p has no stated range", func(r *MessageRequest) { r.TopP = alphaF(1.5) }, ""},
		{"temperature and top_p", func(r *MessageRequest) { r.Temperature, r.TopP = alphaF(0.5), alphaF(0.5) }, "top_p"},
		// top_k: "the top K options".
		{"top_k negative", func(r *MessageRequest) { r.TopK = &neg }, "top_k"},
		{"top_k negative through extra", func(r *MessageRequest) { r.Extra = Extra{"top_k": -1} }, "top_k"},
		// tool_choice.type: auto, any, tool, none; name: "Tool forced when type is tool".
		{"tool_choice type", func(r *MessageRequest) { r.ToolChoice.Type = "auto_please" }, "tool_choice.type"},
		{"tool_choice tool without name", func(r *MessageRequest) { r.ToolChoice.Type = "tool" }, "tool_choice.name"},
		{"tool_choice tool ok", func(r *MessageRequest) { r.ToolChoice = MessageToolChoice{Type: "tool", Name: "f"} }, ""},
		// cache_control.type: "Fixed value ephemeral"; ttl values beyond 5m not shown.
		{"cache_control type", func(r *MessageRequest) { r.CacheControl = MessageCacheControl{Type: "persistent"} }, "cache_control.type"},
		{"cache_control ttl not shown: let through", func(r *MessageRequest) { r.CacheControl = MessageCacheControl{Type: "ephemeral", TTL: "2h"} }, ""},
		// output_config.effort and service_tier: values not shown.
		{"effort not shown: let through", func(r *MessageRequest) { r.OutputConfig.Effort = "extreme" }, ""},
		{"service_tier not shown: let through", func(r *MessageRequest) { r.ServiceTier = "priority" }, ""},
		// metadata.user_id: a string; "must not contain personal data" is the service's to judge.
		{"user_id any string", func(r *MessageRequest) { r.Metadata.UserID = strings.Repeat("u", 300) }, ""},
		{"user_id a number", func(r *MessageRequest) { r.Extra = Extra{"metadata": map[string]any{"user_id": 5}} }, "metadata.user_id"},
		// tools[].name: required; input_schema "Required for custom tools".
		{"tool name", func(r *MessageRequest) { r.Tools[1].Name = "" }, "tools[1].name"},
		{"custom tool schema", func(r *MessageRequest) { r.Tools[0].InputSchema = nil }, "tools[0].input_schema"},
		{"stop_sequences a string", func(r *MessageRequest) { r.Extra = Extra{"stop_sequences": "END"} }, "stop_sequences"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := alphaValid()
			tt.change(r)
			err := r.Validate()
			var fields []string
			for _, v := range Violations(err) {
				fields = append(fields, v.Field)
			}
			if tt.field == "" {
				if err != nil {
					t.Fatalf("valid request rejected: %v", err)
				}
				return
			}
			if !slices.Contains(fields, tt.field) {
				t.Fatalf("violations %v (%v), want %s", fields, err, tt.field)
			}
			if !strings.Contains(err.Error(), tt.field) {
				t.Errorf("error %q does not name %s", err, tt.field)
			}
			alphaNothingSent(t, r)
		})
	}
}

// alphaNothingSent checks that both operations refuse r before sending.
func alphaNothingSent(t *testing.T, r *MessageRequest) {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, req *http.Request) {
		t.Errorf("an invalid request was sent: %s", req.URL)
	})
	c, _ := newTestClient(t, mux)
	if _, err := c.Messages(context.Background(), r); len(Violations(err)) == 0 || !strings.HasPrefix(err.Error(), "create message: ") {
		t.Errorf("Messages: %v", err)
	}
	for _, err := range c.StreamMessages(context.Background(), r) {
		if len(Violations(err)) == 0 {
			t.Errorf("StreamMessages: %v", err)
		}
	}
}

func TestMessageRequestValidateAll(t *testing.T) {
	t.Parallel()
	r := &MessageRequest{Messages: []MessageTurn{{Role: "bot"}}, Temperature: alphaF(2)}
	var fields []string
	for _, v := range Violations(r.Validate()) {
		fields = append(fields, v.Field)
	}
	want := []string{"model", "max_tokens", "messages[0].content", "temperature"}
	if !slices.Equal(fields, want) {
		t.Errorf("violations %v, want %v", fields, want)
	}
	if _, err := (&Client{}).Messages(context.Background(), nil); err == nil {
		t.Error("nil request accepted")
	}
}

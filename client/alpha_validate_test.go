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
	neg := -1
	tests := []struct {
		name   string
		change func(r *MessageRequest)
		field  string // "" for a request that must pass
	}{
		{"valid", func(r *MessageRequest) {}, ""},
		{"model", func(r *MessageRequest) { r.Model = " " }, "model"},
		{"max_tokens", func(r *MessageRequest) { r.MaxTokens = 0 }, "max_tokens"},
		{"no messages", func(r *MessageRequest) { r.Messages = nil }, "messages"},
		{"role system", func(r *MessageRequest) { r.Messages[2].Role = "system" }, "messages[2].role"},
		{"role missing", func(r *MessageRequest) { r.Messages[1].Role = "" }, "messages[1].role"},
		{"content missing", func(r *MessageRequest) { r.Messages[0].Content = MessageContent{} }, "messages[0].content"},
		{"block type missing", func(r *MessageRequest) { r.Messages[0] = MessageUserBlocks(MessageInputBlock{Text: "x"}) }, "messages[0].content[0].type"},
		{"image without data", func(r *MessageRequest) { r.Messages[0] = MessageUserBlocks(MessageImageBase64("image/png", "")) }, "messages[0].content[0].source.data"},
		{"image without source", func(r *MessageRequest) { r.Messages[0] = MessageUserBlocks(MessageInputBlock{Type: "image"}) }, "messages[0].content[0].source"},
		{"tool_result without id", func(r *MessageRequest) { r.Messages[0] = MessageUserBlocks(MessageToolResult("", "x", false)) }, "messages[0].content[0].tool_use_id"},
		{"echoed block not inspected", func(r *MessageRequest) {
			r.Messages[1].Content = MessageContent{Blocks: []MessageInputBlock{{Raw: []byte(`{"type":"future"}`)}}}
		}, ""},
		{"system block", func(r *MessageRequest) { r.System = MessageContent{Blocks: []MessageInputBlock{{}}} }, "system[0].type"},
		{"thinking type", func(r *MessageRequest) { r.Thinking.Type = "on" }, "thinking.type"},
		{"thinking budget low", func(r *MessageRequest) { r.Thinking = MessageThinking{Type: "enabled", BudgetTokens: 1023} }, "thinking.budget_tokens"},
		{"thinking budget missing", func(r *MessageRequest) { r.Thinking = MessageThinking{Type: "enabled"} }, "thinking.budget_tokens"},
		{"thinking budget = max_tokens", func(r *MessageRequest) { r.Thinking = MessageThinking{Type: "enabled", BudgetTokens: 4096} }, "thinking.budget_tokens"},
		{"thinking budget ok", func(r *MessageRequest) {
			r.Thinking = MessageThinking{Type: "enabled", BudgetTokens: 1024, Display: "summarized"}
		}, ""},
		{"adaptive without budget", func(r *MessageRequest) { r.Thinking = MessageThinking{Type: "adaptive"} }, ""},
		{"thinking display", func(r *MessageRequest) { r.Thinking = MessageThinking{Type: "adaptive", Display: "hidden"} }, "thinking.display"},
		{"temperature high", func(r *MessageRequest) { r.Temperature = alphaF(1.5) }, "temperature"},
		{"temperature zero", func(r *MessageRequest) { r.Temperature = alphaF(0) }, ""},
		{"top_p negative", func(r *MessageRequest) { r.TopP = alphaF(-0.1) }, "top_p"},
		{"temperature and top_p", func(r *MessageRequest) { r.Temperature, r.TopP = alphaF(0.5), alphaF(0.5) }, "top_p"},
		{"top_k negative", func(r *MessageRequest) { r.TopK = &neg }, "top_k"},
		{"tool_choice type", func(r *MessageRequest) { r.ToolChoice.Type = "auto_please" }, "tool_choice.type"},
		{"tool_choice without type", func(r *MessageRequest) { r.ToolChoice.DisableParallelToolUse = true }, "tool_choice.type"},
		{"tool_choice tool without name", func(r *MessageRequest) { r.ToolChoice.Type = "tool" }, "tool_choice.name"},
		{"tool_choice unknown tool", func(r *MessageRequest) { r.ToolChoice = MessageToolChoice{Type: "tool", Name: "g"} }, "tool_choice.name"},
		{"tool_choice tool ok", func(r *MessageRequest) { r.ToolChoice = MessageToolChoice{Type: "tool", Name: "f"} }, ""},
		{"cache_control type", func(r *MessageRequest) { r.CacheControl = MessageCacheControl{Type: "persistent"} }, "cache_control.type"},
		{"cache_control ttl", func(r *MessageRequest) { r.CacheControl = MessageCacheControl{Type: "ephemeral", TTL: "2h"} }, "cache_control.ttl"},
		{"tool cache_control", func(r *MessageRequest) { r.Tools[0].CacheControl = MessageCacheControl{TTL: "1h"} }, "tools[0].cache_control.type"},
		{"effort", func(r *MessageRequest) { r.OutputConfig.Effort = "extreme" }, "output_config.effort"},
		{"service_tier", func(r *MessageRequest) { r.ServiceTier = "priority" }, "service_tier"},
		{"user_id e-mail", func(r *MessageRequest) { r.Metadata.UserID = "jane.doe@example.org" }, "metadata.user_id"},
		{"user_id long", func(r *MessageRequest) { r.Metadata.UserID = strings.Repeat("u", 257) }, "metadata.user_id"},
		{"tool name", func(r *MessageRequest) { r.Tools[1].Name = "" }, "tools[1].name"},
		{"custom tool schema", func(r *MessageRequest) { r.Tools[0].InputSchema = nil }, "tools[0].input_schema"},
		{"max_uses negative", func(r *MessageRequest) { r.Tools[1].MaxUses = -2 }, "tools[1].max_uses"},
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
	r := &MessageRequest{Messages: []MessageTurn{{Role: "bot"}}, Temperature: alphaF(2)}
	var fields []string
	for _, v := range Violations(r.Validate()) {
		fields = append(fields, v.Field)
	}
	want := []string{"model", "max_tokens", "messages[0].role", "messages[0].content", "temperature"}
	if !slices.Equal(fields, want) {
		t.Errorf("violations %v, want %v", fields, want)
	}
	if _, err := (&Client{}).Messages(context.Background(), nil); err == nil {
		t.Error("nil request accepted")
	}
}

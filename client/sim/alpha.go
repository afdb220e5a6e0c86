package sim

import (
	"encoding/json"
	"fmt"
	"strings"
)

// alphaRequest is what the simulator reads of a message request (2.1).
type alphaRequest struct {
	Model         string          `json:"model"`
	MaxTokens     *int            `json:"max_tokens"`
	Messages      []alphaMessage  `json:"messages"`
	System        json.RawMessage `json:"system"`
	Thinking      *alphaThinking  `json:"thinking"`
	Tools         []alphaTool     `json:"tools"`
	ToolChoice    *alphaChoice    `json:"tool_choice"`
	Temperature   *float64        `json:"temperature"`
	TopP          *float64        `json:"top_p"`
	TopK          *int            `json:"top_k"`
	Stream        bool            `json:"stream"`
	StopSequences []string        `json:"stop_sequences"`
}

type alphaMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type alphaThinking struct {
	Type         string `json:"type"`
	BudgetTokens *int   `json:"budget_tokens"`
	Display      string `json:"display"`
}

type alphaTool struct {
	Type        string          `json:"type"`
	Name        string          `json:"name"`
	InputSchema json.RawMessage `json:"input_schema"`
}

type alphaChoice struct {
	Type string `json:"type"`
	Name string `json:"name"`
}

// alphaMessages answers POST /bypass/alpha/v1/messages.
func (c *call) alphaMessages() {
	req, ok := validRequest[alphaRequest](c)
	if !ok {
		return
	}
	m := req.reply()
	m.id = "msg_sim" + c.id
	if req.Stream {
		c.stream(m.events())
		return
	}
	c.reply(200, m.final())
}

// validate checks the main documented rules of 2.1 and the Limits table.
func (q *alphaRequest) validate() []violation {
	var vs []violation
	add := func(field, msg string) { vs = append(vs, violation{field: field, msg: msg}) }
	if q.Model == "" {
		add("model", "is required")
	}
	switch {
	case q.MaxTokens == nil:
		add("max_tokens", "is required")
	case *q.MaxTokens < 1:
		add("max_tokens", fmt.Sprintf("must be at least 1 (got %d)", *q.MaxTokens))
	}
	if len(q.Messages) == 0 {
		add("messages", "is required and must not be empty")
	}
	for i, m := range q.Messages {
		if m.Role != "user" && m.Role != "assistant" {
			add(fmt.Sprintf("messages[%d].role", i), fmt.Sprintf("must be user or assistant (got %q)", m.Role))
		}
		if i > 0 && m.Role == q.Messages[i-1].Role {
			add(fmt.Sprintf("messages[%d].role", i), "turns must alternate between user and assistant")
		}
		if len(m.Content) == 0 || string(m.Content) == "null" {
			add(fmt.Sprintf("messages[%d].content", i), "is required")
		}
	}
	if t := q.Thinking; t != nil {
		switch t.Type {
		case "enabled":
			switch {
			case t.BudgetTokens == nil:
				add("thinking.budget_tokens", "is required when thinking is enabled")
			case *t.BudgetTokens < 1024:
				add("thinking.budget_tokens", fmt.Sprintf("must be >= 1024 (got %d)", *t.BudgetTokens))
			case q.MaxTokens != nil && *t.BudgetTokens >= *q.MaxTokens:
				add("thinking.budget_tokens", fmt.Sprintf("must be less than max_tokens (got %d, max_tokens %d)", *t.BudgetTokens, *q.MaxTokens))
			}
		case "disabled", "adaptive":
		default:
			add("thinking.type", fmt.Sprintf("must be enabled, disabled or adaptive (got %q)", t.Type))
		}
		if t.Display != "" && t.Display != "summarized" && t.Display != "omitted" {
			add("thinking.display", fmt.Sprintf("must be summarized or omitted (got %q)", t.Display))
		}
	}
	if t := q.Temperature; t != nil && (*t < 0 || *t > 1) {
		add("temperature", fmt.Sprintf("must be between 0 and 1 (got %g)", *t))
	}
	if k := q.TopK; k != nil && *k < 0 {
		add("top_k", fmt.Sprintf("must be at least 0 (got %d)", *k))
	}
	if q.Temperature != nil && q.TopP != nil {
		add("top_p", "set either temperature or top_p, not both")
	}
	for i, t := range q.Tools {
		if t.Name == "" {
			add(fmt.Sprintf("tools[%d].name", i), "is required")
		}
		if t.custom() && len(t.InputSchema) == 0 {
			add(fmt.Sprintf("tools[%d].input_schema", i), "is required for custom tools")
		}
	}
	if tc := q.ToolChoice; tc != nil {
		switch tc.Type {
		case "auto", "any", "none":
		case "tool":
			if tc.Name == "" {
				add("tool_choice.name", "is required when tool_choice.type is tool")
			}
		default:
			add("tool_choice.type", fmt.Sprintf("must be auto, any, tool or none (got %q)", tc.Type))
		}
	}
	return vs
}

// custom reports whether t is a custom tool rather than a built-in one.
func (t alphaTool) custom() bool { return t.Type == "" || t.Type == "custom" }

// webSearch reports whether t is the built-in web search tool.
func (t alphaTool) webSearch() bool { return strings.HasPrefix(t.Type, "web_search") }

// prompt is the text of the last user message.
func (q *alphaRequest) prompt() string {
	for i := len(q.Messages) - 1; i >= 0; i-- {
		if q.Messages[i].Role == "user" {
			return contentText(q.Messages[i].Content)
		}
	}
	return ""
}

// contentText joins the text of string content or of text blocks.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &blocks)
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// hasBlock reports whether content holds a block of type typ.
func hasBlock(raw json.RawMessage, typ string) bool {
	var blocks []struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(raw, &blocks)
	for _, b := range blocks {
		if b.Type == typ {
			return true
		}
	}
	return false
}

// inputTokens counts the text a request carries: every string in the
// system prompt and the messages except base64 data, ids and signatures.
func inputTokens(raws ...json.RawMessage) int {
	n := 0
	for _, raw := range raws {
		var v any
		if json.Unmarshal(raw, &v) == nil {
			n += stringTokens(v, "")
		}
	}
	return n
}

func stringTokens(v any, key string) int {
	switch v := v.(type) {
	case string:
		switch key {
		case "data", "signature", "type", "id", "tool_use_id", "thoughtSignature", "mimeType", "encrypted_content", "b64_json":
			return 0
		}
		return countTokens(v)
	case []any:
		n := 0
		for _, e := range v {
			n += stringTokens(e, key)
		}
		return n
	case map[string]any:
		n := 0
		for k, e := range v {
			n += stringTokens(e, k)
		}
		return n
	}
	return 0
}

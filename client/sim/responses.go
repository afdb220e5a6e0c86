package sim

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// responsesRequest is what the simulator reads of a responses request (2.8).
type responsesRequest struct {
	Model              string                     `json:"model"`
	Input              json.RawMessage            `json:"input"`
	Instructions       *string                    `json:"instructions"`
	MaxOutputTokens    *float64                   `json:"max_output_tokens"`
	MaxToolCalls       *float64                   `json:"max_tool_calls"`
	Metadata           map[string]json.RawMessage `json:"metadata"`
	Reasoning          *responsesReasoning        `json:"reasoning"`
	Stream             bool                       `json:"stream"`
	StreamOptions      json.RawMessage            `json:"stream_options"`
	Temperature        *float64                   `json:"temperature"`
	TopP               *float64                   `json:"top_p"`
	TopLogprobs        *float64                   `json:"top_logprobs"`
	SafetyIdentifier   string                     `json:"safety_identifier"`
	Tools              []responsesTool            `json:"tools"`
	ToolChoice         json.RawMessage            `json:"tool_choice"`
	Text               json.RawMessage            `json:"text"`
	Truncation         string                     `json:"truncation"`
	Conversation       json.RawMessage            `json:"conversation"`
	PreviousResponseID string                     `json:"previous_response_id"`
	Include            []string                   `json:"include"`
	ContextManagement  []struct {
		Type string `json:"type"`
	} `json:"context_management"`
	Prompt *struct {
		ID string `json:"id"`
	} `json:"prompt"`
	PromptCacheRetention string `json:"prompt_cache_retention"`
	PromptCacheKey       string `json:"prompt_cache_key"`
	Background           bool   `json:"background"`
	ParallelToolCalls    *bool  `json:"parallel_tool_calls"`
	ServiceTier          string `json:"service_tier"`
	User                 string `json:"user"`
}

type responsesReasoning struct {
	Effort  string `json:"effort,omitempty"`
	Summary string `json:"summary,omitempty"`
}

type responsesTool struct {
	Type       string          `json:"type"`
	Name       string          `json:"name"`
	Parameters json.RawMessage `json:"parameters"`
}

var responsesIncludes = []string{"file_search_call.results", "web_search_call.results", "web_search_call.action.sources",
	"message.input_image.image_url", "computer_call_output.output.image_url", "code_interpreter_call.outputs",
	"reasoning.encrypted_content", "message.output_text.logprobs"}

// responses answers POST /bypass/gamma/v1/responses.
func (c *call) responses() {
	req, ok := validRequest[responsesRequest](c)
	if !ok {
		return
	}
	rep := req.reply()
	var echo struct {
		Tools json.RawMessage `json:"tools"`
	}
	_ = json.Unmarshal(c.body, &echo)
	rep.id, rep.tools = "resp_sim"+c.id, echo.Tools
	rep.created = c.s.now().Unix()
	for i := range rep.items {
		rep.items[i].id = fmt.Sprintf("%s_sim%s%d", rep.items[i].prefix(), c.id[:16], i)
	}
	if req.Stream {
		c.stream(rep.events())
		return
	}
	c.reply(200, rep.object(rep.status, true))
}

// validate checks the documented rules of 2.8 and the Limits table.
func (q *responsesRequest) validate() []violation {
	var vs []violation
	add := func(field, msg string) { vs = append(vs, violation{field: field, msg: msg}) }
	if len(q.Metadata) > 16 {
		add("metadata", fmt.Sprintf("at most 16 pairs (got %d)", len(q.Metadata)))
	}
	for k, v := range q.Metadata {
		var s string
		switch {
		case utf8.RuneCountInString(k) > 64:
			add("metadata", fmt.Sprintf("keys are at most 64 characters (got %d)", utf8.RuneCountInString(k)))
		case json.Unmarshal(v, &s) != nil:
			add("metadata."+k, "values must be strings")
		case utf8.RuneCountInString(s) > 512:
			add("metadata."+k, fmt.Sprintf("values are at most 512 characters (got %d)", utf8.RuneCountInString(s)))
		}
	}
	if t := q.Temperature; t != nil && (*t < 0 || *t > 2) {
		add("temperature", fmt.Sprintf("must be between 0 and 2 (got %g)", *t))
	}
	if t := q.TopLogprobs; t != nil && (*t < 0 || *t > 20 || *t != float64(int(*t))) {
		add("top_logprobs", fmt.Sprintf("must be an integer from 0 to 20 (got %g)", *t))
	}
	if n := utf8.RuneCountInString(q.SafetyIdentifier); n > 64 {
		add("safety_identifier", fmt.Sprintf("at most 64 characters (got %d)", n))
	}
	if m := q.MaxOutputTokens; m != nil && *m < 1 {
		add("max_output_tokens", fmt.Sprintf("must be at least 1 (got %g)", *m))
	}
	if r := q.Reasoning; r != nil && r.Summary != "" && !oneOf(r.Summary, "auto", "concise", "detailed") {
		add("reasoning.summary", fmt.Sprintf("must be auto, concise or detailed (got %q)", r.Summary))
	}
	if q.Truncation != "" && !oneOf(q.Truncation, "auto", "disabled") {
		add("truncation", fmt.Sprintf("must be auto or disabled (got %q)", q.Truncation))
	}
	if len(q.Conversation) > 0 && string(q.Conversation) != "null" && q.PreviousResponseID != "" {
		add("previous_response_id", "cannot be used together with conversation")
	}
	for i, inc := range q.Include {
		if !oneOf(inc, responsesIncludes...) {
			add(fmt.Sprintf("include[%d]", i), fmt.Sprintf("unknown value %q", inc))
		}
	}
	for i, cm := range q.ContextManagement {
		if cm.Type != "compaction" {
			add(fmt.Sprintf("context_management[%d].type", i), fmt.Sprintf("must be compaction (got %q)", cm.Type))
		}
	}
	if q.Prompt != nil && q.Prompt.ID == "" {
		add("prompt.id", "is required")
	}
	if len(q.StreamOptions) > 0 && string(q.StreamOptions) != "null" && !q.Stream {
		add("stream_options", "is only allowed when stream is true")
	}
	for i, t := range q.Tools {
		if t.Type == "" {
			add(fmt.Sprintf("tools[%d].type", i), "is required")
		}
	}
	var choice string
	if json.Unmarshal(q.ToolChoice, &choice) == nil && !oneOf(choice, "none", "auto", "required") {
		add("tool_choice", fmt.Sprintf("must be none, auto, required or an object (got %q)", choice))
	}
	return vs
}

// prompt is the text of the last user input.
func (q *responsesRequest) prompt() string {
	var s string
	if json.Unmarshal(q.Input, &s) == nil {
		return s
	}
	var items []struct {
		Type    string          `json:"type"`
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	}
	_ = json.Unmarshal(q.Input, &items)
	for i := len(items) - 1; i >= 0; i-- {
		if items[i].Role != "user" {
			continue
		}
		if json.Unmarshal(items[i].Content, &s) == nil {
			return s
		}
		var parts []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		_ = json.Unmarshal(items[i].Content, &parts)
		var texts []string
		for _, p := range parts {
			if p.Type == "input_text" || p.Type == "text" {
				texts = append(texts, p.Text)
			}
		}
		return strings.Join(texts, "\n")
	}
	return ""
}

// answered reports whether the input already returns a function's output.
func (q *responsesRequest) answered() bool {
	var items []struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(q.Input, &items)
	for _, it := range items {
		if it.Type == "function_call_output" {
			return true
		}
	}
	return false
}

func (q *responsesRequest) includes(what string) bool { return oneOf(what, q.Include...) }

func oneOf(v string, allowed ...string) bool {
	for _, a := range allowed {
		if v == a {
			return true
		}
	}
	return false
}

package client

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// Limits of a Responses-protocol request (INTERFACE 2.8 and Limits).
const (
	ResponseMaxMetadataPairs            = 16
	ResponseMaxMetadataKey              = 64
	ResponseMaxMetadataValue            = 512
	ResponseMaxSafetyIdentifier         = 64
	ResponseMaxTopLogprobs              = 20
	ResponseMaxTemperature      float64 = 2
)

// Validate checks r against the documented limits and returns every
// violation, joined; see Violations. Nothing is sent for a request that
// fails.
func (r *ResponseRequest) Validate() error {
	var c checks
	responsesCheckMetadata(&c, r.Metadata)
	c.floatRange("temperature", r.Temperature, 0, ResponseMaxTemperature)
	c.floatRange("top_p", r.TopP, 0, 1)
	c.notBoth("temperature", r.Temperature != nil, "top_p", r.TopP != nil)
	if r.TopLogprobs != nil {
		c.intRange("top_logprobs", *r.TopLogprobs, 0, ResponseMaxTopLogprobs)
	}
	c.maxLen("safety_identifier", r.SafetyIdentifier, ResponseMaxSafetyIdentifier)
	c.notBoth("conversation", !r.Conversation.IsZero(), "previous_response_id", r.PreviousResponseID != "")
	if r.Conversation.Object {
		c.required("conversation.id", r.Conversation.ID != "")
	}
	for i, cm := range r.ContextManagement {
		f := fmt.Sprintf("context_management[%d]", i)
		c.required(f+".type", cm.Type != "")
		c.oneOf(f+".type", cm.Type, "compaction")
		if cm.CompactThreshold < 0 {
			c.add(f+".compact_threshold", "must be >= 0", cm.CompactThreshold)
		}
	}
	for i, v := range r.Include {
		f := fmt.Sprintf("include[%d]", i)
		if v == "" {
			c.add(f, "must not be empty", nil)
		}
		c.oneOf(f, v, ResponseIncludeValues...)
	}
	if r.Prompt.Version != "" || r.Prompt.Variables != nil {
		c.required("prompt.id", r.Prompt.ID != "")
	}
	c.oneOf("truncation", r.Truncation, "auto", "disabled")
	c.oneOf("prompt_cache_retention", r.PromptCacheRetention, "24h", "in_memory", "in-memory")
	c.oneOf("reasoning.summary", r.Reasoning.Summary, "auto", "concise", "detailed")
	if r.StreamOptions.IncludeObfuscation != nil && !r.Stream {
		c.add("stream_options", "only with stream true", nil)
	}
	if r.MaxOutputTokens < 0 {
		c.add("max_output_tokens", "must be >= 1", r.MaxOutputTokens)
	}
	if r.MaxToolCalls < 0 {
		c.add("max_tool_calls", "must be >= 1", r.MaxToolCalls)
	}
	responsesCheckTools(&c, r)
	for i, it := range r.Input.Items {
		f := fmt.Sprintf("input[%d]", i)
		switch {
		case len(it.Raw) > 0 && !json.Valid(it.Raw):
			c.add(f, "echoed item is not valid JSON", nil)
		case len(it.Raw) == 0 && it.Type == "" && it.Role == "":
			c.add(f, "needs a type or a role", nil)
		}
	}
	return c.err()
}

func responsesCheckMetadata(c *checks, m map[string]string) {
	if len(m) > ResponseMaxMetadataPairs {
		c.add("metadata", fmt.Sprintf("at most %d pairs", ResponseMaxMetadataPairs), fmt.Sprintf("%d pairs", len(m)))
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if n := len([]rune(k)); n > ResponseMaxMetadataKey {
			c.add("metadata", fmt.Sprintf("keys at most %d characters", ResponseMaxMetadataKey), k)
		}
		c.maxLen("metadata."+k, m[k], ResponseMaxMetadataValue)
	}
}

func responsesCheckTools(c *checks, r *ResponseRequest) {
	c.oneOf("tool_choice", r.ToolChoice.Mode, "none", "auto", "required")
	if r.ToolChoice.Type == "function" {
		c.required("tool_choice.name", r.ToolChoice.Name != "")
	}
	for i, t := range r.Tools {
		f := fmt.Sprintf("tools[%d]", i)
		c.required(f+".type", t.Type != "")
		if t.Type == "function" || t.Type == "custom" {
			c.required(f+".name", t.Name != "")
		}
	}
}

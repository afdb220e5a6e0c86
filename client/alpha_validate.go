package client

import (
	"fmt"
	"regexp"
	"strings"
)

// alphaMinThinkingBudget is the smallest thinking budget the service takes.
const alphaMinThinkingBudget = 1024

// alphaMaxUserID caps metadata.user_id: it is an opaque id, not free text.
const alphaMaxUserID = 256

// alphaEmail spots an e-mail address in metadata.user_id, which must not
// carry personal data.
var alphaEmail = regexp.MustCompile(`[^\s@]+@[^\s@]+\.[^\s@]+`)

// Validate checks req against the documented rules (INTERFACE.md 2.1 and
// Limits, with the values PROTOCOLS.md 1.2 fills in) and returns every
// violation, each naming its field path, e.g. messages[2].role.
func (r *MessageRequest) Validate() error {
	var c checks
	c.required("model", strings.TrimSpace(r.Model) != "")
	if r.MaxTokens < 1 {
		c.add("max_tokens", "must be >= 1", r.MaxTokens)
	}
	c.required("messages", len(r.Messages) > 0)
	for i, m := range r.Messages {
		p := fmt.Sprintf("messages[%d]", i)
		c.required(p+".role", m.Role != "")
		c.oneOf(p+".role", m.Role, "user", "assistant")
		c.required(p+".content", m.Content.Text != "" || len(m.Content.Blocks) > 0)
		alphaCheckBlocks(&c, p+".content", m.Content.Blocks)
	}
	alphaCheckBlocks(&c, "system", r.System.Blocks)
	r.checkThinking(&c)
	r.checkTools(&c)
	c.floatRange("temperature", r.Temperature, 0, 1)
	c.floatRange("top_p", r.TopP, 0, 1)
	c.notBoth("temperature", r.Temperature != nil, "top_p", r.TopP != nil)
	if r.TopK != nil && *r.TopK < 0 {
		c.add("top_k", "must be >= 0", *r.TopK)
	}
	alphaCheckCache(&c, "cache_control", r.CacheControl)
	c.oneOf("output_config.effort", r.OutputConfig.Effort, "low", "medium", "high", "xhigh", "max")
	c.oneOf("service_tier", r.ServiceTier, "auto", "standard_only")
	c.maxLen("metadata.user_id", r.Metadata.UserID, alphaMaxUserID)
	if alphaEmail.MatchString(r.Metadata.UserID) {
		c.add("metadata.user_id", "must be an opaque id, not personal data such as an e-mail address", r.Metadata.UserID)
	}
	return c.err()
}

func (r *MessageRequest) checkThinking(c *checks) {
	t := r.Thinking
	c.oneOf("thinking.type", t.Type, "enabled", "disabled", "adaptive")
	c.oneOf("thinking.display", t.Display, "summarized", "omitted")
	if t.Type != "enabled" && t.BudgetTokens == 0 {
		return
	}
	if t.BudgetTokens < alphaMinThinkingBudget || t.BudgetTokens >= r.MaxTokens {
		c.add("thinking.budget_tokens",
			fmt.Sprintf("must be >= %d and < max_tokens (%d)", alphaMinThinkingBudget, r.MaxTokens), t.BudgetTokens)
	}
}

func (r *MessageRequest) checkTools(c *checks) {
	names := make(map[string]bool, len(r.Tools))
	for i, t := range r.Tools {
		p := fmt.Sprintf("tools[%d]", i)
		c.required(p+".name", t.Name != "")
		names[t.Name] = true
		if t.Type == "" && t.InputSchema == nil {
			c.add(p+".input_schema", "is required for a custom tool (one with no type)", nil)
		}
		if t.MaxUses < 0 {
			c.add(p+".max_uses", "must be >= 1", t.MaxUses)
		}
		alphaCheckCache(c, p+".cache_control", t.CacheControl)
	}
	tc := r.ToolChoice
	if tc == (MessageToolChoice{}) {
		return
	}
	c.required("tool_choice.type", tc.Type != "")
	c.oneOf("tool_choice.type", tc.Type, "auto", "any", "tool", "none")
	if tc.Type != "tool" {
		return
	}
	switch {
	case tc.Name == "":
		c.add("tool_choice.name", "is required when tool_choice.type is tool", nil)
	case len(r.Tools) > 0 && !names[tc.Name]:
		c.add("tool_choice.name", "must name one of tools[].name", tc.Name)
	}
}

// alphaCheckCache checks a cache_control object, which is optional.
func alphaCheckCache(c *checks, field string, cc MessageCacheControl) {
	if cc == (MessageCacheControl{}) {
		return
	}
	if cc.Type != "ephemeral" {
		c.add(field+".type", "must be ephemeral", cc.Type)
	}
	c.oneOf(field+".ttl", cc.TTL, "5m", "1h")
}

// alphaCheckBlocks checks content blocks built in code; a block with Raw is
// sent as it is (an echoed assistant block) and not looked into.
func alphaCheckBlocks(c *checks, field string, blocks []MessageInputBlock) {
	for j, b := range blocks {
		if len(b.Raw) > 0 {
			continue
		}
		p := fmt.Sprintf("%s[%d]", field, j)
		c.required(p+".type", b.Type != "")
		alphaCheckCache(c, p+".cache_control", b.CacheControl)
		switch b.Source.Type {
		case "":
			if b.Type == "image" {
				c.add(p+".source", "is required for an image", nil)
			}
		case "base64":
			c.required(p+".source.media_type", b.Source.MediaType != "")
			c.required(p+".source.data", b.Source.Data != "")
		case "url":
			c.required(p+".source.url", b.Source.URL != "")
		}
		if b.Type == "tool_result" {
			c.required(p+".tool_use_id", b.ToolUseID != "")
		}
	}
}

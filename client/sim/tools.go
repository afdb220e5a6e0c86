package sim

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"sort"
)

// toolArguments makes deterministic arguments that fit a JSON Schema: one
// value per declared property (strings take the first enum value or the
// prompt's topic), or {"query": topic} when the schema declares none.
func toolArguments(schema json.RawMessage, prompt string) string {
	var s struct {
		Properties map[string]struct {
			Type any   `json:"type"`
			Enum []any `json:"enum"`
		} `json:"properties"`
	}
	_ = json.Unmarshal(schema, &s)
	args := map[string]any{}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := s.Properties[name]
		if len(p.Enum) > 0 {
			args[name] = p.Enum[0]
			continue
		}
		typ, _ := p.Type.(string)
		if list, ok := p.Type.([]any); ok && len(list) > 0 {
			typ, _ = list[0].(string)
		}
		switch typ {
		case "integer":
			args[name] = 3
		case "number":
			args[name] = 1.5
		case "boolean":
			args[name] = true
		case "array":
			args[name] = []any{}
		case "object":
			args[name] = map[string]any{}
		default:
			args[name] = topicOf(prompt)
		}
	}
	if len(args) == 0 {
		args["query"] = topicOf(prompt)
	}
	b, _ := json.Marshal(args)
	return string(b)
}

// signature is an opaque base64 token derived from its parts, standing in
// for thought signatures and encrypted search content.
func signature(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	sum := h.Sum(nil)
	return base64.StdEncoding.EncodeToString(append(sum, sum[:16]...))
}

package client

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"unicode/utf8"
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

// Validate checks r as it will be sent, Extra fields merged in, against the
// rules of INTERFACE.md 2.8 and its Limits row, and returns every
// violation, joined; see Violations. Nothing is sent for a request that
// fails. Values the interface does not list (reasoning.effort, service_tier,
// text.verbosity, prompt_cache_retention beyond 24h, tool types) and
// ranges it does not give (top_p) are the service's to refuse.
func (r *ResponseRequest) Validate() error {
	return validateEncoded(r, responsesRules)
}

// responsesRules are the rules of 2.8 on a decoded responses request.
func responsesRules(w wireBody) {
	w.boolean("", "background")
	w.each("", "context_management", func(cm wireBody, p string) {
		cm.requiredEnum(p, "type", "compaction") // "type string (required; only compaction is supported)"
		cm.number(p, "compact_threshold")
	})
	responsesConversation(w)
	incs, _ := w.strings("", "include")
	for i, v := range incs {
		if !slices.Contains(ResponseIncludeValues, v) {
			w.c.add(fmt.Sprintf("include[%d]", i), "must be one of the include values of 2.8", v)
		}
	}
	w.textOrObjects("", "input")
	w.str("", "instructions")
	if n, ok := w.number("", "max_output_tokens"); ok {
		w.atLeast("max_output_tokens", n, chatMinMaxTokens) // a cap on output: room for one token
	}
	if n, ok := w.number("", "max_tool_calls"); ok {
		w.atLeast("max_tool_calls", n, 0)
	}
	responsesMetadata(w)
	w.str("", "model")
	w.boolean("", "parallel_tool_calls")
	w.str("", "previous_response_id")
	if pr, p, ok := w.in("", "prompt"); ok {
		pr.required(p, "id") // "id string (required)"
		pr.str(p, "id")
		pr.object(p, "variables")
		pr.str(p, "version")
	}
	w.str("", "prompt_cache_key")
	w.str("", "prompt_cache_retention")
	if rs, p, ok := w.in("", "reasoning"); ok {
		rs.str(p, "effort")
		rs.enum(p, "summary", gammaSummaries...)
	}
	if s, ok := w.str("", "safety_identifier"); ok {
		w.c.maxLen("safety_identifier", s, ResponseMaxSafetyIdentifier)
	}
	w.str("", "service_tier")
	w.boolean("", "store")
	w.boolean("", "stream")
	if so, p, ok := w.in("", "stream_options"); ok {
		so.boolean(p, "include_obfuscation")
		if stream, _ := w.m["stream"].(bool); !stream {
			w.c.add("stream_options", "only with stream true", nil)
		}
	}
	// temperature: "0 to 2. Change this or top_p, not both."
	if t, ok := w.number("", "temperature"); ok {
		w.between("temperature", t, chatMinTemperature, ResponseMaxTemperature)
	}
	if _, ok := w.number("", "top_p"); ok && w.present("temperature") {
		w.c.add("top_p", "set either temperature or top_p, not both", nil)
	}
	if tx, p, ok := w.in("", "text"); ok {
		tx.object(p, "format")
		tx.str(p, "verbosity")
	}
	responsesTools(w)
	// top_logprobs: a number, "Integer 0 to 20".
	if n, ok := w.number("", "top_logprobs"); ok && (n != math.Trunc(n) || n < 0 || n > ResponseMaxTopLogprobs) {
		w.c.add("top_logprobs", fmt.Sprintf("must be a whole number from 0 to %d", ResponseMaxTopLogprobs), n)
	}
	w.enum("", "truncation", "auto", "disabled")
	w.str("", "user")
}

// responsesConversation checks conversation: a string or an object, "not
// usable together with previous_response_id".
func responsesConversation(w wireBody) {
	v, ok := w.value("conversation")
	if !ok {
		return
	}
	switch c := v.(type) {
	case string:
	case map[string]any:
		conv := wireBody{c: w.c, m: c}
		conv.str("conversation.", "id")
	default:
		w.typeErr("conversation", "a conversation id or an object", v)
	}
	if w.present("previous_response_id") {
		w.c.add("previous_response_id", "cannot be used together with conversation", nil)
	}
}

// responsesMetadata checks metadata: "Up to 16 string-to-string pairs; key
// max 64, value max 512 characters".
func responsesMetadata(w wireBody) {
	md, ok := w.object("", "metadata")
	if !ok {
		return
	}
	if len(md) > ResponseMaxMetadataPairs {
		w.c.add("metadata", fmt.Sprintf("at most %d pairs", ResponseMaxMetadataPairs), fmt.Sprintf("%d pairs", len(md)))
	}
	for _, k := range slices.Sorted(maps.Keys(md)) {
		if n := utf8.RuneCountInString(k); n > ResponseMaxMetadataKey {
			w.c.add("metadata", fmt.Sprintf("keys at most %d characters", ResponseMaxMetadataKey), k)
		}
		m := wireBody{c: w.c, m: md}
		if s, ok := m.str("metadata.", k); ok {
			w.c.maxLen("metadata."+k, s, ResponseMaxMetadataValue)
		}
	}
}

// responsesTools checks tool_choice (none, auto, required, or an object)
// and tools (each with a type).
func responsesTools(w wireBody) {
	if v, ok := w.value("tool_choice"); ok {
		switch c := v.(type) {
		case string:
			w.enum("", "tool_choice", "none", "auto", "required")
		case map[string]any:
			tc := wireBody{c: w.c, m: c}
			tc.str("tool_choice.", "type")
		default:
			w.typeErr("tool_choice", "none, auto, required or an object", v)
		}
	}
	w.each("", "tools", func(t wireBody, p string) {
		t.required(p, "type")
		t.str(p, "type")
		t.str(p, "name")
		t.str(p, "description")
		t.object(p, "parameters")
		t.boolean(p, "strict")
	})
}

package client

import "fmt"

// alphaMinThinkingBudget is the smallest thinking budget the service takes.
const alphaMinThinkingBudget = 1024

// Validate checks req as it will be sent, Extra fields merged in, against
// the rules of INTERFACE.md 2.1 and its Limits row, and returns every
// violation, each naming its field path, e.g. messages[2].role. Values the
// interface leaves "not shown" (thinking.type, output_config.effort,
// service_tier, cache_control.ttl, content block shapes) are not checked:
// they are the service's to refuse.
func (r *MessageRequest) Validate() error {
	return validateEncoded(r, alphaRules)
}

// alphaRules are the rules of 2.1 on a decoded message request.
func alphaRules(w wireBody) {
	w.required("", "model")
	w.str("", "model")
	w.required("", "max_tokens")
	maxTokens, hasMax := w.integer("", "max_tokens")
	if hasMax {
		w.atLeast("max_tokens", float64(maxTokens), chatMinMaxTokens) // a maximum of generated tokens: at least one
	}
	alphaMessages(w)
	w.textOrObjects("", "system")
	if th, p, ok := w.in("", "thinking"); ok {
		th.str(p, "type")
		// thinking.budget_tokens: ">= 1024 and < max_tokens" (2.1, Limits).
		if b, ok := th.integer(p, "budget_tokens"); ok && (b < alphaMinThinkingBudget || hasMax && b >= maxTokens) {
			w.c.add(p+"budget_tokens", fmt.Sprintf("must be >= %d and < max_tokens (%d)", alphaMinThinkingBudget, maxTokens), b)
		}
		th.enum(p, "display", alphaDisplays...)
	}
	alphaTools(w)
	if oc, p, ok := w.in("", "output_config"); ok {
		oc.str(p, "effort")
		oc.object(p, "format")
	}
	// temperature: "range 0.0 to 1.0"; top_p: "change either temperature
	// or top_p, not both".
	if t, ok := w.number("", "temperature"); ok {
		w.between("temperature", t, chatMinTemperature, alphaMaxTemperature)
	}
	if _, ok := w.number("", "top_p"); ok && w.present("temperature") {
		w.c.add("top_p", "set either temperature or top_p, not both", nil)
	}
	if k, ok := w.integer("", "top_k"); ok {
		w.atLeast("top_k", float64(k), chatMinTopK) // "the top K options": a count
	}
	w.boolean("", "stream")
	w.strings("", "stop_sequences")
	if cc, p, ok := w.in("", "cache_control"); ok {
		cc.enum(p, "type", "ephemeral") // "Fixed value ephemeral"
		cc.str(p, "ttl")
	}
	w.str("", "service_tier")
	if md, p, ok := w.in("", "metadata"); ok {
		md.str(p, "user_id")
	}
	w.str("", "container")
	w.str("", "inference_geo")
}

// alphaMessages checks messages: required, each a turn with a role and
// content, the turns "alternating user and assistant".
func alphaMessages(w wireBody) {
	w.required("", "messages")
	msgs, ok := w.objects("", "messages")
	if !ok {
		return
	}
	if len(msgs) == 0 {
		w.c.add("messages", "must hold at least one turn", nil)
	}
	prev := ""
	for i, m := range msgs {
		if m == nil {
			prev = ""
			continue
		}
		t, p := w.item("", "messages", i, m)
		t.required(p, "role")
		role, _ := t.str(p, "role")
		if role != "" && role == prev {
			w.c.add(p+"role", fmt.Sprintf("turns must alternate between user and assistant (two %s turns in a row)", role), role)
		}
		prev = role
		t.required(p, "content")
		t.textOrObjects(p, "content")
	}
}

// alphaTools checks tools and tool_choice.
func alphaTools(w wireBody) {
	w.each("", "tools", func(t wireBody, p string) {
		t.str(p, "type")
		t.required(p, "name")
		t.str(p, "name")
		t.str(p, "description")
		t.object(p, "input_schema")
		// input_schema: "Required for custom tools", those with no type.
		if !t.present("type") && !t.present("input_schema") {
			w.c.add(p+"input_schema", "is required for a custom tool (one with no type)", nil)
		}
	})
	tc, p, ok := w.in("", "tool_choice")
	if !ok {
		return
	}
	tc.enum(p, "type", "auto", "any", "tool", "none")
	tc.str(p, "name")
	tc.boolean(p, "disable_parallel_tool_use")
	// name: "Tool forced when type is tool".
	if typ, _ := tc.m["type"].(string); typ == "tool" && !tc.present("name") {
		w.c.add(p+"name", "is required when tool_choice.type is tool", nil)
	}
}

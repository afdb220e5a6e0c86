package sim

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// respItem is one output item of a simulated response.
type respItem struct {
	typ     string // reasoning, web_search_call, function_call, message
	id      string
	summary string // reasoning: the summary text, if one was asked for
	hidden  string // reasoning: text counted as reasoning tokens, never shown
	query   string
	sources []searchSource
	name    string
	callID  string
	args    string
	text    string
	notes   []map[string]any // url_citation annotations
	status  string
}

func (it respItem) prefix() string {
	switch it.typ {
	case "reasoning":
		return "rs"
	case "web_search_call":
		return "ws"
	case "function_call":
		return "fc"
	}
	return "msg"
}

// responsesReply is a simulated response before it is written.
type responsesReply struct {
	req         *responsesRequest
	tools       json.RawMessage // the request's tools as sent, echoed back
	id, prompt  string
	created     int64
	items       []respItem
	status      string // completed, incomplete or failed
	inputTokens int
}

// reply plans the response to q: reasoning, a web search, a function call
// or a message, cut at max_output_tokens.
func (q *responsesRequest) reply() *responsesReply {
	p := q.prompt()
	r := &responsesReply{req: q, prompt: p, status: "completed"}
	var instr json.RawMessage
	if q.Instructions != nil {
		instr, _ = json.Marshal(*q.Instructions)
	}
	r.inputTokens = inputTokens(q.Input, instr)
	if strings.Contains(p, markFail) {
		r.status = "failed"
		return r
	}
	budget := 1 << 30
	if q.MaxOutputTokens != nil {
		budget = int(*q.MaxOutputTokens)
	}
	if q.Reasoning != nil && q.Reasoning.Effort != "none" {
		it := respItem{typ: "reasoning", hidden: thinkingText(p), status: "completed"}
		if q.Reasoning.Summary != "" {
			it.summary = "**Planning the answer**\n\n" + thinkingText(p)
		}
		r.items = append(r.items, it)
		budget -= countTokens(it.hidden)
		if budget <= 0 {
			r.status = "incomplete"
			return r
		}
	}
	if q.hasTool("web_search") {
		it := respItem{typ: "web_search_call", query: searchQuery(p), status: "completed"}
		if q.includes("web_search_call.action.sources") {
			it.sources = searchSources(p)
		}
		r.items = append(r.items, it)
	}
	if f, ok := q.function(); ok {
		args := toolArguments(f.Parameters, p)
		r.items = append(r.items, respItem{typ: "function_call", name: f.Name, callID: "call_sim" + newPRNG("call", p).hex(16), args: args, status: "completed"})
		if countTokens(args) > budget {
			r.items, r.status = r.items[:len(r.items)-1], "incomplete"
		}
		return r
	}
	msg := respItem{typ: "message", text: ReplyText(p), status: "completed"}
	if q.hasTool("web_search") {
		cited := citedSentence(p)
		msg.text = cited + "\n\n" + msg.text
		src := searchSources(p)[0]
		msg.notes = []map[string]any{{"type": "url_citation", "url": src.url, "title": src.title,
			"start_index": 0, "end_index": utf8.RuneCountInString(cited)}}
	}
	if countTokens(msg.text) > budget {
		msg.text, msg.status, r.status = truncateTokens(msg.text, budget), "incomplete", "incomplete"
	}
	r.items = append(r.items, msg)
	return r
}

// hasTool reports whether a tool of the family kind (a type prefix) is given.
func (q *responsesRequest) hasTool(kind string) bool {
	for _, t := range q.Tools {
		if strings.HasPrefix(t.Type, kind) {
			return true
		}
	}
	return false
}

// function is the function tool the reply calls, if the request allows one.
func (q *responsesRequest) function() (responsesTool, bool) {
	var choice string
	if (json.Unmarshal(q.ToolChoice, &choice) == nil && choice == "none") || q.answered() {
		return responsesTool{}, false
	}
	for _, t := range q.Tools {
		if t.Type == "function" {
			return t, true
		}
	}
	return responsesTool{}, false
}

// usage is the token accounting: output counts reasoning and visible text.
func (r *responsesReply) usage() map[string]any {
	reasoning, visible := 0, 0
	for _, it := range r.items {
		reasoning += countTokens(it.hidden)
		visible += countTokens(it.text) + countTokens(it.args)
	}
	out := reasoning + visible
	return map[string]any{
		"input_tokens": r.inputTokens, "input_tokens_details": map[string]any{"cached_tokens": 0},
		"output_tokens": out, "output_tokens_details": map[string]any{"reasoning_tokens": reasoning},
		"total_tokens": r.inputTokens + out,
	}
}

// object is the Response object in the given status; without full it has
// no output and no usage, as in the first stream events. It never carries
// output_text: that is computed by clients, not sent.
func (r *responsesReply) object(status string, full bool) map[string]any {
	q := r.req
	o := map[string]any{
		"id": r.id, "object": "response", "created_at": r.created, "status": status, "model": q.Model,
		"error": nil, "incomplete_details": nil, "output": []any{}, "usage": nil,
		"instructions": q.Instructions, "max_output_tokens": q.MaxOutputTokens, "max_tool_calls": q.MaxToolCalls,
		"metadata": orRaw(q.Metadata), "parallel_tool_calls": q.ParallelToolCalls == nil || *q.ParallelToolCalls,
		"previous_response_id": nullable(q.PreviousResponseID), "reasoning": q.Reasoning,
		"service_tier": or(q.ServiceTier, "default"), "store": true, "background": q.Background,
		"temperature": orFloat(q.Temperature, 1), "top_p": orFloat(q.TopP, 1), "top_logprobs": orFloat(q.TopLogprobs, 0),
		"text":        rawOr(q.Text, `{"format":{"type":"text"},"verbosity":"medium"}`),
		"tool_choice": rawOr(q.ToolChoice, `"auto"`), "tools": rawOr(r.tools, `[]`),
		"truncation": or(q.Truncation, "disabled"), "user": nullable(q.User),
		"safety_identifier": nullable(q.SafetyIdentifier), "prompt_cache_key": nullable(q.PromptCacheKey),
	}
	if !full {
		return o
	}
	out := make([]any, 0, len(r.items))
	for _, it := range r.items {
		out = append(out, r.itemJSON(it, true))
	}
	o["output"], o["usage"] = out, r.usage()
	switch status {
	case "completed":
		o["completed_at"] = r.created
	case "incomplete":
		o["incomplete_details"] = map[string]any{"reason": "max_output_tokens"}
	case "failed":
		o["error"] = map[string]any{"code": "server_error", "message": "the simulated generation failed ([[fail]] in the prompt)"}
	}
	return o
}

// itemJSON is item it, final or as first announced (in_progress, empty).
func (r *responsesReply) itemJSON(it respItem, final bool) map[string]any {
	status := it.status
	if !final {
		status = "in_progress"
	}
	o := map[string]any{"id": it.id, "type": it.typ}
	switch it.typ {
	case "reasoning":
		o["summary"] = []any{}
		if final && it.summary != "" {
			o["summary"] = []any{map[string]any{"type": "summary_text", "text": it.summary}}
		}
		if r.req.includes("reasoning.encrypted_content") {
			o["encrypted_content"] = signature("reasoning", r.prompt)
		}
	case "web_search_call":
		o["status"] = status
		action := map[string]any{"type": "search", "query": it.query}
		if len(it.sources) > 0 {
			var src []any
			for _, s := range it.sources {
				src = append(src, map[string]any{"type": "url", "url": s.url})
			}
			action["sources"] = src
		}
		o["action"] = action
	case "function_call":
		o["status"], o["call_id"], o["name"], o["arguments"] = status, it.callID, it.name, it.args
		if !final {
			o["arguments"] = ""
		}
	default:
		o["status"], o["role"], o["content"] = status, "assistant", []any{}
		if final {
			o["content"] = []any{it.textPart(true)}
		}
	}
	return o
}

// textPart is the output_text content part, final or empty.
func (it respItem) textPart(final bool) map[string]any {
	if !final {
		return map[string]any{"type": "output_text", "text": "", "annotations": []any{}, "logprobs": []any{}}
	}
	notes := []any{}
	for _, n := range it.notes {
		notes = append(notes, n)
	}
	return map[string]any{"type": "output_text", "text": it.text, "annotations": notes, "logprobs": []any{}}
}

func orFloat(v *float64, def float64) float64 {
	if v != nil {
		return *v
	}
	return def
}

func rawOr(raw json.RawMessage, def string) json.RawMessage {
	if len(raw) == 0 || string(raw) == "null" {
		return json.RawMessage(def)
	}
	return raw
}

func orRaw(m map[string]json.RawMessage) any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

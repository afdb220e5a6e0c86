package sim

import "strconv"

// seqEvents numbers responses events: every event carries sequence_number.
type seqEvents struct {
	l eventList
	n int
}

func (e *seqEvents) add(typ string, fields map[string]any) {
	fields["type"], fields["sequence_number"] = typ, e.n
	e.n++
	e.l.add(typ, fields)
}

// events is the response as a stream (PROTOCOLS 3.3): created, in_progress,
// each item's events, then completed, incomplete or failed.
func (r *responsesReply) events() eventList {
	var e seqEvents
	e.add("response.created", map[string]any{"response": r.object("in_progress", false)})
	e.add("response.in_progress", map[string]any{"response": r.object("in_progress", false)})
	for i, it := range r.items {
		e.add("response.output_item.added", map[string]any{"output_index": i, "item": r.itemJSON(it, false)})
		switch it.typ {
		case "reasoning":
			r.summaryEvents(&e, i, it)
		case "web_search_call":
			for _, phase := range []string{"in_progress", "searching", "completed"} {
				e.add("response.web_search_call."+phase, map[string]any{"item_id": it.id, "output_index": i})
			}
		case "function_call":
			for _, piece := range chunks(it.args, r.seed(i)) {
				e.add("response.function_call_arguments.delta", map[string]any{"item_id": it.id, "output_index": i, "delta": piece})
			}
			e.add("response.function_call_arguments.done", map[string]any{"item_id": it.id, "output_index": i, "name": it.name, "arguments": it.args})
		default:
			r.textEvents(&e, i, it)
		}
		e.add("response.output_item.done", map[string]any{"output_index": i, "item": r.itemJSON(it, true)})
	}
	e.add("response."+r.status, map[string]any{"response": r.object(r.status, true)})
	return e.l
}

// summaryEvents streams a reasoning item's summary, when there is one.
func (r *responsesReply) summaryEvents(e *seqEvents, i int, it respItem) {
	if it.summary == "" {
		return
	}
	at := map[string]any{"item_id": it.id, "output_index": i, "summary_index": 0}
	e.add("response.reasoning_summary_part.added", with(at, "part", map[string]any{"type": "summary_text", "text": ""}))
	for _, piece := range chunks(it.summary, r.seed(i)) {
		e.add("response.reasoning_summary_text.delta", with(at, "delta", piece))
	}
	e.add("response.reasoning_summary_text.done", with(at, "text", it.summary))
	e.add("response.reasoning_summary_part.done", with(at, "part", map[string]any{"type": "summary_text", "text": it.summary}))
}

// textEvents streams a message item's one output_text part.
func (r *responsesReply) textEvents(e *seqEvents, i int, it respItem) {
	at := map[string]any{"item_id": it.id, "output_index": i, "content_index": 0}
	e.add("response.content_part.added", with(at, "part", it.textPart(false)))
	for _, piece := range chunks(it.text, r.seed(i)) {
		e.add("response.output_text.delta", with(with(at, "delta", piece), "logprobs", []any{}))
	}
	for n, note := range it.notes {
		e.add("response.output_text.annotation.added", with(with(at, "annotation_index", n), "annotation", note))
	}
	e.add("response.output_text.done", with(with(at, "text", it.text), "logprobs", []any{}))
	e.add("response.content_part.done", with(at, "part", it.textPart(true)))
}

func (r *responsesReply) seed(i int) *prng {
	return newPRNG("chunks", r.prompt, "gamma", strconv.Itoa(i))
}

// with returns a copy of m with key set to v.
func with(m map[string]any, key string, v any) map[string]any {
	out := make(map[string]any, len(m)+1)
	for k, x := range m {
		out[k] = x
	}
	out[key] = v
	return out
}

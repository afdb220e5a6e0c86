package sim

// events is the reply as a stream in the grammar of PROTOCOLS 1.4:
// message_start, a ping, one start/deltas/stop run per block, message_delta
// with cumulative usage, message_stop.
func (m *alphaReply) events() eventList {
	var l eventList
	start := m.usage(1, 0)
	l.add("message_start", map[string]any{"type": "message_start", "message": m.head(nil, start)})
	l.add("ping", map[string]any{"type": "ping"})
	for i, b := range m.blocks {
		m.blockEvents(&l, i, b)
	}
	delta := map[string]any{"stop_reason": m.stopReason, "stop_sequence": nullable(m.stopSeq)}
	if m.stopReason == "refusal" {
		delta["stop_details"] = m.refusal()
	}
	l.add("message_delta", map[string]any{"type": "message_delta", "delta": delta, "usage": m.usage(m.outputTokens(), m.searches)})
	l.add("message_stop", map[string]any{"type": "message_stop"})
	return l
}

// blockEvents streams block b at index i.
func (m *alphaReply) blockEvents(l *eventList, i int, b alphaBlock) {
	var first map[string]any
	var deltas []map[string]any
	switch b.typ {
	case "text":
		first = map[string]any{"type": "text", "text": ""}
		for _, c := range b.citations {
			deltas = append(deltas, map[string]any{"type": "citations_delta", "citation": c})
		}
		for _, piece := range chunks(b.text, m.chunkSeed(i)) {
			deltas = append(deltas, map[string]any{"type": "text_delta", "text": piece})
		}
	case "thinking":
		first = map[string]any{"type": "thinking", "thinking": "", "signature": ""}
		for _, piece := range chunks(b.text, m.chunkSeed(i)) {
			deltas = append(deltas, map[string]any{"type": "thinking_delta", "thinking": piece})
		}
		deltas = append(deltas, map[string]any{"type": "signature_delta", "signature": b.signature})
	case "tool_use", "server_tool_use":
		first = map[string]any{"type": b.typ, "id": b.id, "name": b.name, "input": map[string]any{}}
		deltas = append(deltas, map[string]any{"type": "input_json_delta", "partial_json": ""})
		for _, piece := range chunks(b.input, m.chunkSeed(i)) {
			deltas = append(deltas, map[string]any{"type": "input_json_delta", "partial_json": piece})
		}
	default:
		first = b.final()
	}
	l.add("content_block_start", map[string]any{"type": "content_block_start", "index": i, "content_block": first})
	for _, d := range deltas {
		l.add("content_block_delta", map[string]any{"type": "content_block_delta", "index": i, "delta": d})
	}
	l.add("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
}

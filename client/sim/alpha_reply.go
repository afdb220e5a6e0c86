package sim

import (
	"encoding/json"
	"strconv"
	"strings"
)

// alphaBlock is one content block of a simulated message.
type alphaBlock struct {
	typ       string // text, thinking, tool_use, server_tool_use, web_search_tool_result
	text      string // text or thinking
	signature string
	citations []map[string]any
	id, name  string
	input     string // tool input, as JSON text
	content   any    // web_search_tool_result content
}

// alphaMessage is a simulated reply before it is written.
type alphaReply struct {
	id, model   string
	prompt      string
	blocks      []alphaBlock
	stopReason  string
	stopSeq     string
	inputTokens int
	searches    int
}

// reply plans the message for q: thinking, a web search, a tool call or
// the markdown answer, as the request and prompt markers ask.
func (q *alphaRequest) reply() *alphaReply {
	p := q.prompt()
	m := &alphaReply{model: q.Model, prompt: p, stopReason: "end_turn"}
	m.inputTokens = inputTokens(q.System) + inputTokens(messageContents(q.Messages)...)
	last := q.Messages[len(q.Messages)-1]
	continuing := last.Role == "assistant"
	answered := hasBlock(last.Content, "tool_result")
	if strings.Contains(p, markRefusal) {
		m.add(alphaBlock{typ: "text", text: "I can't help with that request."})
		m.stopReason = "refusal"
		return m
	}
	if t := q.Thinking; t != nil && (t.Type == "enabled" || t.Type == "adaptive") && !continuing {
		b := alphaBlock{typ: "thinking", text: thinkingText(p), signature: signature("thinking", p)}
		if t.Display == "omitted" {
			b.text = ""
		}
		m.add(b)
	}
	if q.hasTool(alphaTool.webSearch) && !answered && !continuing {
		m.addSearch()
	}
	if strings.Contains(p, markPause) && !continuing {
		if len(m.blocks) == 0 {
			m.add(alphaBlock{typ: "text", text: "Working on it."})
		}
		m.stopReason = "pause_turn"
		return m
	}
	if tool, ok := q.customTool(); ok && !answered {
		m.add(alphaBlock{typ: "text", text: "I will call " + tool.Name + " to help with this."})
		m.add(alphaBlock{typ: "tool_use", id: "toolu_sim" + newPRNG("tool", p).hex(20), name: tool.Name, input: toolArguments(tool.InputSchema, p)})
		m.stopReason = "tool_use"
	} else {
		m.add(alphaBlock{typ: "text", text: ReplyText(p)})
	}
	m.applyStops(q.StopSequences)
	m.applyBudget(*q.MaxTokens)
	return m
}

func messageContents(ms []alphaMessage) []json.RawMessage {
	out := make([]json.RawMessage, len(ms))
	for i, m := range ms {
		out[i] = m.Content
	}
	return out
}

func (m *alphaReply) add(b alphaBlock) { m.blocks = append(m.blocks, b) }

// addSearch adds one web search: the call, its results and a cited sentence.
func (m *alphaReply) addSearch() {
	id := "srvtoolu_sim" + newPRNG("search", m.prompt).hex(20)
	query, _ := json.Marshal(map[string]string{"query": searchQuery(m.prompt)})
	var results []map[string]any
	for _, s := range searchSources(m.prompt) {
		results = append(results, map[string]any{"type": "web_search_result", "url": s.url, "title": s.title,
			"encrypted_content": signature("content", s.url), "page_age": "2 days ago"})
	}
	src := searchSources(m.prompt)[0]
	m.add(alphaBlock{typ: "text", text: "Let me search for that."})
	m.add(alphaBlock{typ: "server_tool_use", id: id, name: "web_search", input: string(query)})
	m.add(alphaBlock{typ: "web_search_tool_result", id: id, content: results})
	m.add(alphaBlock{typ: "text", text: citedSentence(m.prompt) + "\n\n", citations: []map[string]any{{
		"type": "web_search_result_location", "url": src.url, "title": src.title,
		"cited_text": src.snippet, "encrypted_index": signature("index", src.url),
	}}})
	m.searches++
}

// hasTool reports whether a tool matching is on offer.
func (q *alphaRequest) hasTool(is func(alphaTool) bool) bool {
	for _, t := range q.Tools {
		if is(t) {
			return true
		}
	}
	return false
}

// customTool is the custom tool the reply calls, if the request allows one.
func (q *alphaRequest) customTool() (alphaTool, bool) {
	if q.ToolChoice != nil && q.ToolChoice.Type == "none" {
		return alphaTool{}, false
	}
	for _, t := range q.Tools {
		if t.custom() && (q.ToolChoice == nil || q.ToolChoice.Type != "tool" || q.ToolChoice.Name == t.Name) {
			return t, true
		}
	}
	return alphaTool{}, false
}

// applyStops ends the reply at the first stop sequence in a text block.
func (m *alphaReply) applyStops(seqs []string) {
	for i, b := range m.blocks {
		if b.typ != "text" {
			continue
		}
		cut, which := -1, ""
		for _, s := range seqs {
			if j := strings.Index(b.text, s); s != "" && j >= 0 && (cut < 0 || j < cut) {
				cut, which = j, s
			}
		}
		if cut >= 0 {
			m.blocks[i].text = b.text[:cut]
			m.blocks = m.blocks[:i+1]
			m.stopReason, m.stopSeq = "stop_sequence", which
			return
		}
	}
}

// applyBudget cuts the reply at max output tokens.
func (m *alphaReply) applyBudget(maxTokens int) {
	left := maxTokens
	for i, b := range m.blocks {
		n := b.tokens()
		if n <= left {
			left -= n
			continue
		}
		m.stopReason, m.stopSeq = "max_tokens", ""
		if b.typ == "text" || b.typ == "thinking" {
			m.blocks[i].text = truncateTokens(b.text, left)
			m.blocks = m.blocks[:i+1]
		} else {
			m.blocks = m.blocks[:i]
		}
		return
	}
}

// tokens is what block b adds to output_tokens.
func (b alphaBlock) tokens() int {
	switch b.typ {
	case "text", "thinking":
		return countTokens(b.text)
	case "tool_use", "server_tool_use":
		return countTokens(b.input)
	}
	return 0
}

func (m *alphaReply) outputTokens() int {
	n := 0
	for _, b := range m.blocks {
		n += b.tokens()
	}
	return n
}

// usage is the reply's token accounting; searches are counted once done.
func (m *alphaReply) usage(outputTokens, searches int) map[string]any {
	u := map[string]any{
		"input_tokens": m.inputTokens, "output_tokens": outputTokens,
		"cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "service_tier": "standard",
	}
	if m.searches > 0 {
		u["server_tool_use"] = map[string]any{"web_search_requests": searches, "web_fetch_requests": 0}
	}
	return u
}

// final is the non-streamed message (PROTOCOLS 1.3).
func (m *alphaReply) final() map[string]any {
	content := make([]any, 0, len(m.blocks))
	for _, b := range m.blocks {
		content = append(content, b.final())
	}
	msg := m.head(m.stopReason, m.usage(m.outputTokens(), m.searches))
	msg["content"] = content
	return msg
}

func (m *alphaReply) head(stop any, usage map[string]any) map[string]any {
	msg := map[string]any{
		"id": m.id, "type": "message", "role": "assistant", "model": m.model, "content": []any{},
		"stop_reason": stop, "stop_sequence": nullable(m.stopSeq), "usage": usage,
	}
	if m.stopReason == "refusal" && stop != nil {
		msg["stop_details"] = m.refusal()
	}
	return msg
}

func (m *alphaReply) refusal() map[string]any {
	return map[string]any{"type": "refusal", "category": "general_harms", "explanation": "the prompt asked for a simulated refusal"}
}

// final is block b as it appears in a complete message.
func (b alphaBlock) final() map[string]any {
	switch b.typ {
	case "thinking":
		return map[string]any{"type": "thinking", "thinking": b.text, "signature": b.signature}
	case "tool_use", "server_tool_use":
		out := map[string]any{"type": b.typ, "id": b.id, "name": b.name, "input": json.RawMessage(b.input)}
		if b.typ == "server_tool_use" {
			out["caller"] = map[string]any{"type": "direct"}
		}
		return out
	case "web_search_tool_result":
		return map[string]any{"type": b.typ, "tool_use_id": b.id, "content": b.content}
	}
	out := map[string]any{"type": "text", "text": b.text}
	if len(b.citations) > 0 {
		out["citations"] = b.citations
	}
	return out
}

// chunkSeed seeds the delta boundaries of block i.
func (m *alphaReply) chunkSeed(i int) *prng { return newPRNG("chunks", m.prompt, strconv.Itoa(i)) }

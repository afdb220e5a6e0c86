package sim

import (
	"encoding/json"
	"strings"
)

// betaReply is a simulated content-generation reply before it is written.
type betaReply struct {
	id, model, prompt string
	blocked           bool
	thought           string // thinking text; shown only when showThought
	showThought       bool
	text              string
	call              *betaFunction
	args              string
	search            bool
	finish            string
	promptTokens      int
}

// reply plans the answer to q for model.
func (q *betaRequest) reply(model string) *betaReply {
	p := q.prompt()
	r := &betaReply{model: model, prompt: p, finish: "STOP", promptTokens: inputTokens(q.contentsRaw()...)}
	if strings.Contains(p, markBlock) {
		r.blocked = true
		return r
	}
	if g := q.GenerationConfig; g != nil && g.ThinkingConfig != nil {
		tc := g.ThinkingConfig
		if tc.IncludeThoughts || tc.ThinkingBudget == nil || *tc.ThinkingBudget != 0 {
			r.thought, r.showThought = thinkingText(p), tc.IncludeThoughts
		}
	}
	r.search = q.webSearch()
	if f, ok := q.function(); ok {
		r.text = "I will call " + f.Name + " to help with this."
		r.call = &f
		r.args = toolArguments(append(f.Parameters, f.ParametersJSONSchema...), p)
	} else {
		r.text = ReplyText(p)
		if r.search {
			r.text = citedSentence(p) + "\n\n" + r.text
		}
	}
	if g := q.GenerationConfig; g != nil {
		r.applyStops(g.StopSequences)
		if g.MaxOutputTokens != nil && countTokens(r.text)+r.callTokens() > *g.MaxOutputTokens {
			r.text, r.call, r.finish = truncateTokens(r.text, *g.MaxOutputTokens), nil, "MAX_TOKENS"
		}
	}
	return r
}

// applyStops ends the text before the first stop sequence.
func (r *betaReply) applyStops(seqs []string) {
	for _, s := range seqs {
		if i := strings.Index(r.text, s); s != "" && i >= 0 {
			r.text, r.call = r.text[:i], nil
		}
	}
}

func (r *betaReply) callTokens() int {
	if r.call == nil {
		return 0
	}
	return countTokens(r.args)
}

// usage is usageMetadata; partial carries only the prompt count, as the
// protocol's intermediate chunks do.
func (r *betaReply) usage(partial bool) map[string]any {
	u := map[string]any{"promptTokenCount": r.promptTokens, "totalTokenCount": r.promptTokens,
		"promptTokensDetails": []any{map[string]any{"modality": "TEXT", "tokenCount": r.promptTokens}}}
	if partial || r.blocked {
		return u
	}
	out := countTokens(r.text) + r.callTokens()
	thoughts := countTokens(r.thought)
	u["candidatesTokenCount"] = out
	u["totalTokenCount"] = r.promptTokens + out + thoughts
	if r.thought != "" {
		u["thoughtsTokenCount"] = thoughts
	}
	return u
}

// envelope wraps candidate parts (nil: no candidates) in a response.
func (r *betaReply) envelope(parts []any, last bool) map[string]any {
	resp := map[string]any{"modelVersion": r.model, "responseId": r.id, "usageMetadata": r.usage(!last)}
	if r.blocked {
		resp["promptFeedback"] = map[string]any{"blockReason": "SAFETY", "safetyRatings": []any{map[string]any{
			"category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH", "blocked": true}}}
		return resp
	}
	cand := map[string]any{"content": map[string]any{"role": "model", "parts": parts}, "index": 0}
	if last {
		cand["finishReason"] = r.finish
		if r.search {
			cand["groundingMetadata"] = r.grounding()
		}
	}
	resp["candidates"] = []any{cand}
	return resp
}

// final is the non-streamed reply: thought, text (carrying the signature
// when there was thinking) and function call parts.
func (r *betaReply) final() map[string]any {
	if r.blocked {
		return r.envelope(nil, true)
	}
	var parts []any
	if r.showThought {
		parts = append(parts, map[string]any{"text": r.thought, "thought": true})
	}
	text := map[string]any{"text": r.text}
	parts = append(parts, text)
	if r.call != nil {
		parts = append(parts, r.callPart())
	} else if r.thought != "" {
		text["thoughtSignature"] = r.signature()
	}
	return r.envelope(parts, true)
}

// chunks is the reply as stream chunks, each a complete response holding
// only new text; the last carries finishReason, full usage and grounding.
func (r *betaReply) chunks() []map[string]any {
	if r.blocked {
		return []map[string]any{r.envelope(nil, true)}
	}
	var parts [][]any
	seed := newPRNG("chunks", r.prompt, "beta")
	if r.showThought {
		for _, piece := range chunks(r.thought, seed) {
			parts = append(parts, []any{map[string]any{"text": piece, "thought": true}})
		}
	}
	for _, piece := range chunks(r.text, seed) {
		parts = append(parts, []any{map[string]any{"text": piece}})
	}
	if r.call != nil {
		parts = append(parts, []any{r.callPart()})
	}
	if r.thought != "" && r.call == nil {
		parts = append(parts, []any{map[string]any{"text": "", "thoughtSignature": r.signature()}})
	}
	if len(parts) == 0 {
		parts = append(parts, []any{map[string]any{"text": ""}})
	}
	out := make([]map[string]any, len(parts))
	for i, p := range parts {
		out[i] = r.envelope(p, i == len(parts)-1)
	}
	return out
}

func (r *betaReply) callPart() map[string]any {
	part := map[string]any{"functionCall": map[string]any{"name": r.call.Name, "args": json.RawMessage(r.args)}}
	if r.thought != "" {
		part["thoughtSignature"] = r.signature()
	}
	return part
}

func (r *betaReply) signature() string { return signature("beta-thought", r.prompt) }

// grounding is the groundingMetadata of a searched reply: the cited first
// sentence is supported by the first source. Offsets are in bytes.
func (r *betaReply) grounding() map[string]any {
	var chunks []any
	for _, s := range searchSources(r.prompt) {
		host := strings.SplitN(strings.TrimPrefix(s.url, "https://"), "/", 2)[0]
		chunks = append(chunks, map[string]any{"web": map[string]any{"uri": s.url, "title": host, "domain": host}})
	}
	cited := citedSentence(r.prompt)
	end := min(len(cited), len(r.text))
	return map[string]any{
		"webSearchQueries":  []any{searchQuery(r.prompt)},
		"searchEntryPoint":  map[string]any{"renderedContent": "<div class=\"chips\">" + searchQuery(r.prompt) + "</div>"},
		"groundingChunks":   chunks,
		"groundingSupports": []any{map[string]any{"segment": map[string]any{"startIndex": 0, "endIndex": end, "text": r.text[:end]}, "groundingChunkIndices": []any{0}, "confidenceScores": []any{0.93}}},
	}
}

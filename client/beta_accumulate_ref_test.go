package client

import "encoding/json"

// The fold's encoding before Response wrote into one buffer, kept as the
// reference FuzzBetaResponse holds the new one to.

// Response returns the folded reply, with Raw re-encoded from it. It never
// returns nil.
func (a *GenerateAccumulator) responseBefore() *GenerateResponse {
	out := make(map[string]any, len(a.top)+1)
	for k, v := range a.top {
		out[k] = v
	}
	if len(a.cands) > 0 {
		cands := make([]map[string]any, len(a.cands))
		for i, c := range a.cands {
			cands[i] = c.encodeBefore()
		}
		out["candidates"] = cands
	}
	raw, err := json.Marshal(out)
	var r GenerateResponse
	if err == nil {
		err = json.Unmarshal(raw, &r)
	}
	if err != nil {
		// Only fields that decode alone and fail together could get here;
		// the raw fold is still worth keeping.
		r = GenerateResponse{Raw: raw}
	}
	return &r
}

func (c *betaCandidateAcc) encodeBefore() map[string]any {
	m := make(map[string]any, len(c.fields)+3)
	for k, v := range c.fields {
		m[k] = v
	}
	if c.hasContent {
		parts := make([]json.RawMessage, 0, len(c.parts))
		for _, p := range c.parts {
			parts = append(parts, p.encodeBefore())
		}
		content := map[string]any{"parts": parts}
		if c.role != "" {
			content["role"] = c.role
		}
		m["content"] = content
	}
	if len(c.grounding) > 0 {
		m["groundingMetadata"] = c.grounding
	}
	if len(c.citations) > 0 || len(c.citeOther) > 0 {
		cm := make(map[string]any, len(c.citations)+len(c.citeOther))
		for k, v := range c.citeOther {
			cm[k] = v
		}
		for k, v := range c.citations {
			cm[k] = v
		}
		m["citationMetadata"] = cm
	}
	return m
}

// encode returns the part's JSON. A joined text part always has its text
// key, even when empty, so a part that only carries a signature still holds
// data when sent back.
func (p *betaPartAcc) encodeBefore() json.RawMessage {
	if p.raw != nil {
		return p.raw
	}
	if !p.text {
		if b, err := json.Marshal(p.kept); err == nil {
			return b
		}
		return p.kept.Raw
	}
	b, _ := json.Marshal(struct {
		Text             string `json:"text"`
		Thought          bool   `json:"thought,omitempty"`
		ThoughtSignature string `json:"thoughtSignature,omitempty"`
	}{p.buf.String(), p.thought, p.signature})
	return b
}

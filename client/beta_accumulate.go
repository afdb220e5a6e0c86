package client

import (
	"encoding/json"
	"fmt"
	"strings"
)

// GenerateAccumulator folds the chunks of a beta stream into one reply. Per
// candidate it joins text, keeping thought and answer text in separate
// parts, keeps other parts (function calls, inline media) in order, and
// keeps the last thought signature each part received, including one sent
// on an empty text part at the end. Other fields take the last value sent:
// usage, finish reason, prompt feedback, model version. Grounding metadata is
// merged field by field, citations are appended. Fields it does not know are
// kept, last value winning. The zero value is ready to use; Response may be
// called at any time, so a cut stream still gives what arrived.
type GenerateAccumulator struct {
	top   map[string]json.RawMessage // top-level fields but candidates
	cands []*betaCandidateAcc        // in order of first appearance
}

// betaCandidateAcc is one candidate being folded.
type betaCandidateAcc struct {
	index      int
	fields     map[string]json.RawMessage // fields but content, grounding, citations
	hasContent bool
	role       string
	parts      []*betaPartAcc
	grounding  map[string]json.RawMessage
	citations  map[string][]json.RawMessage // by list name: citations, citationSources
	citeOther  map[string]json.RawMessage   // other citationMetadata fields
}

// betaPartAcc is one part of the folded reply: text being joined, or a part
// kept as received.
type betaPartAcc struct {
	text      bool
	thought   bool
	buf       strings.Builder
	signature string
	kept      BetaPart
	raw       json.RawMessage // a part that did not decode, kept as sent
}

// Add folds one chunk in. It fails only for a chunk whose JSON is not an
// object; the chunk is then left out.
func (a *GenerateAccumulator) Add(chunk GenerateChunk) error {
	raw := chunk.Raw
	if len(raw) == 0 {
		var err error
		if raw, err = json.Marshal(chunk.GenerateResponse); err != nil {
			return fmt.Errorf("beta accumulate: %w", err)
		}
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return fmt.Errorf("beta accumulate: chunk is not a JSON object")
	}
	var cands []map[string]json.RawMessage
	if c, ok := fields["candidates"]; ok && !betaNull(c) {
		if err := json.Unmarshal(c, &cands); err != nil {
			return fmt.Errorf("beta accumulate: candidates: %w", err)
		}
	}
	if a.top == nil {
		a.top = map[string]json.RawMessage{}
	}
	for k, v := range fields {
		if k != "candidates" && !betaNull(v) {
			a.top[k] = v
		}
	}
	for _, cf := range cands {
		a.candidate(cf).add(cf)
	}
	return nil
}

// candidate returns the accumulator of the candidate fields cf belongs to,
// by its index (absent means 0).
func (a *GenerateAccumulator) candidate(cf map[string]json.RawMessage) *betaCandidateAcc {
	var idx int
	_ = json.Unmarshal(cf["index"], &idx)
	for _, c := range a.cands {
		if c.index == idx {
			return c
		}
	}
	c := &betaCandidateAcc{index: idx, fields: map[string]json.RawMessage{}}
	a.cands = append(a.cands, c)
	return c
}

func (c *betaCandidateAcc) add(cf map[string]json.RawMessage) {
	for k, v := range cf {
		if betaNull(v) {
			continue
		}
		switch k {
		case "content":
			c.addContent(v)
		case "groundingMetadata":
			c.grounding = betaMergeObject(c.grounding, v)
		case "citationMetadata":
			c.addCitations(v)
		default:
			c.fields[k] = v
		}
	}
}

func (c *betaCandidateAcc) addContent(v json.RawMessage) {
	var ct struct {
		Role  string            `json:"role"`
		Parts []json.RawMessage `json:"parts"`
	}
	if json.Unmarshal(v, &ct) != nil {
		c.fields["content"] = v // not a content object: kept as sent
		return
	}
	c.hasContent = true
	if ct.Role != "" {
		c.role = ct.Role
	}
	for _, raw := range ct.Parts {
		if betaNull(raw) {
			continue
		}
		var p BetaPart
		if json.Unmarshal(raw, &p) != nil {
			c.parts = append(c.parts, &betaPartAcc{raw: raw}) // kept as sent
			continue
		}
		c.addPart(p)
	}
}

// addPart joins a text part to the previous part when both are text of the
// same kind, and keeps any other part as it is.
func (c *betaCandidateAcc) addPart(p BetaPart) {
	if !betaIsTextPart(p) {
		c.parts = append(c.parts, &betaPartAcc{kept: p})
		return
	}
	var last *betaPartAcc
	if n := len(c.parts); n > 0 && c.parts[n-1].text && c.parts[n-1].thought == p.Thought {
		last = c.parts[n-1]
	} else {
		last = &betaPartAcc{text: true, thought: p.Thought}
		c.parts = append(c.parts, last)
	}
	last.buf.WriteString(p.Text)
	if p.ThoughtSignature != "" {
		last.signature = p.ThoughtSignature
	}
}

func (c *betaCandidateAcc) addCitations(v json.RawMessage) {
	var m map[string]json.RawMessage
	if json.Unmarshal(v, &m) != nil {
		c.fields["citationMetadata"] = v
		return
	}
	for k, x := range m {
		var list []json.RawMessage
		if (k == "citations" || k == "citationSources") && json.Unmarshal(x, &list) == nil {
			if c.citations == nil {
				c.citations = map[string][]json.RawMessage{}
			}
			c.citations[k] = append(c.citations[k], list...)
			continue
		}
		if c.citeOther == nil {
			c.citeOther = map[string]json.RawMessage{}
		}
		c.citeOther[k] = x
	}
}

// betaMergeObject sets into dst every non-empty field of the object v, so
// metadata split over chunks adds up and a later value wins.
func betaMergeObject(dst map[string]json.RawMessage, v json.RawMessage) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(v, &m) != nil {
		return dst
	}
	if dst == nil {
		dst = map[string]json.RawMessage{}
	}
	for k, x := range m {
		if !betaNull(x) && string(x) != "[]" && string(x) != "{}" {
			dst[k] = x
		}
	}
	return dst
}

// betaNull reports whether v is absent or JSON null.
func betaNull(v json.RawMessage) bool { return len(v) == 0 || string(v) == "null" }

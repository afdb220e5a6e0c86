package client

import (
	"encoding/json"
	"maps"
	"slices"
)

// Response returns the folded reply, with Raw re-encoded from it. It never
// returns nil.
//
// Raw is what json.Marshal of the fold as maps would write (keys sorted,
// values compact, <, > and & escaped), written into one buffer of the size
// it needs; the typed reply is decoded from a copy without the joined
// texts, which are set after. So a reply of megabytes costs its text about
// twice (the joined string and Raw), not five or six times.
func (a *GenerateAccumulator) Response() *GenerateResponse {
	spans := map[*betaPartAcc][2]int{} // where each joined text part lies in raw
	raw := a.appendJSON(nil, false, func(p *betaPartAcc, start, end int) { spans[p] = [2]int{start, end} })
	var r GenerateResponse
	if err := json.Unmarshal(a.appendJSON(nil, true, nil), (*betaResponseJSON)(&r)); err != nil {
		// Only fields that decode alone and fail together could get here;
		// the raw fold is still worth keeping.
		return &GenerateResponse{Raw: raw}
	}
	for i, c := range a.cands {
		if i >= len(r.Candidates) {
			break
		}
		parts := r.Candidates[i].Content.Parts
		for j, p := range c.parts {
			if sp, ok := spans[p]; ok && j < len(parts) {
				parts[j].Text, parts[j].Raw = p.buf.String(), raw[sp[0]:sp[1]:sp[1]]
			}
		}
	}
	r.Raw = raw
	return &r
}

// appendJSON appends the fold; light writes joined texts empty. mark, when
// set, hears where each joined text part was written.
func (a *GenerateAccumulator) appendJSON(dst []byte, light bool, mark func(p *betaPartAcc, start, end int)) []byte {
	if dst == nil {
		dst = make([]byte, 0, a.size(light))
	}
	keys := slices.Collect(maps.Keys(a.top))
	if len(a.cands) > 0 {
		keys = append(keys, "candidates")
	}
	return appendSorted(dst, keys, func(dst []byte, k string) []byte {
		if k != "candidates" {
			return appendCompactHTML(dst, a.top[k])
		}
		dst = append(dst, '[')
		for i, c := range a.cands {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = c.appendJSON(dst, light, mark)
		}
		return append(dst, ']')
	})
}

// size is about the size of the fold's JSON.
func (a *GenerateAccumulator) size(light bool) int {
	n := 64
	for k, v := range a.top {
		n += len(k) + len(v) + 4
	}
	for _, c := range a.cands {
		for k, v := range c.fields {
			n += len(k) + len(v) + 4
		}
		for _, p := range c.parts {
			n += len(p.raw) + len(p.kept.Raw) + len(p.signature) + 48
			if !light {
				n += p.buf.Len() + p.buf.Len()/16
			}
		}
		for _, v := range c.grounding {
			n += len(v) + 32
		}
	}
	return n
}

func (c *betaCandidateAcc) appendJSON(dst []byte, light bool, mark func(p *betaPartAcc, start, end int)) []byte {
	keys := slices.Collect(maps.Keys(c.fields))
	if c.hasContent {
		keys = append(keys, "content")
	}
	if len(c.grounding) > 0 {
		keys = append(keys, "groundingMetadata")
	}
	if len(c.citations) > 0 || len(c.citeOther) > 0 {
		keys = append(keys, "citationMetadata")
	}
	return appendSorted(dst, keys, func(dst []byte, k string) []byte {
		switch k {
		case "content":
			return c.appendContent(dst, light, mark)
		case "groundingMetadata":
			return appendRawObject(dst, c.grounding)
		case "citationMetadata":
			ks := slices.Collect(maps.Keys(c.citeOther))
			for k := range c.citations {
				if _, ok := c.citeOther[k]; !ok {
					ks = append(ks, k)
				}
			}
			return appendSorted(dst, ks, func(dst []byte, k string) []byte {
				if list, ok := c.citations[k]; ok {
					return appendRawList(dst, list)
				}
				return appendCompactHTML(dst, c.citeOther[k])
			})
		}
		return appendCompactHTML(dst, c.fields[k])
	})
}

// appendContent appends {"parts":[...],"role":...}.
func (c *betaCandidateAcc) appendContent(dst []byte, light bool, mark func(p *betaPartAcc, start, end int)) []byte {
	dst = append(dst, `{"parts":[`...)
	for i, p := range c.parts {
		if i > 0 {
			dst = append(dst, ',')
		}
		start := len(dst)
		dst = p.appendJSON(dst, light)
		if p.text && mark != nil {
			mark(p, start, len(dst))
		}
	}
	dst = append(dst, ']')
	if c.role != "" {
		dst = appendJSONStringHTML(append(dst, `,"role":`...), c.role)
	}
	return append(dst, '}')
}

// appendJSON appends the part's JSON. A joined text part always has its
// text key, even when empty, so a part that only carries a signature still
// holds data when sent back.
func (p *betaPartAcc) appendJSON(dst []byte, light bool) []byte {
	switch {
	case p.raw != nil:
		return appendCompactHTML(dst, p.raw)
	case !p.text:
		b, err := json.Marshal(p.kept)
		if err != nil {
			b = p.kept.Raw
		}
		return appendCompactHTML(dst, b)
	}
	dst = append(dst, `{"text":`...)
	if light {
		dst = append(dst, `""`...)
	} else {
		dst = appendJSONStringHTML(dst, p.buf.String())
	}
	if p.thought {
		dst = append(dst, `,"thought":true`...)
	}
	if p.signature != "" {
		dst = appendJSONStringHTML(append(dst, `,"thoughtSignature":`...), p.signature)
	}
	return append(dst, '}')
}

// appendSorted appends an object of keys, sorted as json.Marshal sorts a
// map's, each value written by value.
func appendSorted(dst []byte, keys []string, value func(dst []byte, k string) []byte) []byte {
	slices.Sort(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = value(append(appendJSONStringHTML(dst, k), ':'), k)
	}
	return append(dst, '}')
}

// appendRawObject appends an object of encoded values as json.Marshal does.
func appendRawObject(dst []byte, m map[string]json.RawMessage) []byte {
	return appendSorted(dst, slices.Collect(maps.Keys(m)), func(dst []byte, k string) []byte {
		return appendCompactHTML(dst, m[k])
	})
}

// appendRawList appends a list of encoded values as json.Marshal does.
func appendRawList(dst []byte, list []json.RawMessage) []byte {
	dst = append(dst, '[')
	for i, v := range list {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendCompactHTML(dst, v)
	}
	return append(dst, ']')
}

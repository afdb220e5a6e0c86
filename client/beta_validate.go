package client

import (
	"strings"
	"unicode"
)

// Validate checks r as it will be sent, Extra fields merged in, against the
// rules of INTERFACE.md 2.3 and its Limits row, and returns every
// violation, joined. Where the interface says "typically" or "usually"
// (temperature up to 2, one candidate) nothing is refused: those are the
// service's to judge, as are the safety categories and thresholds, whose
// values the interface does not list.
func (r *GenerateRequest) Validate() error {
	return validateEncoded(r, betaRules)
}

// betaRules are the rules of 2.3 on a decoded content-generation request.
func betaRules(w wireBody) {
	w.required("", "contents")
	contents, ok := w.each("", "contents", func(ct wireBody, p string) {
		ct.enum(p, "role", "user", "model")
		betaParts(ct, p)
	})
	if ok && len(contents) == 0 {
		w.c.add("contents", "must hold at least one turn", nil)
	}
	if si, p, ok := w.in("", "systemInstruction"); ok {
		betaParts(si, p)
	}
	if g, p, ok := w.in("", "generationConfig"); ok {
		betaGeneration(g, p)
	}
	w.each("", "safetySettings", func(s wireBody, p string) {
		s.required(p, "category")
		s.str(p, "category")
		s.required(p, "threshold")
		s.str(p, "threshold")
	})
	w.each("", "tools", func(t wireBody, p string) {
		t.objects(p, "functionDeclarations")
		t.object(p, "webSearch")
	})
}

// betaParts checks the parts of a turn: required, at least one.
func betaParts(w wireBody, path string) {
	w.required(path, "parts")
	if parts, ok := w.objects(path, "parts"); ok && len(parts) == 0 {
		w.c.add(path+"parts", "must hold at least one part", nil)
	}
}

// betaGeneration checks generationConfig: temperature "minimum 0", topP
// "0.0 to 1.0", the counts whole numbers.
func betaGeneration(g wireBody, p string) {
	if t, ok := g.number(p, "temperature"); ok {
		g.atLeast(p+"temperature", t, chatMinTemperature)
	}
	if t, ok := g.number(p, "topP"); ok {
		g.between(p+"topP", t, betaMinTopP, betaMaxTopP)
	}
	if k, ok := g.integer(p, "topK"); ok {
		g.atLeast(p+"topK", float64(k), chatMinTopK) // top-k sampling: a count
	}
	if n, ok := g.integer(p, "maxOutputTokens"); ok {
		g.atLeast(p+"maxOutputTokens", float64(n), chatMinMaxTokens) // a maximum of tokens per response
	}
	if n, ok := g.integer(p, "candidateCount"); ok {
		g.atLeast(p+"candidateCount", float64(n), 1) // a number of candidates
	}
	g.strings(p, "stopSequences")
	g.str(p, "responseMimeType")
}

// betaValidate checks the model path parameter and the request together,
// so one error lists everything wrong.
func betaValidate(model string, r *GenerateRequest) error {
	var c checks
	switch {
	case model == "":
		c.required("model", false)
	case strings.ContainsFunc(model, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }):
		c.add("model", "must not contain whitespace or control characters", model)
	}
	if err := r.Validate(); err != nil {
		c = append(c, err)
	}
	return c.err()
}

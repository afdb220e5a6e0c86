package client

import (
	"fmt"
	"strings"
	"unicode"
)

// Validate checks r against the documented rules of the content-generation
// request and returns every violation, joined. Safety categories and
// thresholds are not checked against a list: the interface does not give
// one, and the service adds values.
func (r *GenerateRequest) Validate() error {
	var c checks
	if r == nil {
		c.required("contents", false)
		return c.err()
	}
	c.required("contents", len(r.Contents) > 0)
	for i, ct := range r.Contents {
		f := fmt.Sprintf("contents[%d]", i)
		c.oneOf(f+".role", ct.Role, "user", "model")
		if len(ct.Parts) == 0 {
			c.add(f+".parts", "must hold at least one part", nil)
		}
	}
	if r.SystemInstruction.Role != "" || r.SystemInstruction.Parts != nil {
		if len(r.SystemInstruction.Parts) == 0 {
			c.add("systemInstruction.parts", "must hold at least one part", nil)
		}
	}
	r.GenerationConfig.validate(&c)
	for i, s := range r.SafetySettings {
		f := fmt.Sprintf("safetySettings[%d]", i)
		c.required(f+".category", s.Category != "")
		c.required(f+".threshold", s.Threshold != "")
	}
	for i, t := range r.Tools {
		// A tool given only through Extra (code execution, URL context) is
		// the caller saying exactly what to send, and is let through.
		if len(t.FunctionDeclarations) == 0 && t.WebSearch == nil && len(t.Extra) == 0 {
			c.add(fmt.Sprintf("tools[%d]", i), "must hold functionDeclarations or webSearch", nil)
		}
	}
	return c.err()
}

func (g BetaGenerationConfig) validate(c *checks) {
	c.floatRange("generationConfig.temperature", g.Temperature, 0, 2)
	c.floatRange("generationConfig.topP", g.TopP, 0, 1)
	if g.TopK != nil && *g.TopK < 0 {
		c.add("generationConfig.topK", "must be >= 0", *g.TopK)
	}
	if g.MaxOutputTokens < 0 {
		c.add("generationConfig.maxOutputTokens", "must be >= 1", g.MaxOutputTokens)
	}
	if g.CandidateCount < 0 {
		c.add("generationConfig.candidateCount", "must be >= 1", g.CandidateCount)
	}
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

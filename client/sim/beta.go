package sim

import (
	"encoding/json"
	"fmt"
	"strings"
)

// betaRequest is what the simulator reads of a content-generation request
// (2.3).
type betaRequest struct {
	Contents          []betaContent `json:"contents"`
	SystemInstruction *betaContent  `json:"systemInstruction"`
	GenerationConfig  *betaConfig   `json:"generationConfig"`
	SafetySettings    []struct {
		Category  string `json:"category"`
		Threshold string `json:"threshold"`
	} `json:"safetySettings"`
	Tools      []betaTool `json:"tools"`
	ToolConfig *struct {
		FunctionCallingConfig *struct {
			Mode string `json:"mode"`
		} `json:"functionCallingConfig"`
	} `json:"toolConfig"`
}

type betaContent struct {
	Role  string            `json:"role"`
	Parts []json.RawMessage `json:"parts"`
}

type betaConfig struct {
	Temperature     *float64 `json:"temperature"`
	TopP            *float64 `json:"topP"`
	TopK            *int     `json:"topK"`
	MaxOutputTokens *int     `json:"maxOutputTokens"`
	CandidateCount  *int     `json:"candidateCount"`
	StopSequences   []string `json:"stopSequences"`
	ThinkingConfig  *struct {
		IncludeThoughts bool `json:"includeThoughts"`
		ThinkingBudget  *int `json:"thinkingBudget"`
	} `json:"thinkingConfig"`
}

type betaTool struct {
	FunctionDeclarations []betaFunction  `json:"functionDeclarations"`
	WebSearch            json.RawMessage `json:"webSearch"`
	WebSearchSnake       json.RawMessage `json:"web_search"`
}

type betaFunction struct {
	Name                 string          `json:"name"`
	Parameters           json.RawMessage `json:"parameters"`
	ParametersJSONSchema json.RawMessage `json:"parametersJsonSchema"`
}

// betaGenerate answers generateContent and streamGenerateContent.
func (c *call) betaGenerate(model string, streaming bool) {
	req, ok := validRequest[betaRequest](c)
	if !ok {
		return
	}
	rep := req.reply(model)
	rep.id = "sim" + c.id
	switch {
	case !streaming:
		c.reply(200, rep.final())
	case c.r.URL.Query().Get("alt") == "sse":
		var l eventList
		for _, chunk := range rep.chunks() {
			l.add("", chunk)
		}
		c.stream(l)
	default:
		// Without alt=sse the protocol streams one JSON array of chunks.
		c.reply(200, rep.chunks())
	}
}

// validate checks the main documented rules of 2.3 and the Limits table.
func (q *betaRequest) validate() []violation {
	var vs []violation
	add := func(field, msg string) { vs = append(vs, violation{field: field, msg: msg}) }
	if len(q.Contents) == 0 {
		add("contents", "is required and must not be empty")
	}
	for i, ct := range q.Contents {
		if ct.Role != "" && ct.Role != "user" && ct.Role != "model" {
			add(fmt.Sprintf("contents[%d].role", i), fmt.Sprintf("must be user or model (got %q)", ct.Role))
		}
		if len(ct.Parts) == 0 {
			add(fmt.Sprintf("contents[%d].parts", i), "is required and must not be empty")
		}
	}
	if g := q.GenerationConfig; g != nil {
		if g.Temperature != nil && (*g.Temperature < 0 || *g.Temperature > 2) {
			add("generationConfig.temperature", fmt.Sprintf("must be between 0 and 2 (got %g)", *g.Temperature))
		}
		if g.TopP != nil && (*g.TopP < 0 || *g.TopP > 1) {
			add("generationConfig.topP", fmt.Sprintf("must be between 0 and 1 (got %g)", *g.TopP))
		}
		if g.CandidateCount != nil && *g.CandidateCount < 1 {
			add("generationConfig.candidateCount", fmt.Sprintf("must be at least 1 (got %d)", *g.CandidateCount))
		}
		if g.MaxOutputTokens != nil && *g.MaxOutputTokens < 1 {
			add("generationConfig.maxOutputTokens", fmt.Sprintf("must be at least 1 (got %d)", *g.MaxOutputTokens))
		}
	}
	for i, s := range q.SafetySettings {
		if s.Category == "" || s.Threshold == "" {
			add(fmt.Sprintf("safetySettings[%d]", i), "category and threshold are required")
		}
	}
	for i, t := range q.Tools {
		for j, f := range t.FunctionDeclarations {
			if f.Name == "" {
				add(fmt.Sprintf("tools[%d].functionDeclarations[%d].name", i, j), "is required")
			}
		}
	}
	return vs
}

// prompt is the text of the last user turn.
func (q *betaRequest) prompt() string {
	for i := len(q.Contents) - 1; i >= 0; i-- {
		if ct := q.Contents[i]; ct.Role == "" || ct.Role == "user" {
			var texts []string
			for _, p := range ct.Parts {
				var part struct {
					Text string `json:"text"`
				}
				if json.Unmarshal(p, &part) == nil && part.Text != "" {
					texts = append(texts, part.Text)
				}
			}
			if len(texts) > 0 || !hasPart(ct.Parts, "functionResponse") {
				return strings.Join(texts, "\n")
			}
		}
	}
	return ""
}

// hasPart reports whether parts hold a part with field key.
func hasPart(parts []json.RawMessage, key string) bool {
	for _, p := range parts {
		var m map[string]json.RawMessage
		if json.Unmarshal(p, &m) == nil && m[key] != nil {
			return true
		}
	}
	return false
}

// function is the declared function the reply calls, if any.
func (q *betaRequest) function() (betaFunction, bool) {
	if tc := q.ToolConfig; tc != nil && tc.FunctionCallingConfig != nil && strings.EqualFold(tc.FunctionCallingConfig.Mode, "NONE") {
		return betaFunction{}, false
	}
	if n := len(q.Contents); n > 0 && hasPart(q.Contents[n-1].Parts, "functionResponse") {
		return betaFunction{}, false
	}
	for _, t := range q.Tools {
		if len(t.FunctionDeclarations) > 0 {
			return t.FunctionDeclarations[0], true
		}
	}
	return betaFunction{}, false
}

// webSearch reports whether the request enables the built-in web search.
func (q *betaRequest) webSearch() bool {
	for _, t := range q.Tools {
		if t.WebSearch != nil || t.WebSearchSnake != nil {
			return true
		}
	}
	return false
}

// contentsRaw is everything the request says, for the prompt token count.
func (q *betaRequest) contentsRaw() []json.RawMessage {
	var out []json.RawMessage
	if q.SystemInstruction != nil {
		out = append(out, q.SystemInstruction.Parts...)
	}
	for _, ct := range q.Contents {
		out = append(out, ct.Parts...)
	}
	return out
}

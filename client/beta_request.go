package client

import "encoding/json"

// GenerateRequest is the body of a beta content-generation call (interface
// 2.3). The model is not part of the body: it is a path parameter, passed to
// GenerateContent and StreamGenerateContent beside the request.
type GenerateRequest struct {
	// Contents is the conversation so far plus the new prompt; one element for
	// a single turn. A model turn taken from an earlier reply is sent back
	// exactly as it came, thought signatures included.
	Contents []BetaContent `json:"contents"`
	// SystemInstruction is the system prompt; only its Parts are used.
	SystemInstruction BetaContent `json:"systemInstruction,omitzero"`
	// GenerationConfig holds the sampling and output settings.
	GenerationConfig BetaGenerationConfig `json:"generationConfig,omitzero"`
	// SafetySettings tune the content filters, one item per harm category.
	SafetySettings []BetaSafetySetting `json:"safetySettings,omitempty"`
	// Tools offers functions to call and built-in tools such as web search.
	Tools []BetaTool `json:"tools,omitempty"`
	// Extra holds fields not listed above (toolConfig, cachedContent, labels,
	// ...); they are sent as given and win over a typed field of the same name.
	Extra Extra `json:"-"`
}

type betaRequestJSON GenerateRequest

// MarshalJSON encodes the typed fields and merges Extra.
func (r GenerateRequest) MarshalJSON() ([]byte, error) {
	return marshalWith(betaRequestJSON(r), r.Extra)
}

// BetaContent is one turn of a beta conversation: a role and its parts. It
// is both what is sent (contents, systemInstruction) and what a candidate
// of a reply holds, so a received turn can be appended to the next request.
type BetaContent struct {
	// Role is "user" or "model"; empty means user on the first turn.
	Role string `json:"role,omitempty"`
	// Parts are the pieces of the turn: text, media, function calls, ...
	Parts []BetaPart `json:"parts"`
}

// BetaUserText returns a user turn holding one text part, the common prompt.
func BetaUserText(text string) BetaContent {
	return BetaContent{Role: "user", Parts: []BetaPart{BetaTextPart(text)}}
}

// BetaGenerationConfig holds generation parameters. Pointers mark the
// settings where zero is a real value (temperature 0, topK 0, a thinking
// budget of 0 that turns thinking off).
type BetaGenerationConfig struct {
	Temperature      *float64 `json:"temperature,omitempty"`      // 0 to 2
	TopP             *float64 `json:"topP,omitempty"`             // 0 to 1
	TopK             *int     `json:"topK,omitempty"`             // >= 0
	MaxOutputTokens  int      `json:"maxOutputTokens,omitempty"`  // >= 1 when set
	CandidateCount   int      `json:"candidateCount,omitempty"`   // >= 1 when set; usually only 1 works
	StopSequences    []string `json:"stopSequences,omitempty"`    // stop strings
	ResponseMimeType string   `json:"responseMimeType,omitempty"` // e.g. application/json to force JSON
	// ResponseModalities asks image-capable models for more than text, e.g.
	// ["TEXT", "IMAGE"].
	ResponseModalities []string `json:"responseModalities,omitempty"`
	// ThinkingConfig controls the model's thinking; thought parts come back
	// only when IncludeThoughts is true.
	ThinkingConfig BetaThinkingConfig `json:"thinkingConfig,omitzero"`
	// Extra holds generation settings not listed above (seed,
	// responseSchema, presencePenalty, ...), sent as given.
	Extra Extra `json:"-"`
}

type betaGenerationConfigJSON BetaGenerationConfig

// MarshalJSON encodes the typed fields and merges Extra.
func (g BetaGenerationConfig) MarshalJSON() ([]byte, error) {
	return marshalWith(betaGenerationConfigJSON(g), g.Extra)
}

// BetaThinkingConfig controls thinking. ThinkingBudget is a pointer because
// 0 (thinking off) and -1 (the model decides) are both meaningful.
type BetaThinkingConfig struct {
	IncludeThoughts bool   `json:"includeThoughts,omitempty"`
	ThinkingBudget  *int   `json:"thinkingBudget,omitempty"`
	ThinkingLevel   string `json:"thinkingLevel,omitempty"`
}

// BetaSafetySetting sets the blocking threshold of one harm category. The
// value lists are the service's and are not checked here, so new categories
// work without a new release.
type BetaSafetySetting struct {
	Category  string `json:"category"`  // e.g. HARM_CATEGORY_HARASSMENT
	Threshold string `json:"threshold"` // e.g. BLOCK_ONLY_HIGH
}

// BetaTool is one tools item: function declarations, or built-in web search.
// Other built-in tools (code execution, URL context, ...) go in Extra.
type BetaTool struct {
	FunctionDeclarations []BetaFunctionDeclaration `json:"functionDeclarations,omitempty"`
	// WebSearch, when non-nil, turns on built-in web search; an empty value
	// is sent as {}, which is all the service needs.
	WebSearch *BetaWebSearch `json:"webSearch,omitempty"`
	// Extra holds other tool kinds or options, sent as given.
	Extra Extra `json:"-"`
}

type betaToolJSON BetaTool

// MarshalJSON encodes the typed fields and merges Extra.
func (t BetaTool) MarshalJSON() ([]byte, error) {
	return marshalWith(betaToolJSON(t), t.Extra)
}

// BetaWebSearch configures built-in web search. Its zero value enables it
// with the service's defaults.
type BetaWebSearch struct {
	// ExcludeDomains lists domains whose pages are not used.
	ExcludeDomains []string `json:"excludeDomains,omitempty"`
}

// BetaWebSearchTool returns the tools item that enables built-in web search.
func BetaWebSearchTool() BetaTool { return BetaTool{WebSearch: &BetaWebSearch{}} }

// BetaFunctionDeclaration describes a function the model may call.
type BetaFunctionDeclaration struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Parameters is the argument schema (an OpenAPI-style schema object).
	Parameters json.RawMessage `json:"parameters,omitempty"`
	// Extra holds fields not listed above (parametersJsonSchema, response,
	// behavior, ...), sent as given.
	Extra Extra `json:"-"`
}

type betaFunctionDeclarationJSON BetaFunctionDeclaration

// MarshalJSON encodes the typed fields and merges Extra.
func (f BetaFunctionDeclaration) MarshalJSON() ([]byte, error) {
	return marshalWith(betaFunctionDeclarationJSON(f), f.Extra)
}

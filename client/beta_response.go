package client

import (
	"bytes"
	"encoding/json"
	"strings"
)

// GenerateResponse is a beta content-generation reply (interface 2.4), and
// also each chunk of a stream. A prompt blocked at input is a reply with no
// candidates and a PromptFeedback.BlockReason: data, not an error.
type GenerateResponse struct {
	Candidates     []BetaCandidate     `json:"candidates,omitempty"`
	UsageMetadata  *BetaUsageMetadata  `json:"usageMetadata,omitempty"`
	PromptFeedback *BetaPromptFeedback `json:"promptFeedback,omitempty"`
	ModelVersion   string              `json:"modelVersion,omitempty"`
	ResponseID     string              `json:"responseId,omitempty"`
	CreateTime     string              `json:"createTime,omitempty"`
	// Raw is the reply exactly as received (for an accumulated stream: the
	// folded reply, re-encoded), unknown fields included.
	Raw json.RawMessage `json:"-"`
}

type betaResponseJSON GenerateResponse

// UnmarshalJSON decodes the typed fields and keeps a copy of data in Raw.
func (r *GenerateResponse) UnmarshalJSON(data []byte) error {
	if err := json.Unmarshal(data, (*betaResponseJSON)(r)); err != nil {
		return err
	}
	r.Raw = bytes.Clone(data)
	return nil
}

// Text returns the answer text of the first candidate: its non-thought text
// parts joined.
func (r *GenerateResponse) Text() string {
	if len(r.Candidates) == 0 {
		return ""
	}
	return r.Candidates[0].Text()
}

// Thoughts returns the thought text of the first candidate.
func (r *GenerateResponse) Thoughts() string {
	if len(r.Candidates) == 0 {
		return ""
	}
	return r.Candidates[0].Thoughts()
}

// Blocked reports whether the prompt was blocked at input, and why
// (SAFETY, OTHER, BLOCKLIST, ... or the unspecified placeholder).
func (r *GenerateResponse) Blocked() (reason string, ok bool) {
	if r.PromptFeedback == nil || r.PromptFeedback.BlockReason == "" {
		return "", false
	}
	return r.PromptFeedback.BlockReason, true
}

// BetaCandidate is one generated answer.
type BetaCandidate struct {
	Content BetaContent `json:"content,omitzero"`
	// FinishReason says why generation stopped (STOP, MAX_TOKENS, SAFETY,
	// ...); empty on a stream chunk that is not the last.
	FinishReason      string                 `json:"finishReason,omitempty"`
	FinishMessage     string                 `json:"finishMessage,omitempty"`
	SafetyRatings     []BetaSafetyRating     `json:"safetyRatings,omitempty"`
	CitationMetadata  *BetaCitationMetadata  `json:"citationMetadata,omitempty"`
	GroundingMetadata *BetaGroundingMetadata `json:"groundingMetadata,omitempty"`
	// Index tells candidates apart when several were asked for; the service
	// omits it for the first.
	Index       int     `json:"index,omitempty"`
	TokenCount  int     `json:"tokenCount,omitempty"`
	AvgLogprobs float64 `json:"avgLogprobs,omitempty"`
}

// Text returns the candidate's non-thought text parts joined.
func (c BetaCandidate) Text() string { return c.joinText(false) }

// Thoughts returns the candidate's thought text parts joined.
func (c BetaCandidate) Thoughts() string { return c.joinText(true) }

func (c BetaCandidate) joinText(thought bool) string {
	var texts []string
	for _, p := range c.Content.Parts {
		if p.Thought == thought {
			texts = append(texts, p.Text)
		}
	}
	return strings.Join(texts, "") // one part: that very string, not a copy
}

// FunctionCalls returns the function calls of the candidate, in order;
// several mean parallel calls, each answered by its own function response.
func (c BetaCandidate) FunctionCalls() []BetaFunctionCall {
	var out []BetaFunctionCall
	for _, p := range c.Content.Parts {
		if p.FunctionCall != nil {
			out = append(out, *p.FunctionCall)
		}
	}
	return out
}

// BetaSafetyRating rates one harm category. The scores and severity are
// sent by some deployments only.
type BetaSafetyRating struct {
	Category         string  `json:"category,omitempty"`
	Probability      string  `json:"probability,omitempty"`
	ProbabilityScore float64 `json:"probabilityScore,omitempty"`
	Severity         string  `json:"severity,omitempty"`
	SeverityScore    float64 `json:"severityScore,omitempty"`
	Blocked          bool    `json:"blocked,omitempty"`
}

// BetaCitationMetadata lists the sources a candidate quotes. Deployments
// name the list either citations or citationSources; both are read.
type BetaCitationMetadata struct {
	Citations       []BetaCitation `json:"citations,omitempty"`
	CitationSources []BetaCitation `json:"citationSources,omitempty"`
}

// BetaCitation is one quoted source and the span of the answer it covers.
type BetaCitation struct {
	StartIndex      int             `json:"startIndex,omitempty"`
	EndIndex        int             `json:"endIndex,omitempty"`
	URI             string          `json:"uri,omitempty"`
	Title           string          `json:"title,omitempty"`
	License         string          `json:"license,omitempty"`
	PublicationDate json.RawMessage `json:"publicationDate,omitempty"`
}

// BetaGroundingMetadata says how a web-search grounded answer is backed:
// the queries run, the pages found and which answer spans they support.
type BetaGroundingMetadata struct {
	WebSearchQueries []string `json:"webSearchQueries,omitempty"`
	// SearchEntryPoint holds a rendered search-suggestion chip (HTML) that
	// the service asks grounded answers to display.
	SearchEntryPoint  *BetaSearchEntryPoint  `json:"searchEntryPoint,omitempty"`
	GroundingChunks   []BetaGroundingChunk   `json:"groundingChunks,omitempty"`
	GroundingSupports []BetaGroundingSupport `json:"groundingSupports,omitempty"`
}

// BetaSearchEntryPoint is the search-suggestion chip of a grounded answer.
type BetaSearchEntryPoint struct {
	RenderedContent string `json:"renderedContent,omitempty"`
	SDKBlob         string `json:"sdkBlob,omitempty"`
}

// BetaGroundingChunk is one source found by web search.
type BetaGroundingChunk struct {
	Web *BetaWebSource `json:"web,omitempty"`
}

// BetaWebSource is a web page; URI is usually a redirect link.
type BetaWebSource struct {
	URI    string `json:"uri,omitempty"`
	Title  string `json:"title,omitempty"`
	Domain string `json:"domain,omitempty"`
}

// BetaGroundingSupport ties a span of the answer to the chunks backing it.
type BetaGroundingSupport struct {
	Segment               BetaSegment `json:"segment,omitzero"`
	GroundingChunkIndices []int       `json:"groundingChunkIndices,omitempty"`
	ConfidenceScores      []float64   `json:"confidenceScores,omitempty"`
}

// BetaSegment is a span of one part's text; indices are byte offsets.
type BetaSegment struct {
	StartIndex int    `json:"startIndex,omitempty"`
	EndIndex   int    `json:"endIndex,omitempty"`
	PartIndex  int    `json:"partIndex,omitempty"`
	Text       string `json:"text,omitempty"`
}

// BetaUsageMetadata is the token accounting of a reply. Thinking tokens are
// counted in ThoughtsTokenCount, not in CandidatesTokenCount.
type BetaUsageMetadata struct {
	PromptTokenCount           int                      `json:"promptTokenCount"`
	CandidatesTokenCount       int                      `json:"candidatesTokenCount,omitempty"`
	ThoughtsTokenCount         int                      `json:"thoughtsTokenCount,omitempty"`
	CachedContentTokenCount    int                      `json:"cachedContentTokenCount,omitempty"`
	ToolUsePromptTokenCount    int                      `json:"toolUsePromptTokenCount,omitempty"`
	TotalTokenCount            int                      `json:"totalTokenCount"`
	PromptTokensDetails        []BetaModalityTokenCount `json:"promptTokensDetails,omitempty"`
	CandidatesTokensDetails    []BetaModalityTokenCount `json:"candidatesTokensDetails,omitempty"`
	CacheTokensDetails         []BetaModalityTokenCount `json:"cacheTokensDetails,omitempty"`
	ToolUsePromptTokensDetails []BetaModalityTokenCount `json:"toolUsePromptTokensDetails,omitempty"`
	TrafficType                string                   `json:"trafficType,omitempty"`
}

// BetaModalityTokenCount is the token count of one modality (TEXT, IMAGE, ...).
type BetaModalityTokenCount struct {
	Modality   string `json:"modality,omitempty"`
	TokenCount int    `json:"tokenCount,omitempty"`
}

// BetaPromptFeedback explains a prompt blocked at input.
type BetaPromptFeedback struct {
	BlockReason        string             `json:"blockReason,omitempty"`
	BlockReasonMessage string             `json:"blockReasonMessage,omitempty"`
	SafetyRatings      []BetaSafetyRating `json:"safetyRatings,omitempty"`
}

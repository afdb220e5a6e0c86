package client

import (
	"encoding/json"
	"fmt"
)

// Response is a Responses-protocol reply (INTERFACE 2.9): the whole reply of
// a non-streaming call, or the response object a stream's lifecycle events
// carry. Fields the typed view does not list stay in Raw.
type Response struct {
	ID          string  `json:"id,omitempty"`
	Object      string  `json:"object,omitempty"`       // always "response"
	CreatedAt   float64 `json:"created_at,omitempty"`   // Unix seconds
	CompletedAt float64 `json:"completed_at,omitempty"` // Unix seconds; only when completed
	// Status is queued, in_progress, completed, failed, cancelled or
	// incomplete; other words are kept as sent.
	Status            string                     `json:"status,omitempty"`
	Error             *ResponseError             `json:"error,omitempty"`
	IncompleteDetails *ResponseIncompleteDetails `json:"incomplete_details,omitempty"`
	// SentOutputText is an output_text aggregate when the reply carried one.
	// The real protocol computes it on the client instead; use OutputText.
	SentOutputText     string                `json:"output_text,omitempty"`
	Output             []ResponseItem        `json:"output,omitempty"`
	Usage              *ResponseUsage        `json:"usage,omitempty"`
	Conversation       *ResponseConversation `json:"conversation,omitempty"`
	PreviousResponseID string                `json:"previous_response_id,omitempty"`
	Model              string                `json:"model,omitempty"`
	// Instructions is the instruction in effect; when the service echoes a
	// list of input items instead of a string, it holds that list's JSON.
	Instructions string            `json:"instructions,omitempty"`
	Metadata     map[string]string `json:"metadata,omitempty"`
	ServiceTier  string            `json:"service_tier,omitempty"` // the tier actually used

	// The echo of the effective request settings.
	Background           bool               `json:"background,omitempty"`
	MaxOutputTokens      *int               `json:"max_output_tokens,omitempty"`
	MaxToolCalls         *int               `json:"max_tool_calls,omitempty"`
	ParallelToolCalls    *bool              `json:"parallel_tool_calls,omitempty"`
	PromptCacheKey       string             `json:"prompt_cache_key,omitempty"`
	PromptCacheRetention string             `json:"prompt_cache_retention,omitempty"`
	ReasoningConfig      *ResponseReasoning `json:"reasoning,omitempty"` // the effective reasoning settings
	SafetyIdentifier     string             `json:"safety_identifier,omitempty"`
	Store                *bool              `json:"store,omitempty"`
	Temperature          *float64           `json:"temperature,omitempty"`
	Text                 json.RawMessage    `json:"text,omitempty"`
	ToolChoice           json.RawMessage    `json:"tool_choice,omitempty"`
	Tools                json.RawMessage    `json:"tools,omitempty"`
	TopLogprobs          *int               `json:"top_logprobs,omitempty"`
	TopP                 *float64           `json:"top_p,omitempty"`
	Truncation           string             `json:"truncation,omitempty"`
	User                 string             `json:"user,omitempty"`

	// Raw is the exact JSON the response was decoded from; for a response
	// built by ResponseAccumulator, its re-encoding.
	Raw json.RawMessage `json:"-"`
}

// ResponseError is a generation failure reported inside a reply (Errors 2):
// code server_error, rate_limit_exceeded, invalid_prompt, ...
type ResponseError struct {
	Code    string `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
}

// ResponseIncompleteDetails says why a response stopped early.
type ResponseIncompleteDetails struct {
	Reason string `json:"reason,omitempty"` // max_output_tokens, content_filter, ...
}

// ResponseUsage is a response's token accounting.
type ResponseUsage struct {
	InputTokens         int                         `json:"input_tokens"`
	OutputTokens        int                         `json:"output_tokens"`
	TotalTokens         int                         `json:"total_tokens"`
	InputTokensDetails  ResponseInputTokensDetails  `json:"input_tokens_details,omitzero"`
	OutputTokensDetails ResponseOutputTokensDetails `json:"output_tokens_details,omitzero"`
}

// ResponseInputTokensDetails splits the input tokens.
type ResponseInputTokensDetails struct {
	CachedTokens     int `json:"cached_tokens"`
	CacheWriteTokens int `json:"cache_write_tokens,omitempty"`
}

// ResponseOutputTokensDetails splits the output tokens.
type ResponseOutputTokensDetails struct {
	ReasoningTokens int `json:"reasoning_tokens"`
}

// ResponseItem is one output item: a message, reasoning, a function call, a
// web search call, or any type this package does not know, which is kept
// whole in Raw.
type ResponseItem struct {
	ID     string `json:"id,omitempty"`
	Type   string `json:"type,omitempty"`   // message, reasoning, function_call, web_search_call, ...
	Status string `json:"status,omitempty"` // in_progress, completed, incomplete, searching, failed, ...
	Role   string `json:"role,omitempty"`   // assistant, for message items
	Phase  string `json:"phase,omitempty"`  // a message's phase, where the service sends one

	Content []ResponseContent     `json:"content,omitempty"` // message parts; reasoning_text parts
	Summary []ResponseSummaryPart `json:"summary,omitempty"` // reasoning summary
	// EncryptedContent is reasoning to echo back unchanged in a later turn;
	// take it from the final copy of the item (output_item.done).
	EncryptedContent string `json:"encrypted_content,omitempty"`

	Name      string `json:"name,omitempty"`      // tool-call items
	Arguments string `json:"arguments,omitempty"` // tool-call items: a JSON string
	CallID    string `json:"call_id,omitempty"`   // tool-call items: echo it with the output

	Action *ResponseAction `json:"action,omitempty"` // web_search_call

	// Raw is the item as received; ResponseEcho sends it back unchanged.
	Raw json.RawMessage `json:"-"`
}

// ResponseContent is one part of a message item's content: output_text,
// refusal, reasoning_text, or another type kept in Raw.
type ResponseContent struct {
	Type        string               `json:"type,omitempty"`
	Text        string               `json:"text,omitempty"`
	Annotations []ResponseAnnotation `json:"annotations,omitempty"`
	Refusal     string               `json:"refusal,omitempty"`
	Logprobs    json.RawMessage      `json:"logprobs,omitempty"`
	Raw         json.RawMessage      `json:"-"`
}

// ResponseAnnotation marks a span of output text. url_citation has URL,
// Title and the span; other types (file_citation, ...) are kept in Raw.
type ResponseAnnotation struct {
	Type       string          `json:"type,omitempty"`
	URL        string          `json:"url,omitempty"`
	Title      string          `json:"title,omitempty"`
	StartIndex int             `json:"start_index,omitempty"`
	EndIndex   int             `json:"end_index,omitempty"`
	Raw        json.RawMessage `json:"-"`
}

// ResponseSummaryPart is one paragraph of a reasoning summary.
type ResponseSummaryPart struct {
	Type string `json:"type,omitempty"` // summary_text
	Text string `json:"text"`
}

// ResponseAction is what a web_search_call did: search (Query, Sources),
// open_page (URL) or find_in_page (URL, Pattern).
type ResponseAction struct {
	Type    string           `json:"type,omitempty"`
	Query   string           `json:"query,omitempty"`
	Queries []string         `json:"queries,omitempty"`
	Sources []ResponseSource `json:"sources,omitempty"` // only with include web_search_call.action.sources
	URL     string           `json:"url,omitempty"`
	Pattern string           `json:"pattern,omitempty"`
}

// ResponseSource is a page a web search consulted.
type ResponseSource struct {
	Type string `json:"type,omitempty"`
	URL  string `json:"url,omitempty"`
}

// UnmarshalJSON decodes r leniently and keeps the bytes in Raw.
func (r *Response) UnmarshalJSON(b []byte) error {
	type alias Response
	var w struct {
		*alias
		// Instructions may be echoed as a string or as a list of items.
		Instructions json.RawMessage `json:"instructions"`
		// The echoes the interface types as numbers (2.9): 50.0 is 50.
		MaxOutputTokens json.RawMessage `json:"max_output_tokens"`
		MaxToolCalls    json.RawMessage `json:"max_tool_calls"`
		TopLogprobs     json.RawMessage `json:"top_logprobs"`
	}
	w.alias = (*alias)(r)
	if err := responsesDecode(b, &w); err != nil {
		return err
	}
	r.Instructions = rawString(w.Instructions)
	r.MaxOutputTokens = responsesCountPtr(w.MaxOutputTokens)
	r.MaxToolCalls = responsesCountPtr(w.MaxToolCalls)
	r.TopLogprobs = responsesCountPtr(w.TopLogprobs)
	r.Raw = responsesClone(b)
	return nil
}

// UnmarshalJSON reads the token counts, which the interface types as
// numbers (2.9): 50.0 reads as 50, not as a decoding error that leaves 0.
func (u *ResponseUsage) UnmarshalJSON(b []byte) error {
	var w struct {
		InputTokens        responsesCount `json:"input_tokens"`
		OutputTokens       responsesCount `json:"output_tokens"`
		TotalTokens        responsesCount `json:"total_tokens"`
		InputTokensDetails struct {
			CachedTokens     responsesCount `json:"cached_tokens"`
			CacheWriteTokens responsesCount `json:"cache_write_tokens"`
		} `json:"input_tokens_details"`
		OutputTokensDetails struct {
			ReasoningTokens responsesCount `json:"reasoning_tokens"`
		} `json:"output_tokens_details"`
	}
	if err := responsesDecode(b, &w); err != nil {
		return err
	}
	*u = ResponseUsage{
		InputTokens: int(w.InputTokens), OutputTokens: int(w.OutputTokens), TotalTokens: int(w.TotalTokens),
		InputTokensDetails: ResponseInputTokensDetails{CachedTokens: int(w.InputTokensDetails.CachedTokens),
			CacheWriteTokens: int(w.InputTokensDetails.CacheWriteTokens)},
		OutputTokensDetails: ResponseOutputTokensDetails{ReasoningTokens: int(w.OutputTokensDetails.ReasoningTokens)},
	}
	return nil
}

// UnmarshalJSON decodes it leniently and keeps the bytes in Raw.
func (it *ResponseItem) UnmarshalJSON(b []byte) error {
	type alias ResponseItem
	if err := responsesDecode(b, (*alias)(it)); err != nil {
		return err
	}
	it.Raw = responsesClone(b)
	return nil
}

// UnmarshalJSON decodes c leniently and keeps the bytes in Raw.
func (c *ResponseContent) UnmarshalJSON(b []byte) error {
	type alias ResponseContent
	if err := responsesDecode(b, (*alias)(c)); err != nil {
		return err
	}
	c.Raw = responsesClone(b)
	return nil
}

// UnmarshalJSON decodes a leniently and keeps the bytes in Raw.
func (a *ResponseAnnotation) UnmarshalJSON(b []byte) error {
	type alias ResponseAnnotation
	if err := responsesDecode(b, (*alias)(a)); err != nil {
		return err
	}
	a.Raw = responsesClone(b)
	return nil
}

// responsesDecodeReply decodes a whole reply, which must be a JSON object.
func responsesDecodeReply(raw []byte) (*Response, error) {
	if !responsesIsObject(raw) {
		return nil, fmt.Errorf("decode reply: not a JSON object: %s", plainText(raw))
	}
	var r Response
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("decode reply: %w", err)
	}
	r.Raw = raw // the whole body, to the last byte
	return &r, nil
}

package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Message is the reply of the message endpoint (INTERFACE.md 2.2), whole or
// accumulated from a stream. Raw holds the JSON it was decoded from.
type Message struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	Role  string `json:"role"`
	Model string `json:"model"`
	// Content holds the blocks in order; unknown block types are kept.
	Content []MessageBlock `json:"content"`
	// StopReason is end_turn, max_tokens, stop_sequence, tool_use,
	// pause_turn, refusal, model_context_window_exceeded, or a newer word;
	// empty while a stream has not said.
	StopReason   string `json:"stop_reason"`
	StopSequence string `json:"stop_sequence"`
	// StopDetails explains a refusal; nil otherwise.
	StopDetails *MessageStopDetails `json:"stop_details"`
	// Container is present when code execution ran.
	Container *MessageContainer `json:"container"`
	Usage     MessageUsage      `json:"usage"`

	Raw json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes the message and keeps its bytes in Raw. A field of
// an unexpected JSON type is left zero (Raw still has it); only a reply that
// is not a JSON object is an error.
func (m *Message) UnmarshalJSON(b []byte) error {
	if t := bytes.TrimLeft(b, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return fmt.Errorf("message: want a JSON object, got %.20s", b)
	}
	type plain Message
	var p plain
	if err := json.Unmarshal(b, &p); err != nil && !alphaTypeMismatch(err) {
		return err
	}
	*m = Message(p)
	m.Raw = bytes.Clone(b)
	return nil
}

// Text returns the text of every text block, concatenated in order: an
// answer with citations arrives split over many text blocks.
func (m *Message) Text() string {
	var b strings.Builder
	for _, c := range m.Content {
		if c.Type == "text" {
			b.WriteString(c.Text)
		}
	}
	return b.String()
}

// MessageStopDetails says why the model refused.
type MessageStopDetails struct {
	Type        string `json:"type"`     // "refusal"
	Category    string `json:"category"` // cyber, bio, ...
	Explanation string `json:"explanation"`
}

// MessageContainer is the code execution container a reply used.
type MessageContainer struct {
	ID        string `json:"id"`
	ExpiresAt string `json:"expires_at"`
}

// MessageUsage is the token accounting of a reply. In a stream's
// message_delta it is cumulative: each one replaces the last.
type MessageUsage struct {
	InputTokens              int `json:"input_tokens"`
	OutputTokens             int `json:"output_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens"`
	CacheCreation            struct {
		Ephemeral5mInputTokens int `json:"ephemeral_5m_input_tokens"`
		Ephemeral1hInputTokens int `json:"ephemeral_1h_input_tokens"`
	} `json:"cache_creation"`
	ServerToolUse struct {
		WebSearchRequests int `json:"web_search_requests"`
		WebFetchRequests  int `json:"web_fetch_requests"`
	} `json:"server_tool_use"`
	OutputTokensDetails struct {
		ThinkingTokens int `json:"thinking_tokens"`
	} `json:"output_tokens_details"`
	// ServiceTier is the tier used: standard, priority or batch.
	ServiceTier  string `json:"service_tier"`
	InferenceGeo string `json:"inference_geo"`
}

// MessageBlock is one content block of a reply. Which fields are set depends
// on Type; a type this package does not know keeps only Type and Raw, and
// Raw always holds the block's exact JSON.
type MessageBlock struct {
	Type string `json:"type"`

	// text
	Text      string            `json:"text,omitempty"`
	Citations []MessageCitation `json:"citations,omitempty"`

	// thinking, redacted_thinking
	Thinking  string `json:"thinking,omitempty"`
	Signature string `json:"signature,omitempty"`
	Data      string `json:"data,omitempty"`

	// tool_use, server_tool_use
	ID     string          `json:"id,omitempty"`
	Name   string          `json:"name,omitempty"`
	Input  json.RawMessage `json:"input,omitempty"`
	Caller *MessageCaller  `json:"caller,omitempty"`

	// web_search_tool_result (and other server tool results): Content is a
	// list of results, or an error object; see SearchResults and SearchError.
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   json.RawMessage `json:"content,omitempty"`

	// container_upload
	FileID string `json:"file_id,omitempty"`

	// SearchResults is Content decoded when it is a list of results.
	SearchResults []MessageSearchResult `json:"-"`
	// SearchError is Content decoded when the search failed.
	SearchError *MessageSearchError `json:"-"`

	Raw json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes the block, reads a search result's content in either
// shape, and keeps the bytes in Raw. It never fails: a field of an
// unexpected JSON type is left zero, and a block that is not even an object
// keeps only Raw, so one odd block cannot lose the whole reply.
func (b *MessageBlock) UnmarshalJSON(data []byte) error {
	type plain MessageBlock
	var p plain
	if err := json.Unmarshal(data, &p); err != nil && !alphaTypeMismatch(err) {
		p = plain{}
	}
	*b = MessageBlock(p)
	b.Raw = bytes.Clone(data)
	switch c := bytes.TrimLeft(b.Content, " \t\r\n"); {
	case len(c) > 0 && c[0] == '[':
		_ = json.Unmarshal(c, &b.SearchResults)
	case len(c) > 0 && c[0] == '{':
		var e MessageSearchError
		if json.Unmarshal(c, &e) == nil && e.ErrorCode != "" {
			b.SearchError = &e
		}
	}
	return nil
}

// MessageCaller says who made a tool call: the model directly ("direct") or
// a server tool such as code execution (ToolID names the call).
type MessageCaller struct {
	Type   string `json:"type"`
	ToolID string `json:"tool_id,omitempty"`
}

// MessageSearchResult is one web search hit. EncryptedContent is opaque and
// must go back unchanged in later turns (AssistantTurn does that).
type MessageSearchResult struct {
	Type             string `json:"type"`
	URL              string `json:"url"`
	Title            string `json:"title"`
	EncryptedContent string `json:"encrypted_content"`
	PageAge          string `json:"page_age"`
}

// MessageSearchError is a failed web search, reported in the result block
// with HTTP 200: invalid_tool_input, unavailable, max_uses_exceeded,
// too_many_requests, query_too_long, request_too_large.
type MessageSearchError struct {
	Type      string `json:"type"` // web_search_tool_result_error
	ErrorCode string `json:"error_code"`
}

// MessageCitation is one citation on a text block. Its fields depend on Type
// (web_search_result_location, char_location, page_location,
// content_block_location, search_result_location, ...); Raw keeps them all.
type MessageCitation struct {
	Type      string `json:"type"`
	CitedText string `json:"cited_text"`

	// web_search_result_location
	URL            string `json:"url,omitempty"`
	Title          string `json:"title,omitempty"`
	EncryptedIndex string `json:"encrypted_index,omitempty"`

	// document locations
	DocumentIndex   int    `json:"document_index,omitempty"`
	DocumentTitle   string `json:"document_title,omitempty"`
	StartCharIndex  int    `json:"start_char_index,omitempty"`
	EndCharIndex    int    `json:"end_char_index,omitempty"`
	StartPageNumber int    `json:"start_page_number,omitempty"`
	EndPageNumber   int    `json:"end_page_number,omitempty"`
	StartBlockIndex int    `json:"start_block_index,omitempty"`
	EndBlockIndex   int    `json:"end_block_index,omitempty"`

	// search_result_location
	Source            string `json:"source,omitempty"`
	SearchResultIndex int    `json:"search_result_index,omitempty"`

	Raw json.RawMessage `json:"-"`
}

// UnmarshalJSON decodes the citation and keeps its bytes in Raw; like a
// block, it never fails.
func (c *MessageCitation) UnmarshalJSON(data []byte) error {
	type plain MessageCitation
	var p plain
	if err := json.Unmarshal(data, &p); err != nil && !alphaTypeMismatch(err) {
		p = plain{}
	}
	*c = MessageCitation(p)
	c.Raw = bytes.Clone(data)
	return nil
}

// alphaTypeMismatch reports an error that only says some value had an
// unexpected JSON type: encoding/json has then filled every other field, so
// the typed view is still worth keeping beside Raw.
func alphaTypeMismatch(err error) bool {
	var te *json.UnmarshalTypeError
	return errors.As(err, &te)
}

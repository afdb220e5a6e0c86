package client

import "encoding/json"

// ResponseRequest is a Responses-protocol request (INTERFACE 2.8). No field
// is required by the interface; Model and Input are the ones normally sent.
// Pointers mark fields whose zero value is a real setting (temperature 0,
// store false); other zero values are not sent.
type ResponseRequest struct {
	Background        bool                        `json:"background,omitempty"`
	ContextManagement []ResponseContextManagement `json:"context_management,omitempty"`
	// Conversation and PreviousResponseID may not both be set.
	Conversation ResponseConversation `json:"conversation,omitzero"`
	// Include asks for extra output data; see ResponseIncludeValues.
	Include         []string          `json:"include,omitempty"`
	Input           ResponseInput     `json:"input,omitzero"`
	Instructions    string            `json:"instructions,omitempty"`
	MaxOutputTokens int               `json:"max_output_tokens,omitempty"` // 0: no cap
	MaxToolCalls    int               `json:"max_tool_calls,omitempty"`    // 0: no cap
	Metadata        map[string]string `json:"metadata,omitempty"`          // at most 16 pairs
	Model           string            `json:"model,omitempty"`
	// ParallelToolCalls is on unless set to false.
	ParallelToolCalls    *bool          `json:"parallel_tool_calls,omitempty"`
	PreviousResponseID   string         `json:"previous_response_id,omitempty"`
	Prompt               ResponsePrompt `json:"prompt,omitzero"`
	PromptCacheKey       string         `json:"prompt_cache_key,omitempty"`
	PromptCacheRetention string         `json:"prompt_cache_retention,omitempty"` // 24h, in_memory (or in-memory)
	// Reasoning is only for reasoning-capable models.
	Reasoning        ResponseReasoning `json:"reasoning,omitzero"`
	SafetyIdentifier string            `json:"safety_identifier,omitempty"` // at most 64 characters
	ServiceTier      string            `json:"service_tier,omitempty"`
	// Store is the service's default (on) unless set.
	Store *bool `json:"store,omitempty"`
	// Stream is set by the method: false by CreateResponse, true by
	// StreamResponse.
	Stream        bool                  `json:"stream,omitempty"`
	StreamOptions ResponseStreamOptions `json:"stream_options,omitzero"` // only with Stream
	// Temperature is 0 to 2; set it or TopP, not both.
	Temperature *float64           `json:"temperature,omitempty"`
	Text        ResponseTextConfig `json:"text,omitzero"`
	ToolChoice  ResponseToolChoice `json:"tool_choice,omitzero"`
	Tools       []ResponseTool     `json:"tools,omitempty"`
	TopLogprobs *int               `json:"top_logprobs,omitempty"` // 0 to 20
	TopP        *float64           `json:"top_p,omitempty"`        // 0 to 1
	Truncation  string             `json:"truncation,omitempty"`   // auto or disabled
	// User is to be deprecated in favour of SafetyIdentifier and PromptCacheKey.
	User string `json:"user,omitempty"`

	// Extra holds fields this struct does not list; they win over typed ones.
	Extra Extra `json:"-"`
}

// MarshalJSON encodes r with its Extra fields merged in.
func (r ResponseRequest) MarshalJSON() ([]byte, error) {
	type alias ResponseRequest
	return marshalWith(alias(r), r.Extra)
}

// ResponseIncludeValues lists the include values of INTERFACE 2.8.
var ResponseIncludeValues = []string{
	"file_search_call.results",
	"web_search_call.results",
	"web_search_call.action.sources",
	"message.input_image.image_url",
	"computer_call_output.output.image_url",
	"code_interpreter_call.outputs",
	"reasoning.encrypted_content",
	"message.output_text.logprobs",
}

// ResponseContextManagement turns on context compaction.
type ResponseContextManagement struct {
	Type             string `json:"type"`                        // only "compaction"
	CompactThreshold int    `json:"compact_threshold,omitempty"` // tokens that trigger compaction
}

// ResponseConversation names the conversation a response belongs to: sent
// as the bare id, or as an object {"id": ...} when Object is set. A reply's
// conversation object decodes into it too.
type ResponseConversation struct {
	ID     string
	Object bool
}

// IsZero reports whether no conversation is named.
func (c ResponseConversation) IsZero() bool { return c.ID == "" && !c.Object }

// MarshalJSON sends the id as a string, or as {"id": ...} when Object is set.
func (c ResponseConversation) MarshalJSON() ([]byte, error) {
	if c.Object {
		return json.Marshal(struct {
			ID string `json:"id"`
		}{c.ID})
	}
	return json.Marshal(c.ID)
}

// UnmarshalJSON accepts a conversation id or an object with an id.
func (c *ResponseConversation) UnmarshalJSON(b []byte) error {
	var id string
	if json.Unmarshal(b, &id) == nil {
		*c = ResponseConversation{ID: id}
		return nil
	}
	var o struct {
		ID string `json:"id"`
	}
	if err := responsesDecode(b, &o); err != nil {
		return err
	}
	*c = ResponseConversation{ID: o.ID, Object: true}
	return nil
}

// ResponsePrompt refers to a stored prompt template; ID is required.
type ResponsePrompt struct {
	ID string `json:"id"`
	// Variables fill the template: strings, or input parts (images, files).
	Variables map[string]any `json:"variables,omitempty"`
	Version   string         `json:"version,omitempty"`
}

// ResponseReasoning configures reasoning models.
type ResponseReasoning struct {
	// Effort is none, minimal, low, medium, high, ... (model-dependent).
	Effort  string `json:"effort,omitempty"`
	Summary string `json:"summary,omitempty"` // auto, concise or detailed
}

// ResponseStreamOptions tunes a stream.
type ResponseStreamOptions struct {
	// IncludeObfuscation pads delta events against length side channels; it
	// is on unless set to false.
	IncludeObfuscation *bool `json:"include_obfuscation,omitempty"`
}

// ResponseTextConfig shapes the text output.
type ResponseTextConfig struct {
	Format    ResponseTextFormat `json:"format,omitzero"`
	Verbosity string             `json:"verbosity,omitempty"` // low, medium, high
}

// ResponseTextFormat is the required output format: type text, json_object,
// or json_schema with Name, Schema, Strict and Description.
type ResponseTextFormat struct {
	Type        string `json:"type"`
	Name        string `json:"name,omitempty"`
	Schema      any    `json:"schema,omitempty"` // a JSON Schema: a map or json.RawMessage
	Strict      *bool  `json:"strict,omitempty"`
	Description string `json:"description,omitempty"`
}

// ResponseToolChoice says how tools are used: a Mode (none, auto, required)
// sent as a bare string, or a forced tool (Type, with Name for a function
// and ServerLabel for an MCP tool), or any other object in Raw.
type ResponseToolChoice struct {
	Mode        string
	Type        string
	Name        string
	ServerLabel string
	Raw         json.RawMessage
}

// IsZero reports whether no tool choice is made.
func (t ResponseToolChoice) IsZero() bool {
	return t.Mode == "" && t.Type == "" && t.Name == "" && t.ServerLabel == "" && len(t.Raw) == 0
}

// MarshalJSON sends Raw, else the Mode string, else the forced-tool object.
func (t ResponseToolChoice) MarshalJSON() ([]byte, error) {
	switch {
	case len(t.Raw) > 0:
		return json.Marshal(t.Raw)
	case t.Mode != "":
		return json.Marshal(t.Mode)
	}
	return json.Marshal(struct {
		Type        string `json:"type"`
		Name        string `json:"name,omitempty"`
		ServerLabel string `json:"server_label,omitempty"`
	}{t.Type, t.Name, t.ServerLabel})
}

// ResponseTool is a built-in, MCP or function tool. Options a tool type has
// beyond these fields (search_context_size, user_location, ...) go in Extra.
type ResponseTool struct {
	// Type is the tool category: function, web_search, file_search, mcp, ...
	Type        string `json:"type"`
	Name        string `json:"name,omitempty"` // function and custom tools
	Description string `json:"description,omitempty"`
	// Parameters is the function's JSON Schema: a map or json.RawMessage.
	Parameters     any      `json:"parameters,omitempty"`
	Strict         *bool    `json:"strict,omitempty"`
	DeferLoading   bool     `json:"defer_loading,omitempty"`
	ServerLabel    string   `json:"server_label,omitempty"`     // MCP tools
	ServerURL      string   `json:"server_url,omitempty"`       // MCP tools
	VectorStoreIDs []string `json:"vector_store_ids,omitempty"` // file search tools
	Extra          Extra    `json:"-"`
}

// MarshalJSON encodes t with its Extra fields merged in.
func (t ResponseTool) MarshalJSON() ([]byte, error) {
	type alias ResponseTool
	return marshalWith(alias(t), t.Extra)
}

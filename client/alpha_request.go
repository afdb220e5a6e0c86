package client

// MessageRequest is the body of POST /bypass/alpha/v1/messages (INTERFACE.md
// 2.1). Fields the struct does not list go in Extra and are sent unchanged.
// Stream is set by the method called: Messages sends false, StreamMessages
// true, whatever the field says.
type MessageRequest struct {
	Model     string        `json:"model"`
	MaxTokens int           `json:"max_tokens"`
	Messages  []MessageTurn `json:"messages"`
	// System is the system prompt: plain text or content blocks.
	System   MessageContent  `json:"system,omitzero"`
	Thinking MessageThinking `json:"thinking,omitzero"`
	Tools    []MessageTool   `json:"tools,omitempty"`
	// ToolChoice says how tools are used; zero sends nothing (the model decides).
	ToolChoice   MessageToolChoice   `json:"tool_choice,omitzero"`
	OutputConfig MessageOutputConfig `json:"output_config,omitzero"`
	// Temperature, TopP and TopK are pointers because 0 is a real setting, and
	// because under the newer protocol version sending them at all is an error:
	// they go on the wire only when set (PROTOCOLS.md 1.9).
	Temperature   *float64 `json:"temperature,omitempty"`
	TopP          *float64 `json:"top_p,omitempty"`
	TopK          *int     `json:"top_k,omitempty"`
	Stream        bool     `json:"stream,omitempty"`
	StopSequences []string `json:"stop_sequences,omitempty"`
	// CacheControl is the top-level cache setting, applied by the service to
	// the last cacheable block.
	CacheControl MessageCacheControl `json:"cache_control,omitzero"`
	// ServiceTier is auto or standard_only.
	ServiceTier string          `json:"service_tier,omitempty"`
	Metadata    MessageMetadata `json:"metadata,omitzero"`
	// Container reuses a code execution container across requests.
	Container    string `json:"container,omitempty"`
	InferenceGeo string `json:"inference_geo,omitempty"`

	Extra Extra `json:"-"`
}

// MarshalJSON encodes the request with Extra merged in.
func (r MessageRequest) MarshalJSON() ([]byte, error) {
	type plain MessageRequest
	return marshalWith(plain(r), r.Extra)
}

// MessageTurn is one entry of messages[]: a user or assistant turn.
type MessageTurn struct {
	Role    string         `json:"role"`
	Content MessageContent `json:"content"`
}

// MessageThinking configures extended thinking.
type MessageThinking struct {
	// Type is enabled (needs BudgetTokens), disabled or adaptive.
	Type string `json:"type,omitempty"`
	// BudgetTokens must be >= 1024 and below MaxTokens.
	BudgetTokens int `json:"budget_tokens,omitempty"`
	// Display is summarized (the default) or omitted (thinking text withheld,
	// signature still sent).
	Display string `json:"display,omitempty"`
}

// MessageTool is a custom tool (Type empty, InputSchema required) or a
// built-in server tool such as web search (Type "web_search_20260209", Name
// "web_search"). The web search options are typed; other options of newer
// tool versions go in Extra.
type MessageTool struct {
	Type        string `json:"type,omitempty"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// InputSchema is the JSON Schema of the tool input: a map, a struct or a
	// json.RawMessage.
	InputSchema any `json:"input_schema,omitempty"`

	// Web search options.
	MaxUses        int                 `json:"max_uses,omitempty"`
	AllowedDomains []string            `json:"allowed_domains,omitempty"`
	BlockedDomains []string            `json:"blocked_domains,omitempty"`
	UserLocation   MessageUserLocation `json:"user_location,omitzero"`

	CacheControl MessageCacheControl `json:"cache_control,omitzero"`
	Extra        Extra               `json:"-"`
}

// MarshalJSON encodes the tool with Extra merged in.
func (t MessageTool) MarshalJSON() ([]byte, error) {
	type plain MessageTool
	return marshalWith(plain(t), t.Extra)
}

// MessageUserLocation localizes web search results.
type MessageUserLocation struct {
	Type     string `json:"type,omitempty"` // "approximate"
	City     string `json:"city,omitempty"`
	Region   string `json:"region,omitempty"`
	Country  string `json:"country,omitempty"`
	Timezone string `json:"timezone,omitempty"`
}

// MessageToolChoice says how the model uses tools.
type MessageToolChoice struct {
	// Type is auto, any, tool or none.
	Type string `json:"type,omitempty"`
	// Name is the tool forced when Type is tool.
	Name                   string `json:"name,omitempty"`
	DisableParallelToolUse bool   `json:"disable_parallel_tool_use,omitempty"`
}

// MessageOutputConfig sets effort and a forced output structure.
type MessageOutputConfig struct {
	// Effort is low, medium, high, xhigh or max.
	Effort string              `json:"effort,omitempty"`
	Format MessageOutputFormat `json:"format,omitzero"`
}

// MessageOutputFormat constrains the output, e.g. Type "json_schema" with
// Schema a JSON Schema (a map, a struct or a json.RawMessage).
type MessageOutputFormat struct {
	Type   string `json:"type,omitempty"`
	Schema any    `json:"schema,omitempty"`
}

// MessageCacheControl marks content for prompt caching.
type MessageCacheControl struct {
	// Type is always ephemeral.
	Type string `json:"type,omitempty"`
	// TTL is 5m (the default) or 1h.
	TTL string `json:"ttl,omitempty"`
}

// MessageMetadata describes the request for the service's own use.
type MessageMetadata struct {
	// UserID is an opaque external user id; it must not hold personal data.
	UserID string `json:"user_id,omitempty"`
}

// alphaWireRequest returns the request as it goes on the wire: Stream as the
// method says, and no "stream" in Extra that could contradict it.
func alphaWireRequest(req *MessageRequest, stream bool) MessageRequest {
	r := *req
	r.Stream = stream
	if _, ok := r.Extra["stream"]; ok {
		extra := make(Extra, len(r.Extra))
		for k, v := range r.Extra {
			if k != "stream" {
				extra[k] = v
			}
		}
		r.Extra = extra
	}
	return r
}

package client

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// MessageContent is a turn's content, or the system prompt: the wire accepts
// either a plain string or an array of content blocks. Blocks, when non-nil,
// win over Text and are sent as an array.
type MessageContent struct {
	Text   string
	Blocks []MessageInputBlock
}

// IsZero reports whether c holds nothing, so that an unset system prompt is
// left out of the request.
func (c MessageContent) IsZero() bool { return c.Text == "" && c.Blocks == nil }

// MarshalJSON encodes c as an array of blocks, or as a string.
func (c MessageContent) MarshalJSON() ([]byte, error) {
	if c.Blocks != nil {
		return json.Marshal(c.Blocks)
	}
	return json.Marshal(c.Text)
}

// UnmarshalJSON accepts a string or an array of blocks, so that a stored
// request reads back the way it was sent.
func (c *MessageContent) UnmarshalJSON(b []byte) error {
	*c = MessageContent{}
	switch t := bytes.TrimLeft(b, " \t\r\n"); {
	case len(t) > 0 && t[0] == '"':
		return json.Unmarshal(t, &c.Text)
	case len(t) > 0 && t[0] == '[':
		c.Blocks = []MessageInputBlock{}
		return json.Unmarshal(t, &c.Blocks)
	case bytes.Equal(t, []byte("null")):
		return nil
	}
	return fmt.Errorf("message content: want a string or an array, got %.20s", b)
}

// MessageInputBlock is one content block of a request: text, image,
// document, tool_result, or an assistant block echoed back. Raw, when set, is
// sent verbatim and every other field is ignored: that is how assistant
// blocks (thinking with its signature, server_tool_use, search results) go
// back exactly as they came.
type MessageInputBlock struct {
	Type string `json:"type"`
	// Text is the text of a text block.
	Text string `json:"text,omitempty"`
	// Source is the data of an image or document block.
	Source MessageSource `json:"source,omitzero"`
	// ToolUseID, Content and IsError make a tool_result block.
	ToolUseID    string              `json:"tool_use_id,omitempty"`
	Content      *MessageContent     `json:"content,omitempty"`
	IsError      bool                `json:"is_error,omitempty"`
	CacheControl MessageCacheControl `json:"cache_control,omitzero"`

	// Extra holds fields of other block types (a document's title, say).
	Extra Extra `json:"-"`
	// Raw is the block as it came, or as it must be sent.
	Raw json.RawMessage `json:"-"`
}

// MarshalJSON sends Raw when set, else the typed fields with Extra merged in.
func (b MessageInputBlock) MarshalJSON() ([]byte, error) {
	if len(b.Raw) > 0 {
		return b.Raw, nil
	}
	type plain MessageInputBlock
	return marshalWith(plain(b), b.Extra)
}

// UnmarshalJSON decodes the typed fields and keeps the bytes in Raw, so the
// block is re-sent exactly as read.
func (b *MessageInputBlock) UnmarshalJSON(data []byte) error {
	type plain MessageInputBlock
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*b = MessageInputBlock(p)
	b.Raw = bytes.Clone(data)
	return nil
}

// MessageSource is where an image's or document's bytes come from: inline
// base64 (Type "base64", MediaType, Data), a URL (Type "url", URL), or plain
// text for a document (Type "text").
type MessageSource struct {
	Type      string `json:"type"`
	MediaType string `json:"media_type,omitempty"`
	Data      string `json:"data,omitempty"`
	URL       string `json:"url,omitempty"`
}

// MessageUserText returns a user turn holding plain text.
func MessageUserText(text string) MessageTurn {
	return MessageTurn{Role: "user", Content: MessageContent{Text: text}}
}

// MessageUserBlocks returns a user turn holding content blocks, for images,
// documents and tool results.
func MessageUserBlocks(blocks ...MessageInputBlock) MessageTurn {
	return MessageTurn{Role: "user", Content: MessageContent{Blocks: blocks}}
}

// MessageTextBlock returns a text content block.
func MessageTextBlock(text string) MessageInputBlock {
	return MessageInputBlock{Type: "text", Text: text}
}

// MessageImageBase64 returns an image block with inline base64 data of the
// given media type (image/png, image/jpeg, ...).
func MessageImageBase64(mediaType, data string) MessageInputBlock {
	return MessageInputBlock{Type: "image", Source: MessageSource{Type: "base64", MediaType: mediaType, Data: data}}
}

// MessageImageURL returns an image block that the service fetches from url.
func MessageImageURL(url string) MessageInputBlock {
	return MessageInputBlock{Type: "image", Source: MessageSource{Type: "url", URL: url}}
}

// MessageToolResult returns the result of the tool call toolUseID, to send
// in the next user turn.
func MessageToolResult(toolUseID, content string, isError bool) MessageInputBlock {
	return MessageInputBlock{Type: "tool_result", ToolUseID: toolUseID,
		Content: &MessageContent{Text: content}, IsError: isError}
}

// AssistantTurn returns m as an assistant turn whose blocks are m's content
// blocks byte for byte. Sending the conversation again with this turn last
// continues a reply that stopped with pause_turn; in a tool loop it keeps the
// thinking signatures the service checks.
func (m *Message) AssistantTurn() MessageTurn {
	blocks := make([]MessageInputBlock, 0, len(m.Content))
	for _, b := range m.Content {
		raw := b.Raw
		if len(raw) == 0 { // a block built in code, not decoded
			raw, _ = json.Marshal(b)
		}
		blocks = append(blocks, MessageInputBlock{Type: b.Type, Raw: bytes.Clone(raw)})
	}
	return MessageTurn{Role: "assistant", Content: MessageContent{Blocks: blocks}}
}

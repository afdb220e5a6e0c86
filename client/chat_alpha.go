package client

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"unicode"
)

// alphaWebSearchTool is the built-in search tool the chat layer offers.
const alphaWebSearchTool = "web_search_20260209"

// alphaChat is the message protocol's side of the chat layer.
type alphaChat struct{ req MessageRequest }

func newAlphaChat(t ChatTarget, turns []ChatTurn) (*alphaChat, error) {
	s := t.Settings
	req := MessageRequest{
		Model:         t.Model,
		MaxTokens:     s.MaxTokens,
		Temperature:   s.Temperature,
		TopP:          s.TopP,
		TopK:          s.TopK,
		StopSequences: s.StopSequences,
		Extra:         s.Extra,
	}
	if req.MaxTokens == 0 {
		req.MaxTokens = DefaultMaxTokens
	}
	req.System.Text = s.System
	req.Thinking.Display = s.ThinkingDisplay
	if s.ThinkingBudget > 0 {
		req.Thinking.Type, req.Thinking.BudgetTokens = "enabled", s.ThinkingBudget
	}
	req.OutputConfig.Effort = s.Effort
	if s.WebSearch {
		tool := MessageTool{Type: alphaWebSearchTool, Name: "web_search"}
		req.Tools = append(req.Tools, tool)
		req.Extra = chatWithTool(req.Extra, tool)
	}
	for _, turn := range turns {
		req.Messages = append(req.Messages, alphaChatTurn(turn))
	}
	return &alphaChat{req: req}, errors.Join(chatCheckFamily(Alpha, s), alphaCheckDisplay(s), req.Validate())
}

// alphaCheckDisplay refuses a thinking display with thinking off: with no
// budget and no thinking.type among the extra fields, the display setting
// would show nothing and the service would refuse a thinking object
// without a type.
func alphaCheckDisplay(s ChatSettings) error {
	th, _ := extraObject(s.Extra["thinking"])
	if s.ThinkingDisplay == "" || s.ThinkingBudget > 0 || th["type"] != nil {
		return nil
	}
	return &ValidationError{Field: "thinking_display", Rule: "needs thinking on: set thinking_budget too", Value: s.ThinkingDisplay}
}

func alphaChatTurn(t ChatTurn) MessageTurn {
	if t.Role == "assistant" {
		if t.Family == Alpha && len(t.Native) > 0 {
			var m Message
			if json.Unmarshal(t.Native, &m) == nil && len(m.Content) > 0 {
				return m.AssistantTurn()
			}
		}
		return MessageTurn{Role: "assistant", Content: MessageContent{Text: t.Text}}
	}
	if len(t.Images) == 0 {
		return MessageUserText(t.Text)
	}
	var blocks []MessageInputBlock
	for _, im := range t.Images {
		blocks = append(blocks, MessageImageBase64(im.MediaType, base64.StdEncoding.EncodeToString(im.Data)))
	}
	return MessageUserBlocks(append(blocks, MessageTextBlock(t.Text))...)
}

func (a *alphaChat) request() (json.RawMessage, error) { return json.Marshal(a.req) }

func (a *alphaChat) send(ctx context.Context, c *Client) (*ChatResult, error) {
	m, err := c.Messages(ctx, &a.req)
	if err != nil {
		return nil, err
	}
	res := alphaChatResult(m)
	res.Complete = true
	return res, nil
}

func (a *alphaChat) stream(ctx context.Context, c *Client, kept *replyKept, yield func(ChatDelta) bool) (*ChatResult, error) {
	var acc MessageAccumulator
	var streamErr error
	for ev, err := range c.StreamMessages(ctx, &a.req) {
		if err != nil {
			streamErr = err
			break
		}
		if d := ev.Delta; d != nil { // the budget first, then the message
			d.Text, d.Thinking = kept.fit(d.Text, 0), kept.fit(d.Thinking, 0)
		}
		if err := acc.Add(ev); err != nil {
			streamErr = err
			break
		}
		if d, ok := alphaChatDelta(ev, &acc); ok && !yield(d) || kept.over {
			break
		}
	}
	res := alphaChatResult(acc.Message())
	res.Complete = acc.Done() && streamErr == nil
	return res, streamErr
}

// alphaChatDelta turns one stream event into a chat delta, if it is one.
func alphaChatDelta(ev MessageEvent, acc *MessageAccumulator) (ChatDelta, bool) {
	switch {
	case ev.Delta != nil && ev.Delta.Type == "text_delta":
		return ChatDelta{Kind: ChatTextDelta, Text: ev.Delta.Text}, true
	case ev.Delta != nil && ev.Delta.Type == "thinking_delta":
		return ChatDelta{Kind: ChatThinkingDelta, Text: ev.Delta.Thinking}, true
	case ev.Delta != nil && ev.Delta.Type == "citations_delta" && ev.Delta.Citation != nil:
		return ChatDelta{Kind: ChatCitationDelta, Citation: &ChatSource{Title: ev.Delta.Citation.Title, URL: ev.Delta.Citation.URL}}, true
	case ev.Type == "content_block_stop":
		// Only the block that ended is encoded: a reply of megabytes is not
		// encoded again at each block's end.
		if b, ok := acc.block(ev.Index); ok {
			if call, ok := alphaToolCall(b); ok {
				return ChatDelta{Kind: ChatToolDelta, Tool: &call}, true
			}
		}
	case ev.Type == "content_block_start" && ev.Block != nil && ev.Block.Type == "text" && alphaBreak(acc.content(), ev.Index):
		return ChatDelta{Kind: ChatTextDelta, Text: alphaParagraph}, true
	case ev.Type == "message_delta" && ev.Usage != nil:
		u := acc.Usage()
		return ChatDelta{Kind: ChatUsageDelta, Usage: ChatUsage{Input: u.InputTokens, Output: u.OutputTokens}}, true
	}
	return ChatDelta{}, false
}

// alphaParagraph separates text blocks that a tool call comes between.
const alphaParagraph = "\n\n"

// alphaBreak reports whether the text block at i starts a new paragraph:
// a block that is not text (a tool call, its result) comes before it, and
// the text before that does not end in white space. Without it "Let me
// search for that." and "According to…" run together. Adjacent text blocks
// (split where a citation starts or ends) join as they are.
func alphaBreak(content []MessageBlock, i int) bool {
	if i <= 0 || i > len(content) || content[i-1].Type == "text" {
		return false
	}
	for j := i - 1; j >= 0; j-- {
		if t := content[j].Text; content[j].Type == "text" {
			return t != "" && !unicode.IsSpace(rune(t[len(t)-1]))
		}
	}
	return false
}

func alphaToolCall(b MessageBlock) (ChatToolCall, bool) {
	switch b.Type {
	case "tool_use", "server_tool_use":
		return ChatToolCall{ID: b.ID, Name: b.Name, Input: string(b.Input), Server: b.Type == "server_tool_use"}, true
	}
	return ChatToolCall{}, false
}

func alphaChatResult(m *Message) *ChatResult {
	res := &ChatResult{
		StopReason: m.StopReason,
		Stop:       alphaStop(m.StopReason),
		Model:      m.Model,
		Usage:      ChatUsage{Input: m.Usage.InputTokens, Output: m.Usage.OutputTokens},
		Response:   m.Raw,
	}
	seen := map[string]bool{}
	for i, b := range m.Content {
		switch b.Type {
		case "text":
			if alphaBreak(m.Content, i) {
				res.Text += alphaParagraph
			}
			res.Text += b.Text
			for _, c := range b.Citations {
				if c.URL != "" && !seen[c.URL] {
					seen[c.URL] = true
					res.Sources = append(res.Sources, ChatSource{Title: c.Title, URL: c.URL})
				}
			}
		case "thinking":
			res.Thinking += b.Thinking
		}
		if call, ok := alphaToolCall(b); ok {
			res.Tools = append(res.Tools, call)
		}
	}
	return res
}

func (a *alphaChat) path(bool) string { return alphaMessagesPath }

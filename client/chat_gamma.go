package client

import (
	"context"
	"encoding/json"
	"errors"
)

// gammaChat is the responses protocol's side of the chat layer.
type gammaChat struct{ req ResponseRequest }

func newGammaChat(t ChatTarget, turns []ChatTurn) (*gammaChat, error) {
	s := t.Settings
	req := ResponseRequest{
		Model:           t.Model,
		Instructions:    s.System,
		MaxOutputTokens: s.MaxTokens,
		Temperature:     s.Temperature,
		TopP:            s.TopP,
		Reasoning:       ResponseReasoning{Effort: s.Effort, Summary: s.Summary},
		Text:            ResponseTextConfig{Verbosity: s.Verbosity},
		Extra:           s.Extra,
	}
	if s.WebSearch {
		req.Tools = append(req.Tools, ResponseTool{Type: "web_search"})
		req.Extra = chatWithTool(req.Extra, ResponseTool{Type: "web_search"})
	}
	var items []ResponseInputItem
	for _, turn := range turns {
		items = append(items, gammaChatTurn(turn)...)
	}
	req.Input = ResponseInputItems(items...)
	return &gammaChat{req: req}, errors.Join(chatCheckFamily(Gamma, s), req.Validate())
}

func gammaChatTurn(t ChatTurn) []ResponseInputItem {
	if t.Role == "assistant" {
		if t.Family == Gamma && len(t.Native) > 0 {
			var r Response
			if json.Unmarshal(t.Native, &r) == nil && len(r.Output) > 0 {
				return r.InputItems()
			}
		}
		return []ResponseInputItem{ResponseAssistantText(t.Text)}
	}
	if len(t.Images) == 0 {
		return []ResponseInputItem{ResponseUserText(t.Text)}
	}
	var parts []ResponseInputPart
	for _, im := range t.Images {
		parts = append(parts, ResponseImageDataPart(im.MediaType, im.Data, ""))
	}
	return []ResponseInputItem{ResponseUserMessage(append(parts, ResponseTextPart(t.Text))...)}
}

func (g *gammaChat) request() (json.RawMessage, error) { return json.Marshal(g.req) }

func (g *gammaChat) send(ctx context.Context, c *Client) (*ChatResult, error) {
	r, err := c.CreateResponse(ctx, g.req)
	if r == nil {
		return nil, err
	}
	res := gammaChatResult(r)
	res.Complete = err == nil
	return res, err
}

func (g *gammaChat) stream(ctx context.Context, c *Client, kept *replyKept, yield func(ChatDelta) bool) (*ChatResult, error) {
	var acc ResponseAccumulator
	var streamErr error
	for ev, err := range c.StreamResponse(ctx, g.req) {
		if err != nil {
			streamErr = err
			break
		}
		switch ev.Type { // the budget first, then the response
		case ResponseEventTextDelta, ResponseEventSummaryTextDelta, ResponseEventReasoningTextDelta:
			ev.Delta = kept.fit(ev.Delta, 0)
		}
		if err := acc.Add(ev); err != nil {
			streamErr = err
			break
		}
		if d, ok := gammaChatDelta(ev); ok && !yield(d) || kept.over {
			break
		}
	}
	res := gammaChatResult(acc.Response())
	res.Complete = acc.Done() && streamErr == nil
	return res, streamErr
}

func gammaChatDelta(ev ResponseEvent) (ChatDelta, bool) {
	switch ev.Type {
	case ResponseEventTextDelta:
		return ChatDelta{Kind: ChatTextDelta, Text: ev.Delta}, true
	case ResponseEventSummaryTextDelta, ResponseEventReasoningTextDelta:
		return ChatDelta{Kind: ChatThinkingDelta, Text: ev.Delta}, true
	case ResponseEventAnnotationAdded:
		if a := ev.Annotation; a != nil && a.URL != "" {
			return ChatDelta{Kind: ChatCitationDelta, Citation: &ChatSource{Title: a.Title, URL: a.URL}}, true
		}
	case ResponseEventItemDone:
		if ev.Item != nil {
			if call, ok := gammaToolCall(*ev.Item); ok {
				return ChatDelta{Kind: ChatToolDelta, Tool: &call}, true
			}
		}
	case ResponseEventCompleted, ResponseEventIncomplete:
		if ev.Response != nil && ev.Response.Usage != nil {
			return ChatDelta{Kind: ChatUsageDelta, Usage: gammaChatUsage(ev.Response.Usage)}, true
		}
	}
	return ChatDelta{}, false
}

func gammaToolCall(it ResponseItem) (ChatToolCall, bool) {
	switch it.Type {
	case "function_call":
		return ChatToolCall{ID: it.CallID, Name: it.Name, Input: it.Arguments}, true
	case "web_search_call":
		call := ChatToolCall{ID: it.ID, Name: "web_search", Server: true}
		if it.Action != nil {
			call.Input = it.Action.Query
			if call.Input == "" {
				call.Input = it.Action.URL
			}
		}
		return call, true
	}
	return ChatToolCall{}, false
}

func gammaChatUsage(u *ResponseUsage) ChatUsage {
	if u == nil {
		return ChatUsage{}
	}
	return ChatUsage{Input: u.InputTokens, Output: u.OutputTokens}
}

func gammaChatResult(r *Response) *ChatResult {
	res := &ChatResult{
		Text:       r.OutputText(),
		Thinking:   r.Reasoning(),
		StopReason: r.Status,
		Model:      r.Model,
		Usage:      gammaChatUsage(r.Usage),
		Response:   r.Raw,
		Stop:       gammaStop(r),
	}
	if r.Status == "in_progress" || r.Status == "queued" {
		res.StopReason = "" // a stream cut before the end: no reason it stopped
	}
	if r.IncompleteDetails != nil && r.IncompleteDetails.Reason != "" {
		res.StopReason += ": " + r.IncompleteDetails.Reason
	}
	seen := map[string]bool{}
	for _, it := range r.Output {
		if call, ok := gammaToolCall(it); ok {
			res.Tools = append(res.Tools, call)
		}
		for _, c := range it.Content {
			for _, a := range c.Annotations {
				if a.URL != "" && !seen[a.URL] {
					seen[a.URL] = true
					res.Sources = append(res.Sources, ChatSource{Title: a.Title, URL: a.URL})
				}
			}
		}
	}
	return res
}

func (g *gammaChat) path(bool) string { return responsesPath }

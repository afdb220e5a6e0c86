package client

import (
	"context"
	"encoding/json"
	"errors"
)

// betaChat is the content-generation protocol's side of the chat layer.
type betaChat struct {
	model string
	req   GenerateRequest
}

func newBetaChat(t ChatTarget, turns []ChatTurn) (*betaChat, error) {
	s := t.Settings
	req := GenerateRequest{
		GenerationConfig: BetaGenerationConfig{
			Temperature:     s.Temperature,
			TopP:            s.TopP,
			TopK:            s.TopK,
			MaxOutputTokens: s.MaxTokens,
			StopSequences:   s.StopSequences,
		},
		Extra: s.Extra,
	}
	if s.System != "" {
		req.SystemInstruction = BetaContent{Parts: []BetaPart{BetaTextPart(s.System)}}
	}
	if s.ThinkingBudget > 0 {
		budget := s.ThinkingBudget
		req.GenerationConfig.ThinkingConfig = BetaThinkingConfig{IncludeThoughts: true, ThinkingBudget: &budget}
	}
	if s.WebSearch {
		req.Tools = append(req.Tools, BetaWebSearchTool())
		req.Extra = chatWithTool(req.Extra, BetaWebSearchTool())
	}
	for _, turn := range turns {
		req.Contents = append(req.Contents, betaChatTurn(turn))
	}
	return &betaChat{model: t.Model, req: req}, errors.Join(chatCheckFamily(Beta, s), betaValidate(t.Model, &req))
}

func betaChatTurn(t ChatTurn) BetaContent {
	if t.Role == "assistant" {
		if t.Family == Beta && len(t.Native) > 0 {
			var r GenerateResponse
			if json.Unmarshal(t.Native, &r) == nil && len(r.Candidates) > 0 && len(r.Candidates[0].Content.Parts) > 0 {
				c := r.Candidates[0].Content
				c.Role = "model"
				return c
			}
		}
		return BetaContent{Role: "model", Parts: []BetaPart{BetaTextPart(t.Text)}}
	}
	c := BetaContent{Role: "user"}
	for _, im := range t.Images {
		c.Parts = append(c.Parts, BetaImagePart(im.Data, im.MediaType))
	}
	c.Parts = append(c.Parts, BetaTextPart(t.Text))
	return c
}

func (b *betaChat) request() (json.RawMessage, error) { return json.Marshal(b.req) }

func (b *betaChat) send(ctx context.Context, c *Client) (*ChatResult, error) {
	r, err := c.GenerateContent(ctx, b.model, &b.req)
	if err != nil {
		return nil, err
	}
	res := betaChatResult(r)
	res.Complete = true
	return res, nil
}

func (b *betaChat) stream(ctx context.Context, c *Client, kept *replyKept, yield func(ChatDelta) bool) (*ChatResult, error) {
	var acc GenerateAccumulator
	var streamErr error
	finished := false
	for chunk, err := range c.StreamGenerateContent(ctx, b.model, &b.req) {
		if err != nil {
			streamErr = err
			break
		}
		betaFitChunk(&chunk, kept) // the budget first, then the reply
		if err := acc.Add(chunk); err != nil {
			streamErr = err
			break
		}
		finished = finished || betaFinished(&chunk.GenerateResponse)
		if !betaChatDeltas(&chunk.GenerateResponse, yield) || kept.over {
			break
		}
	}
	res := betaChatResult(acc.Response())
	res.Complete = finished && streamErr == nil
	return res, streamErr
}

// betaFitChunk fits the text parts of a chunk's first candidate (the one
// the chat yields) to the budget together. A chunk cut so is folded from
// its decoded fields, its raw bytes (which still hold the whole text) let
// go.
func betaFitChunk(chunk *GenerateChunk, kept *replyKept) {
	if len(chunk.Candidates) == 0 {
		return
	}
	parts := chunk.Candidates[0].Content.Parts
	var used int64
	for i := range parts {
		if parts[i].FunctionCall != nil {
			continue
		}
		if cut := kept.fit(parts[i].Text, used); len(cut) < len(parts[i].Text) {
			parts[i].Text, chunk.Raw = cut, nil
		}
		used += int64(len(parts[i].Text))
	}
}

// betaChatDeltas yields the deltas of one chunk, reporting whether to go on.
func betaChatDeltas(r *GenerateResponse, yield func(ChatDelta) bool) bool {
	if len(r.Candidates) > 0 {
		for _, p := range r.Candidates[0].Content.Parts {
			var d ChatDelta
			switch {
			case p.FunctionCall != nil:
				d = ChatDelta{Kind: ChatToolDelta, Tool: &ChatToolCall{ID: p.FunctionCall.ID, Name: p.FunctionCall.Name, Input: string(p.FunctionCall.Args)}}
			case p.Text == "":
				continue
			case p.Thought:
				d = ChatDelta{Kind: ChatThinkingDelta, Text: p.Text}
			default:
				d = ChatDelta{Kind: ChatTextDelta, Text: p.Text}
			}
			if !yield(d) {
				return false
			}
		}
	}
	if u := r.UsageMetadata; u != nil && u.CandidatesTokenCount > 0 {
		return yield(ChatDelta{Kind: ChatUsageDelta, Usage: betaChatUsage(u)})
	}
	return true
}

func betaChatUsage(u *BetaUsageMetadata) ChatUsage {
	if u == nil {
		return ChatUsage{}
	}
	return ChatUsage{Input: u.PromptTokenCount, Output: u.CandidatesTokenCount + u.ThoughtsTokenCount}
}

func betaChatResult(r *GenerateResponse) *ChatResult {
	res := &ChatResult{
		Text:     r.Text(),
		Thinking: r.Thoughts(),
		Model:    r.ModelVersion,
		Usage:    betaChatUsage(r.UsageMetadata),
		Response: r.Raw,
		Stop:     betaStop(r),
	}
	if reason, ok := r.Blocked(); ok {
		res.StopReason = "blocked: " + reason
	}
	if len(r.Candidates) == 0 {
		return res
	}
	cand := r.Candidates[0]
	if res.StopReason == "" {
		res.StopReason = cand.FinishReason
	}
	for _, fc := range cand.FunctionCalls() {
		res.Tools = append(res.Tools, ChatToolCall{ID: fc.ID, Name: fc.Name, Input: string(fc.Args)})
	}
	if g := cand.GroundingMetadata; g != nil {
		for _, q := range g.WebSearchQueries {
			res.Tools = append(res.Tools, ChatToolCall{Name: "web_search", Input: q, Server: true})
		}
		for _, ch := range g.GroundingChunks {
			if ch.Web != nil {
				res.Sources = append(res.Sources, ChatSource{Title: ch.Web.Title, URL: ch.Web.URI})
			}
		}
	}
	return res
}

func (b *betaChat) path(stream bool) string {
	if stream {
		return betaPath(b.model, "streamGenerateContent") + "?alt=sse"
	}
	return betaPath(b.model, "generateContent")
}

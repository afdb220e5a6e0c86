package price

import (
	"encoding/json"
	"strconv"
	"strings"

	"atelier/client"
)

// Usage is what a reply or an image job used. Output counts every token
// generated, thinking included, as all three chat protocols count it;
// Thinking is the part of Output that was thinking.
type Usage struct {
	Input, Output, Thinking int64
}

// perMillion is the unit of token rates.
const perMillion = 1e6

// Reply is the cost of a reply from its usage; nil when the model has no
// token rates, or lacks the rate of a count it used.
func (t Table) Reply(model string, u Usage) *float64 {
	r, ok := t.rate(model)
	if !ok {
		return nil
	}
	return r.tokens(u)
}

func (r Rate) tokens(u Usage) *float64 {
	if r.Input == nil && r.Output == nil && r.Thinking == nil {
		return nil
	}
	think := r.Thinking
	if think == nil {
		think = r.Output
	}
	sum := 0.0
	for _, part := range []struct {
		n    int64
		rate *float64
	}{{u.Input, r.Input}, {max(u.Output-u.Thinking, 0), r.Output}, {min(u.Thinking, u.Output), think}} {
		if part.n == 0 {
			continue
		}
		if part.rate == nil {
			return nil // a count without its rate: the cost is not known
		}
		sum += float64(part.n) * *part.rate / perMillion
	}
	return &sum
}

// Image is the cost of an image job: n images at the per-image price of
// their size and quality, else the job's token usage (u, nil if none) at
// the model's token rates; nil when neither is set.
func (t Table) Image(model, size, quality string, n int, u *Usage) *float64 {
	r, ok := t.rate(model)
	if !ok {
		return nil
	}
	if each, ok := r.perImage(size, quality); ok {
		c := each * float64(max(n, 0))
		return &c
	}
	if u == nil {
		return nil
	}
	return r.tokens(*u)
}

func (r Rate) perImage(size, quality string) (float64, bool) {
	if size == "" {
		size = "auto"
	}
	for _, k := range []string{size + "/" + quality, size, "*/" + quality, "*"} {
		if v, ok := r.Image[k]; ok {
			return v, true
		}
	}
	return 0, false
}

// Video is the cost of a video task: its seconds at the endpoint's price
// for the resolution (or "*"); nil when there is none or the length is not
// known.
func (t Table) Video(endpoint, resolution string, seconds float64) *float64 {
	r, ok := t.rate(endpoint)
	if !ok || seconds <= 0 {
		return nil
	}
	each, ok := r.Second[resolution]
	if !ok {
		each, ok = r.Second["*"]
	}
	if !ok {
		return nil
	}
	c := each * seconds
	return &c
}

// EstimateTokens is a prompt's tokens, at about four bytes a token.
func EstimateTokens(prompt string) int64 { return int64(len(prompt)+3) / 4 }

// EstimateReply is what a reply may cost at most: the prompt's tokens in,
// max_tokens out (at the output rate); with no max_tokens, the input only.
func (t Table) EstimateReply(model, prompt string, maxTokens int) *float64 {
	return t.Reply(model, Usage{Input: EstimateTokens(prompt), Output: int64(max(maxTokens, 0))})
}

// VideoParams reads a video body's resolution and length in seconds
// ("duration": 5, "5" or "5s"); seconds is 0 when the body does not say.
func VideoParams(body map[string]any) (resolution string, seconds float64) {
	resolution, _ = body["resolution"].(string)
	switch d := body["duration"].(type) {
	case float64:
		seconds = d
	case json.Number:
		seconds, _ = d.Float64()
	case string:
		seconds, _ = strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(d), "s"), 64)
	}
	return resolution, seconds
}

// UsageOf reads a native usage object of any family (alpha's input/output
// tokens, beta's prompt/candidates/thoughts counts, gamma's and the image
// endpoints' input/output tokens with reasoning details); ok is false when
// it holds no count.
func UsageOf(raw json.RawMessage) (u Usage, ok bool) {
	var m struct {
		Input      *int64 `json:"input_tokens"`
		Output     *int64 `json:"output_tokens"`
		Prompt     *int64 `json:"promptTokenCount"`
		Candidates *int64 `json:"candidatesTokenCount"`
		Thoughts   *int64 `json:"thoughtsTokenCount"`
		Details    struct {
			Reasoning int64 `json:"reasoning_tokens"`
		} `json:"output_tokens_details"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return u, false
	}
	get := func(p *int64) int64 {
		if p == nil {
			return 0
		}
		ok = true
		return max(*p, 0)
	}
	u.Input = get(m.Input) + get(m.Prompt)
	u.Output = get(m.Output) + get(m.Candidates) + get(m.Thoughts)
	u.Thinking = get(m.Thoughts) + max(m.Details.Reasoning, 0)
	return u, ok
}

// ReplyNative is the cost of a reply from its neutral counts and its native
// final reply, whose usage tells the thinking tokens apart (beta's
// thoughts, gamma's reasoning); one reading for the command line and the
// tabs alike.
func (t Table) ReplyNative(model string, input, output int64, native json.RawMessage) *float64 {
	if len(t) == 0 {
		return nil
	}
	return t.Reply(model, NativeUsage(input, output, native))
}

// NativeUsage is a reply's usage: its neutral counts, with the thinking
// its native final reply's usage tells apart (never more than the output).
func NativeUsage(input, output int64, native json.RawMessage) Usage {
	u := Usage{Input: input, Output: output}
	var top struct {
		Usage         json.RawMessage `json:"usage"`
		UsageMetadata json.RawMessage `json:"usageMetadata"`
	}
	if json.Unmarshal(native, &top) == nil {
		for _, raw := range []json.RawMessage{top.Usage, top.UsageMetadata} {
			if nu, ok := UsageOf(raw); ok {
				u.Thinking = min(nu.Thinking, u.Output)
			}
		}
	}
	return u
}

// Label is a known cost as the screens show it beside other figures: the
// rates are in the person's currency, so no sign is guessed; "" when the
// cost is not known.
func Label(cost *float64) string {
	if cost == nil {
		return ""
	}
	return "cost " + Format(*cost)
}

// Ask is one reply asked of a model, for an estimate: the prompt as sent
// (the system prompt with it) and the max_tokens it may take.
type Ask struct {
	Model     string
	Prompt    string
	MaxTokens int
}

// EstimateAsks is what asks may cost, each asked times times: the sum over
// the asks whose model is priced; nil when none is, so that nothing
// pretends to know a cost. Comparisons, batches and the TUI's forms all
// estimate with it.
func (t Table) EstimateAsks(asks []Ask, times int) *float64 {
	var sum *float64
	for _, a := range asks {
		if c := t.EstimateReply(a.Model, a.Prompt, a.MaxTokens); c != nil {
			if sum == nil {
				sum = new(float64)
			}
			*sum += *c * float64(max(times, 1))
		}
	}
	return sum
}

// ChatAsks are the asks of one prompt to each target: its system prompt
// and the prompt, and the max_tokens its request carries (alpha's default
// when none is set: what is sent is what is counted).
func ChatAsks(targets []client.ChatTarget, prompt string) []Ask {
	asks := make([]Ask, len(targets))
	for i, tg := range targets {
		asks[i] = Ask{Model: tg.Model, Prompt: tg.Settings.System + prompt, MaxTokens: client.SentMaxTokens(tg)}
	}
	return asks
}

package client

import "slices"

// ChatStopKind sorts how a reply ended, alike across the families.
type ChatStopKind int

// The kinds of ending.
const (
	// ChatEnded is a normal end: the model finished, hit a stop sequence
	// or called a tool.
	ChatEnded ChatStopKind = iota
	// ChatTruncated is a reply cut short: a token limit was reached, or the
	// service says the reply is incomplete.
	ChatTruncated
	// ChatBlocked is a prompt or a reply a safety filter blocked.
	ChatBlocked
	// ChatRefused is a model that declined to answer.
	ChatRefused
)

// ChatStop is how a reply ended. For any end but a normal one, Field and
// Value say it in the family's own words, e.g. stop_reason max_tokens,
// promptFeedback.blockReason SAFETY, incomplete_details.reason
// max_output_tokens.
type ChatStop struct {
	Kind         ChatStopKind
	Field, Value string
}

// betaBlockedFinishes are the finish reasons of a reply a filter stopped.
var betaBlockedFinishes = []string{"SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY"}

// alphaStop reads stop_reason (2.2; refusal: Errors 3).
func alphaStop(reason string) ChatStop {
	switch reason {
	case "refusal":
		return ChatStop{ChatRefused, "stop_reason", reason}
	case "max_tokens", "model_context_window_exceeded":
		return ChatStop{ChatTruncated, "stop_reason", reason}
	}
	return ChatStop{}
}

// betaStop reads promptFeedback.blockReason (Errors 4) and the candidate's
// finishReason (2.4).
func betaStop(r *GenerateResponse) ChatStop {
	if reason, ok := r.Blocked(); ok {
		return ChatStop{ChatBlocked, "promptFeedback.blockReason", reason}
	}
	if len(r.Candidates) == 0 {
		return ChatStop{}
	}
	switch f := r.Candidates[0].FinishReason; {
	case f == "MAX_TOKENS":
		return ChatStop{ChatTruncated, "finishReason", f}
	case slices.Contains(betaBlockedFinishes, f):
		return ChatStop{ChatBlocked, "finishReason", f}
	}
	return ChatStop{}
}

// gammaStop reads status incomplete and its incomplete_details.reason
// (2.9), and a refusal among the output's message parts.
func gammaStop(r *Response) ChatStop {
	for _, it := range r.Output {
		for _, c := range it.Content {
			if c.Type == "refusal" {
				return ChatStop{ChatRefused, "refusal", c.Refusal}
			}
		}
	}
	if r.Status != "incomplete" {
		return ChatStop{}
	}
	reason := ""
	if r.IncompleteDetails != nil {
		reason = r.IncompleteDetails.Reason
	}
	if reason == "content_filter" {
		return ChatStop{ChatBlocked, "incomplete_details.reason", reason}
	}
	return ChatStop{ChatTruncated, "incomplete_details.reason", reason}
}

package client

import "testing"

func TestChatStopFromNativeReplies(t *testing.T) {
	t.Parallel()
	tests := []struct {
		fam   Group
		reply string
		want  ChatStop
	}{
		{Alpha, `{"type":"message","role":"assistant","content":[],"stop_reason":"end_turn"}`, ChatStop{}},
		{Alpha, `{"type":"message","role":"assistant","content":[],"stop_reason":"tool_use"}`, ChatStop{}},
		{Alpha, `{"type":"message","role":"assistant","content":[],"stop_reason":"refusal"}`, ChatStop{ChatRefused, "stop_reason", "refusal"}},
		{Alpha, `{"type":"message","role":"assistant","content":[],"stop_reason":"max_tokens"}`, ChatStop{ChatTruncated, "stop_reason", "max_tokens"}},
		{Beta, `{"promptFeedback":{"blockReason":"OTHER"}}`, ChatStop{ChatBlocked, "promptFeedback.blockReason", "OTHER"}},
		{Beta, `{"candidates":[{"content":{"parts":[{"text":"a"}]},"finishReason":"SAFETY"}]}`, ChatStop{ChatBlocked, "finishReason", "SAFETY"}},
		{Beta, `{"candidates":[{"content":{"parts":[{"text":"a"}]},"finishReason":"MAX_TOKENS"}]}`, ChatStop{ChatTruncated, "finishReason", "MAX_TOKENS"}},
		{Beta, `{"candidates":[{"content":{"parts":[{"text":"a"}]},"finishReason":"STOP"}]}`, ChatStop{}},
		{Gamma, `{"status":"completed","output":[]}`, ChatStop{}},
		{Gamma, `{"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"}}`, ChatStop{ChatTruncated, "incomplete_details.reason", "max_output_tokens"}},
		{Gamma, `{"status":"incomplete","incomplete_details":{"reason":"content_filter"}}`, ChatStop{ChatBlocked, "incomplete_details.reason", "content_filter"}},
		{Gamma, `{"status":"incomplete"}`, ChatStop{ChatTruncated, "incomplete_details.reason", ""}},
		{Gamma, `{"status":"completed","output":[{"type":"message","role":"assistant","content":[{"type":"refusal","refusal":"I can't help with that."}]}]}`,
			ChatStop{ChatRefused, "refusal", "I can't help with that."}},
	}
	for _, tt := range tests {
		res, err := ChatResultOf(tt.fam, []byte(tt.reply))
		if err != nil {
			t.Fatalf("%s %s: %v", tt.fam, tt.reply, err)
		}
		if res.Stop != tt.want {
			t.Errorf("%s %s: stop %+v, want %+v", tt.fam, tt.reply, res.Stop, tt.want)
		}
	}
}

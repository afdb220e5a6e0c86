package client

import (
	"net/http"
	"testing"
)

// Fields the interface types as numbers (2.9: usage counts, the echoes of
// max_output_tokens, max_tool_calls, top_logprobs) are read as numbers:
// 50.0 is 50, not a decoding error that leaves 0 (issue 14, Bodies 4).
const responsesFractional = `{"id":"resp_1","object":"response","created_at":1767225600.0,"status":"incomplete",` +
	`"incomplete_details":{"reason":"max_output_tokens"},"max_output_tokens":50.0,"max_tool_calls":3.0,"top_logprobs":2.0,` +
	`"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Half"}]}],` +
	`"usage":{"input_tokens":12.0,"output_tokens":50.0,"total_tokens":62.0,` +
	`"input_tokens_details":{"cached_tokens":4.0},"output_tokens_details":{"reasoning_tokens":1e1}}}`

func checkFractionalResponse(t *testing.T, r *Response) {
	t.Helper()
	u := r.Usage
	if u == nil || u.InputTokens != 12 || u.OutputTokens != 50 || u.TotalTokens != 62 ||
		u.InputTokensDetails.CachedTokens != 4 || u.OutputTokensDetails.ReasoningTokens != 10 {
		t.Errorf("usage %+v", u)
	}
	if r.MaxOutputTokens == nil || *r.MaxOutputTokens != 50 || r.MaxToolCalls == nil || *r.MaxToolCalls != 3 ||
		r.TopLogprobs == nil || *r.TopLogprobs != 2 {
		t.Errorf("echoes max_output_tokens %v max_tool_calls %v top_logprobs %v", r.MaxOutputTokens, r.MaxToolCalls, r.TopLogprobs)
	}
}

func TestResponsesNumbersReadAsNumbers(t *testing.T) {
	t.Parallel()
	c, _ := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		responsesServeJSON(w, http.StatusOK, []byte(responsesFractional))
	})
	r, err := c.CreateResponse(t.Context(), responsesTestRequest())
	if err != nil {
		t.Fatal(err)
	}
	checkFractionalResponse(t, r)
	if res := gammaChatResult(r); res.Usage != (ChatUsage{Input: 12, Output: 50}) {
		t.Errorf("chat usage %+v", res.Usage)
	}

	// The same reply at the end of a stream.
	_, acc, err := responsesRun(t, responsesJoin(
		responsesFrame(`{"type":"response.created","response":{"id":"resp_1","object":"response","status":"in_progress"}}`),
		responsesFrame(`{"type":"response.incomplete","response":`+responsesFractional+`}`)))
	if err != nil {
		t.Fatal(err)
	}
	checkFractionalResponse(t, acc.Response())
}

// A count that is not a number is left unset, and the rest of the reply is
// read: one odd field must not cost the whole reply.
func TestResponsesOddCountsLeaveTheRest(t *testing.T) {
	t.Parallel()
	var r Response
	err := r.UnmarshalJSON([]byte(`{"id":"r","max_output_tokens":"fifty","usage":{"input_tokens":"x","output_tokens":7,"total_tokens":1e300}}`))
	if err != nil {
		t.Fatal(err)
	}
	if r.ID != "r" || r.MaxOutputTokens != nil || r.Usage == nil || r.Usage.InputTokens != 0 || r.Usage.OutputTokens != 7 || r.Usage.TotalTokens != 0 {
		t.Errorf("read %+v usage %+v", r, r.Usage)
	}
}

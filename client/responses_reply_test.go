package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"testing"
)

const responsesSearchText = "It is sunny in Oslo, 21 °C (weather.example.org). Light wind tonight (news.example.com)."
const responsesSearchSummary = "**Checking the forecast**\n\nThe user wants today's weather in Oslo; a web search will tell."

func TestCreateResponseDecodes(t *testing.T) {
	t.Parallel()
	raw := fixture(t, "gamma/responses_completed.json")
	c, _ := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		responsesServeJSON(w, http.StatusOK, raw)
	})
	resp, err := c.CreateResponse(t.Context(), responsesTestRequest())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(resp.Raw, raw) {
		t.Error("Raw is not the exact reply")
	}
	if got := resp.OutputText(); got != responsesSearchText {
		t.Errorf("OutputText %q", got)
	}
	if got := resp.Reasoning(); got != responsesSearchSummary {
		t.Errorf("Reasoning %q", got)
	}
	if resp.Status != "completed" || resp.CompletedAt != 1767225609 || resp.Failed() != nil {
		t.Errorf("status %q completed_at %v failed %v", resp.Status, resp.CompletedAt, resp.Failed())
	}
	u := resp.Usage
	if u == nil || u.InputTokens != 50 || u.OutputTokens != 80 || u.TotalTokens != 130 || u.OutputTokensDetails.ReasoningTokens != 40 {
		t.Errorf("usage %+v", u)
	}
	if resp.Conversation == nil || resp.Conversation.ID != "conv_1" || resp.Metadata["ticket"] != "T-1" ||
		resp.PromptCacheRetention != "in_memory" || resp.ReasoningConfig == nil || resp.ReasoningConfig.Summary != "auto" {
		t.Errorf("echoed fields: conversation %+v metadata %v retention %q", resp.Conversation, resp.Metadata, resp.PromptCacheRetention)
	}
	if len(resp.Output) != 4 {
		t.Fatalf("%d output items", len(resp.Output))
	}
	rs, ws, msg := resp.Output[0], resp.Output[1], resp.Output[2]
	if rs.EncryptedContent != "gAAAAB-encrypted-reasoning-1" {
		t.Errorf("encrypted_content %q", rs.EncryptedContent)
	}
	if ws.Action == nil || ws.Action.Query != "weather Oslo today" || len(ws.Action.Sources) != 2 {
		t.Errorf("web search action %+v", ws.Action)
	}
	anns := msg.Content[0].Annotations
	if len(anns) != 2 || anns[0].Type != "url_citation" || anns[0].URL != "https://weather.example.org/oslo" ||
		anns[0].Title != "Oslo forecast" || anns[0].StartIndex != 28 || anns[0].EndIndex != 47 {
		t.Errorf("annotations %+v", anns)
	}
	if msg.Phase != "final_answer" {
		t.Errorf("phase %q", msg.Phase)
	}
	calls := resp.FunctionCalls()
	if len(calls) != 1 || calls[0].Name != "get_weather" || calls[0].CallID != "call_2" || calls[0].Arguments != `{"city":"Bergen"}` {
		t.Errorf("function calls %+v", calls)
	}
	// The next turn sends the items back exactly as received.
	in := resp.InputItems()
	if len(in) != 4 || !bytes.Equal(in[0].Raw, rs.Raw) || !bytes.Contains(in[0].Raw, []byte("gAAAAB-encrypted-reasoning-1")) {
		t.Errorf("input items do not echo the output: %s", in[0].Raw)
	}
}

func TestCreateResponseFailure(t *testing.T) {
	t.Parallel()
	c, _ := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		responsesServeJSON(w, http.StatusOK, fixture(t, "gamma/responses_failed.json"))
	})
	resp, err := c.CreateResponse(t.Context(), responsesTestRequest())
	var ae *APIError
	if !errors.As(err, &ae) {
		t.Fatalf("err %v, want *APIError", err)
	}
	if ae.Status != 0 || ae.Code != "rate_limit_exceeded" || ae.Type != "failed" || ae.Message != "Rate limit reached for requests." || ae.Group != Gamma {
		t.Errorf("error %+v", ae)
	}
	if resp == nil || resp.Status != "failed" || len(resp.Raw) == 0 {
		t.Fatalf("the failed reply is not returned beside the error: %+v", resp)
	}
}

func TestResponseOutputTextAndStatus(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, reply           string
		text, refusal, reason string
		failedCode            string
	}{
		{name: "output_text field without items", reply: `{"id":"r","output_text":"sent","output":[]}`, text: "sent"},
		{name: "items win over the field",
			reply: `{"output_text":"stale","output":[{"type":"message","content":[{"type":"output_text","text":"a"},{"type":"output_text","text":"b"}]}]}`,
			text:  "ab"},
		{name: "field kept when no item has text",
			reply: `{"output_text":"sent","output":[{"type":"web_search_call","status":"completed"}]}`, text: "sent"},
		{name: "refusal is data",
			reply:   `{"status":"completed","output":[{"type":"message","content":[{"type":"refusal","refusal":"I can't help with that."}]}]}`,
			refusal: "I can't help with that."},
		{name: "incomplete is data",
			reply: `{"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},"output":[{"type":"message","content":[{"type":"output_text","text":"cut"}]}]}`,
			text:  "cut", reason: "max_output_tokens"},
		{name: "failed", reply: `{"status":"failed","error":{"code":"invalid_prompt","message":"no"}}`, failedCode: "invalid_prompt"},
		{name: "error object without status", reply: `{"error":{"code":"server_error","message":"x"}}`, failedCode: "server_error"},
		{name: "null error", reply: `{"status":"completed","error":null}`},
		{name: "unknown item and odd field types are kept",
			reply: `{"status":"completed","created_at":"soon","output":[{"type":"hologram","frames":3},{"type":"message","content":[{"type":"output_text","text":"t","annotations":[{"type":"file_citation","file_id":"f1"}]}]}]}`,
			text:  "t"},
		{name: "instructions as a list", reply: `{"instructions":[{"type":"message","role":"developer"}]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := responsesDecodeReply([]byte(tc.reply))
			if err != nil {
				t.Fatal(err)
			}
			if r.OutputText() != tc.text || r.Refusal() != tc.refusal {
				t.Errorf("text %q refusal %q", r.OutputText(), r.Refusal())
			}
			if tc.reason != "" && (r.IncompleteDetails == nil || r.IncompleteDetails.Reason != tc.reason) {
				t.Errorf("incomplete details %+v", r.IncompleteDetails)
			}
			var ae *APIError
			if err := r.Failed(); tc.failedCode == "" && err != nil || tc.failedCode != "" && (!errors.As(err, &ae) || ae.Code != tc.failedCode) {
				t.Errorf("Failed() = %v, want code %q", err, tc.failedCode)
			}
			b, err := json.Marshal(r)
			if err != nil || !json.Valid(b) {
				t.Fatalf("re-encode: %v %s", err, b)
			}
		})
	}
	if _, err := responsesDecodeReply([]byte(`[1,2]`)); err == nil {
		t.Error("a list decoded as a reply")
	}
}

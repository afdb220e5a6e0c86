package store

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// TestExportMarkdownCompareSummary: a comparison's report opens with a
// table of its lanes' figures and verdicts.
func TestExportMarkdownCompareSummary(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	cmp, _ := newConversation(t, s, KindCompare, "", "Explain CRDTs")
	for lane, tc := range []struct {
		model, settings string
		err             error
	}{
		{"model-x", `{"temperature":0.2,"system":"be brief"}`, nil},
		{"model-y", `{"stop_sequences":["a|b"],"system":"be brief"}`, errors.New("429 rate limited")},
	} {
		s.SetLane(bg, Lane{ConversationID: cmp, Lane: lane, Family: "alpha", Model: tc.model, SettingsJSON: json.RawMessage(tc.settings)})
		r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: cmp, Lane: lane, Family: "alpha", Model: tc.model}))
		r.Append("answer", "")
		r.Finish(ReplyEnd{StopReason: "end_turn", Usage: Usage{12, 300}, TTFT: 500 * time.Millisecond, Total: 3500 * time.Millisecond, Err: tc.err})
	}
	s.SetLane(bg, Lane{ConversationID: cmp, Lane: 0, Family: "alpha", Model: "model-x", Rating: 4, Winner: true, Note: "crisp | right",
		SettingsJSON: json.RawMessage(`{"temperature":0.2,"system":"be brief"}`)})
	p := must[string](t)(s.ExportMarkdown(bg, ItemRef{KindCompare, cmp}, t.TempDir()))
	b, _ := os.ReadFile(p)
	for _, want := range []string{
		"## Summary\n\nSystem prompt: be brief\n\n| Lane | Target | First token | Total | In | Out | Tokens/s | Stop | Rating | Winner | Note |\n|---|---|",
		"| 1 | alpha · model-x · temperature=0.2 | 0.50 s | 3.50 s | 12 | 300 | 100 | end_turn | ★★★★☆ | ✓ | crisp \\| right |",
		"| 2 | alpha · model-y · stop_sequences=[\"a\\|b\"] | 0.50 s | 3.50 s | 12 | 300 | 100 | error: 429 rate limited |  |  |  |",
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("no %q in\n%s", want, b)
		}
	}
	if strings.Index(string(b), "## Summary") > strings.Index(string(b), "## You") {
		t.Error("the summary comes after the messages")
	}
}

// TestSummaryKeepsASubMillisecondFirstToken: a first token under a
// millisecond (the demo's simulator answers in-process) is a figure, not
// a blank, in the report's summary (issue 30).
func TestSummaryKeepsASubMillisecondFirstToken(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	id, err := s.NewConversation(ctx, KindCompare, "quick")
	if err != nil {
		t.Fatal(err)
	}
	for lane, ttft := range []time.Duration{400 * time.Microsecond, 30 * time.Millisecond} {
		if _, err := s.AddMessage(ctx, Message{ConversationID: id, Role: RoleAssistant, Lane: lane, Family: "alpha", Model: "m",
			Text: "hi", TTFT: ttft, Total: time.Second}); err != nil {
			t.Fatal(err)
		}
	}
	c, err := s.Conversation(ctx, id)
	if err != nil || c.Messages[0].TTFT <= 0 {
		t.Fatalf("a first token of 0.4 ms reads back as %v (%v)", c.Messages[0].TTFT, err)
	}
	md, err := s.ExportMarkdown(ctx, ItemRef{Kind: KindCompare, ID: id}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(md)
	if !strings.Contains(string(b), "| 1 | alpha · m | < 0.01 s | 1.00 s |") {
		t.Errorf("the first lane's first token is not in the summary:\n%s", b)
	}
}

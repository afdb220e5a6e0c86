package client

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// responsesFeed decodes each line as an event and adds it, returning the
// errors Add gave.
func responsesFeed(t *testing.T, acc *ResponseAccumulator, lines ...string) []error {
	t.Helper()
	var errs []error
	for _, l := range lines {
		var ev ResponseEvent
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			t.Fatalf("bad test event %s: %v", l, err)
		}
		if err := acc.Add(ev); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

func TestResponseAccumulatorPlacesEvents(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		events []string
		check  func(t *testing.T, r *Response)
	}{
		{"a late delta after .done is stale", []string{
			`{"type":"response.output_text.delta","sequence_number":3,"item_id":"m","output_index":0,"content_index":0,"delta":"Hel"}`,
			`{"type":"response.output_text.done","sequence_number":5,"item_id":"m","output_index":0,"content_index":0,"text":"Hello."}`,
			`{"type":"response.output_text.delta","sequence_number":4,"item_id":"m","output_index":0,"content_index":0,"delta":"lo."}`,
		}, func(t *testing.T, r *Response) {
			if r.OutputText() != "Hello." {
				t.Errorf("text %q", r.OutputText())
			}
		}},
		{"deltas with no added events make an assistant message", []string{
			`{"type":"response.output_text.delta","sequence_number":1,"item_id":"m","output_index":0,"content_index":0,"delta":"a"}`,
			`{"type":"response.output_text.delta","sequence_number":2,"item_id":"m","output_index":0,"content_index":0,"delta":"b"}`,
		}, func(t *testing.T, r *Response) {
			it := r.Output[0]
			if it.Type != "message" || it.Role != "assistant" || it.Content[0].Type != "output_text" || r.OutputText() != "ab" {
				t.Errorf("item %+v", it)
			}
		}},
		{"output_item.done wins over a late added", []string{
			`{"type":"response.output_item.done","sequence_number":9,"output_index":0,"item":{"id":"rs","type":"reasoning","encrypted_content":"final","summary":[{"type":"summary_text","text":"S"}]}}`,
			`{"type":"response.output_item.added","sequence_number":2,"output_index":0,"item":{"id":"rs","type":"reasoning","encrypted_content":"partial","summary":[]}}`,
		}, func(t *testing.T, r *Response) {
			if r.Output[0].EncryptedContent != "final" || r.Reasoning() != "S" {
				t.Errorf("item %+v", r.Output[0])
			}
		}},
		{"item_id wins over a wrong output_index", []string{
			`{"type":"response.output_item.added","sequence_number":1,"output_index":1,"item":{"id":"fc","type":"function_call","name":"f","call_id":"c"}}`,
			`{"type":"response.function_call_arguments.delta","sequence_number":2,"item_id":"fc","output_index":7,"delta":"{\"a\":"}`,
			`{"type":"response.function_call_arguments.delta","sequence_number":3,"item_id":"fc","output_index":1,"delta":"1}"}`,
		}, func(t *testing.T, r *Response) {
			if len(r.Output) != 1 || r.Output[0].Arguments != `{"a":1}` || r.Output[0].Name != "f" {
				t.Errorf("output %+v", r.Output)
			}
		}},
		{"function call from argument events alone", []string{
			`{"type":"response.function_call_arguments.delta","sequence_number":2,"item_id":"fc","output_index":0,"delta":"{"}`,
			`{"type":"response.function_call_arguments.done","sequence_number":3,"item_id":"fc","output_index":0,"name":"g","arguments":"{}"}`,
		}, func(t *testing.T, r *Response) {
			if c := r.FunctionCalls(); len(c) != 1 || c[0].Name != "g" || c[0].Arguments != "{}" {
				t.Errorf("calls %+v", c)
			}
		}},
		{"reasoning text without a summary", []string{
			`{"type":"response.reasoning_text.delta","sequence_number":1,"item_id":"r","output_index":0,"content_index":0,"delta":"think "}`,
			`{"type":"response.reasoning_text.delta","sequence_number":2,"item_id":"r","output_index":0,"content_index":0,"delta":"hard"}`,
		}, func(t *testing.T, r *Response) {
			if r.Reasoning() != "think hard" || r.Output[0].Type != "reasoning" {
				t.Errorf("reasoning %q", r.Reasoning())
			}
		}},
		{"two summary parts", []string{
			`{"type":"response.reasoning_summary_text.delta","sequence_number":4,"item_id":"r","output_index":0,"summary_index":1,"delta":"second"}`,
			`{"type":"response.reasoning_summary_text.delta","sequence_number":2,"item_id":"r","output_index":0,"summary_index":0,"delta":"first"}`,
		}, func(t *testing.T, r *Response) {
			if r.Reasoning() != "first\n\nsecond" {
				t.Errorf("reasoning %q", r.Reasoning())
			}
		}},
		{"refusal", []string{
			`{"type":"response.refusal.delta","sequence_number":1,"item_id":"m","output_index":0,"content_index":0,"delta":"I can't"}`,
			`{"type":"response.refusal.done","sequence_number":2,"item_id":"m","output_index":0,"content_index":0,"refusal":"I can't help."}`,
		}, func(t *testing.T, r *Response) {
			if r.Refusal() != "I can't help." || r.OutputText() != "" {
				t.Errorf("refusal %q", r.Refusal())
			}
		}},
		{"web search status from its events", []string{
			`{"type":"response.web_search_call.in_progress","sequence_number":1,"item_id":"ws","output_index":0}`,
			`{"type":"response.web_search_call.completed","sequence_number":3,"item_id":"ws","output_index":0}`,
		}, func(t *testing.T, r *Response) {
			if it := r.Output[0]; it.Type != "web_search_call" || it.Status != "completed" {
				t.Errorf("item %+v", it)
			}
		}},
		{"a terminal output wins over gathered items", []string{
			`{"type":"response.output_text.delta","sequence_number":1,"item_id":"m","output_index":0,"content_index":0,"delta":"draft"}`,
			`{"type":"response.completed","sequence_number":2,"response":{"status":"completed","output":[{"type":"message","content":[{"type":"output_text","text":"final"}]}]}}`,
		}, func(t *testing.T, r *Response) {
			if r.OutputText() != "final" || r.Status != "completed" {
				t.Errorf("text %q", r.OutputText())
			}
		}},
		{"content_part.done replaces the part", []string{
			`{"type":"response.output_text.delta","sequence_number":1,"item_id":"m","output_index":0,"content_index":0,"delta":"dra"}`,
			`{"type":"response.content_part.done","sequence_number":3,"item_id":"m","output_index":0,"content_index":0,"part":{"type":"output_text","text":"draft","annotations":[{"type":"file_citation","file_id":"f1","index":0}]}}`,
		}, func(t *testing.T, r *Response) {
			c := r.Output[0].Content[0]
			if c.Text != "draft" || len(c.Annotations) != 1 || !strings.Contains(string(c.Annotations[0].Raw), "f1") {
				t.Errorf("part %+v", c)
			}
		}},
		{"background lifecycle: the latest status wins", []string{
			`{"type":"response.created","sequence_number":0,"response":{"id":"r","status":"queued","background":true}}`,
			`{"type":"response.in_progress","sequence_number":2,"response":{"id":"r","status":"in_progress","background":true}}`,
			`{"type":"response.queued","sequence_number":1,"response":{"id":"r","status":"queued","background":true}}`,
		}, func(t *testing.T, r *Response) {
			if r.Status != "in_progress" || !r.Background {
				t.Errorf("status %q", r.Status)
			}
		}},
		{"events without sequence numbers keep arrival order", []string{
			`{"type":"response.output_text.delta","item_id":"m","output_index":0,"content_index":0,"delta":"x"}`,
			`{"type":"response.output_text.delta","item_id":"m","output_index":0,"content_index":0,"delta":"x"}`,
			`{"type":"response.output_text.delta","item_id":"m","output_index":0,"content_index":0,"delta":"y"}`,
		}, func(t *testing.T, r *Response) {
			if r.OutputText() != "xxy" {
				t.Errorf("text %q", r.OutputText())
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var acc ResponseAccumulator
			if errs := responsesFeed(t, &acc, tc.events...); errs != nil {
				t.Fatal(errs)
			}
			r := acc.Response()
			tc.check(t, r)
			var back Response
			if err := json.Unmarshal(r.Raw, &back); err != nil || back.OutputText() != r.OutputText() || back.Reasoning() != r.Reasoning() {
				t.Errorf("Raw does not re-decode (%v): %s", err, r.Raw)
			}
		})
	}
}

func TestResponseAccumulatorFailures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, event, code, typ string
		done                   bool
	}{
		{"failed", `{"type":"response.failed","sequence_number":1,"response":{"status":"failed","error":{"code":"server_error","message":"m"}}}`, "server_error", "failed", true},
		{"failed without a response", `{"type":"response.failed","sequence_number":1}`, "", "failed", true},
		{"error event", `{"type":"error","sequence_number":1,"code":"rate_limit_exceeded","message":"m","param":null}`, "rate_limit_exceeded", "", false},
		{"nested error event", `{"type":"error","sequence_number":1,"error":{"type":"invalid_request_error","code":"invalid_prompt","message":"m","param":"input"}}`, "invalid_prompt", "invalid_request_error", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var acc ResponseAccumulator
			errs := responsesFeed(t, &acc, tc.event)
			var e *APIError
			if len(errs) != 1 || !errors.As(errs[0], &e) || e.Code != tc.code || e.Type != tc.typ || e.Status != 0 {
				t.Fatalf("errors %v", errs)
			}
			if acc.Done() != tc.done || acc.Response().Status != "failed" {
				t.Errorf("done %v status %q", acc.Done(), acc.Response().Status)
			}
		})
	}
}

func TestResponseAccumulatorEmpty(t *testing.T) {
	t.Parallel()
	var acc ResponseAccumulator
	r := acc.Response()
	if r.Object != "response" || !json.Valid(r.Raw) || acc.Done() || acc.OutputText() != "" {
		t.Errorf("empty accumulator: %+v", r)
	}
	if err := acc.Add(ResponseEvent{Type: "response.something_new", SequenceNumber: 3}); err != nil {
		t.Errorf("unknown event: %v", err)
	}
}

func TestResponseSeqSet(t *testing.T) {
	t.Parallel()
	var s responsesSeqSet
	steps := []struct {
		n   int64
		new bool
	}{
		{0, true}, {1, true}, {1, false}, {5, true}, {3, true}, {4, true}, {4, false}, {2, true},
		{0, false}, {5, false}, {math.MaxInt64, true}, {math.MaxInt64, false}, {math.MaxInt64 - 1, true}, {7, true},
	}
	for i, st := range steps {
		if got := s.add(st.n); got != st.new {
			t.Fatalf("step %d: add(%d) = %v, want %v (spans %v)", i, st.n, got, st.new, s.spans)
		}
	}
	want := [][2]int64{{0, 5}, {7, 7}, {math.MaxInt64 - 1, math.MaxInt64}}
	if !slices.Equal(s.spans, want) {
		t.Errorf("spans %v, want %v", s.spans, want)
	}
}

// TestResponseAccumulatorKeepsUnknownFields checks that re-encoding changes
// only what the events changed: fields this package does not know survive
// at every depth, in the response, a partial item and a partial part.
func TestResponseAccumulatorKeepsUnknownFields(t *testing.T) {
	t.Parallel()
	var acc ResponseAccumulator
	responsesFeed(t, &acc,
		`{"type":"response.in_progress","sequence_number":0,"response":{"id":"r1","status":"in_progress","output":[],"usage":{"input_tokens":1,"input_tokens_details":{"cached_tokens":0,"audio_tokens":7}},"reasoning":{"effort":"low","generate_summary":null},"future":{"x":[1,2]}}}`,
		`{"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"id":"m","type":"message","role":"assistant","status":"in_progress","content":[],"phase":"final_answer","extra_item":{"y":1}}}`,
		`{"type":"response.content_part.added","sequence_number":2,"item_id":"m","output_index":0,"content_index":0,"part":{"type":"output_text","text":"","annotations":[],"extra_part":true}}`,
		`{"type":"response.output_text.delta","sequence_number":3,"item_id":"m","output_index":0,"content_index":0,"delta":"hi"}`,
		`{"type":"response.output_text.annotation.added","sequence_number":4,"item_id":"m","output_index":0,"content_index":0,"annotation_index":0,"annotation":{"type":"url_citation","url":"https://a.example","title":"A","start_index":0,"end_index":2,"extra_note":"z"}}`,
	)
	responsesJSONEqual(t, "reply", acc.Response().Raw, `{"id":"r1","status":"in_progress",
		"usage":{"input_tokens":1,"input_tokens_details":{"cached_tokens":0,"audio_tokens":7}},
		"reasoning":{"effort":"low","generate_summary":null},"future":{"x":[1,2]},
		"output":[{"id":"m","type":"message","role":"assistant","status":"in_progress","phase":"final_answer","extra_item":{"y":1},
			"content":[{"type":"output_text","text":"hi","extra_part":true,"annotations":[
				{"type":"url_citation","url":"https://a.example","title":"A","start_index":0,"end_index":2,"extra_note":"z"}]}]}]}`)
}

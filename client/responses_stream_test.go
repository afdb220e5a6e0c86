package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestStreamResponseFixtures(t *testing.T) {
	t.Parallel()
	type want struct {
		text, reasoning, args, status, reason string
		urls                                  []string
		total                                 int
		items                                 []string // output item types
		errCode                               string   // the *APIError the stream ends with
		lastEvent                             string
	}
	for _, tc := range []struct {
		fixture string
		want    want
	}{
		{"responses_search.sse", want{text: responsesSearchText, reasoning: responsesSearchSummary, status: "completed", total: 130,
			urls:  []string{"https://weather.example.org/oslo", "https://news.example.com/wind"},
			items: []string{"reasoning", "web_search_call", "message"}, lastEvent: ResponseEventCompleted}},
		{"responses_function_call.sse", want{args: `{"city":"Oslo","unit":"c"}`, status: "completed", total: 42,
			items: []string{"function_call"}, lastEvent: ResponseEventCompleted}},
		{"responses_incomplete.sse", want{text: "The history of Oslo begins around 1040, when", status: "incomplete",
			reason: "max_output_tokens", total: 25, items: []string{"message"}, lastEvent: ResponseEventIncomplete}},
		{"responses_failed.sse", want{text: "Partial answer", status: "failed", items: []string{"message"},
			errCode: "server_error", lastEvent: ResponseEventFailed}},
		{"responses_error_event.sse", want{text: "Before the ", status: "failed", items: []string{"message"},
			errCode: "rate_limit_exceeded", lastEvent: ResponseEventError}},
		{"responses_error_nested.sse", want{status: "failed", errCode: "invalid_prompt", lastEvent: ResponseEventError}},
		{"responses_unknown.sse", want{text: "Done.", status: "completed", total: 7,
			items: []string{"hologram_call", "message"}, lastEvent: ResponseEventCompleted}},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			evs, acc, err := responsesRun(t, fixture(t, "gamma/"+tc.fixture))
			w := tc.want
			if w.errCode == "" && err != nil {
				t.Fatalf("stream error %v", err)
			}
			if w.errCode != "" {
				var ae *APIError
				if !errors.As(err, &ae) || ae.Code != w.errCode || ae.Status != 0 || ae.Group != Gamma {
					t.Fatalf("stream error %v, want *APIError with code %s", err, w.errCode)
				}
			}
			if len(evs) == 0 || evs[len(evs)-1].Type != w.lastEvent {
				t.Fatalf("last event is not %s", w.lastEvent)
			}
			if w.lastEvent != ResponseEventError && !acc.Done() {
				t.Error("accumulator not done after a terminal event")
			}
			r := acc.Response()
			if r.OutputText() != w.text || r.Reasoning() != w.reasoning || r.Status != w.status {
				t.Errorf("text %q\nreasoning %q\nstatus %q", r.OutputText(), r.Reasoning(), r.Status)
			}
			var types, urls []string
			args := ""
			for _, it := range r.Output {
				types = append(types, it.Type)
				if it.Type == "function_call" {
					args = it.Arguments
				}
				for _, c := range it.Content {
					for _, a := range c.Annotations {
						urls = append(urls, a.URL)
					}
				}
			}
			if !slices.Equal(types, w.items) || !slices.Equal(urls, w.urls) || args != w.args {
				t.Errorf("items %v urls %v args %q", types, urls, args)
			}
			if w.total != 0 && (r.Usage == nil || r.Usage.TotalTokens != w.total) {
				t.Errorf("usage %+v", r.Usage)
			}
			if w.reason != "" && (r.IncompleteDetails == nil || r.IncompleteDetails.Reason != w.reason) {
				t.Errorf("incomplete details %+v", r.IncompleteDetails)
			}
			var back Response
			if err := json.Unmarshal(r.Raw, &back); err != nil || back.OutputText() != w.text || back.Status != w.status {
				t.Errorf("Raw does not re-decode to the same reply (%v): %s", err, r.Raw)
			}
		})
	}
}

func TestStreamResponseEventFields(t *testing.T) {
	t.Parallel()
	evs, acc, err := responsesRun(t, fixture(t, "gamma/responses_search.sse"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]ResponseEvent{}
	for i, ev := range evs {
		if ev.SequenceNumber != int64(i) {
			t.Errorf("event %d has sequence number %d", i, ev.SequenceNumber)
		}
		if len(ev.Raw) == 0 {
			t.Errorf("event %d has no Raw", i)
		}
		seen[ev.Type] = ev
	}
	for _, typ := range []string{ResponseEventCreated, ResponseEventInProgress, ResponseEventItemAdded, ResponseEventSummaryPartAdded,
		ResponseEventSummaryTextDelta, ResponseEventSummaryTextDone, ResponseEventSummaryPartDone, ResponseEventItemDone,
		ResponseEventWebSearchInProgress, ResponseEventWebSearchSearching, ResponseEventWebSearchCompleted,
		ResponseEventPartAdded, ResponseEventTextDelta, ResponseEventAnnotationAdded, ResponseEventTextDone,
		ResponseEventPartDone, ResponseEventCompleted} {
		if _, ok := seen[typ]; !ok {
			t.Errorf("no %s event", typ)
		}
	}
	if ev := seen[ResponseEventTextDelta]; ev.ItemID != "msg_1" || ev.OutputIndex != 2 || ev.Delta == "" || !bytes.Contains(ev.Raw, []byte("obfuscation")) {
		t.Errorf("text delta %+v", ev)
	}
	if ev := seen[ResponseEventAnnotationAdded]; ev.Annotation == nil || ev.AnnotationIndex != 1 || ev.Annotation.Title != "Wind warning" {
		t.Errorf("annotation event %+v", ev)
	}
	if ev := seen[ResponseEventSummaryTextDone]; ev.Text != responsesSearchSummary || ev.SummaryIndex != 0 {
		t.Errorf("summary done %+v", ev)
	}
	if ev := seen[ResponseEventCompleted]; ev.Response == nil || ev.Response.Status != "completed" {
		t.Errorf("completed event %+v", ev)
	} else if !bytes.Equal(acc.Response().Raw, ev.Response.Raw) {
		t.Error("the final reply's Raw is not the completed event's response as sent")
	}
}

func TestStreamResponseUnknownPassesOn(t *testing.T) {
	t.Parallel()
	evs, acc, err := responsesRun(t, fixture(t, "gamma/responses_unknown.sse"))
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, ev := range evs {
		types = append(types, ev.Type)
	}
	for _, typ := range []string{"response.future_feature.announced", "response.hologram_call.rendering"} {
		if !slices.Contains(types, typ) {
			t.Errorf("unknown event %s not passed on", typ)
		}
	}
	holo := acc.Response().Output[0]
	if !bytes.Contains(holo.Raw, []byte(`"payload":{"frames":3,"format":"voxel"}`)) {
		t.Errorf("unknown item lost its fields: %s", holo.Raw)
	}
}

// TestStreamResponseOrder sends deltas and annotations out of order, repeats
// some, and ends with a terminal response whose output is empty, so the text
// can only come from placing each event right.
func TestStreamResponseOrder(t *testing.T) {
	t.Parallel()
	delta := func(seq int, s string) []byte {
		return responsesFrame(`{"type":"response.output_text.delta","sequence_number":` + strconv.Itoa(seq) +
			`,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"` + s + `","obfuscation":"zz"}`)
	}
	ann := func(seq, i int, url string) []byte {
		return responsesFrame(`{"type":"response.output_text.annotation.added","sequence_number":` + strconv.Itoa(seq) +
			`,"item_id":"msg_1","output_index":0,"content_index":0,"annotation_index":` + strconv.Itoa(i) +
			`,"annotation":{"type":"url_citation","url":"` + url + `","title":"t","start_index":0,"end_index":1}}`)
	}
	stream := responsesJoin(
		responsesFrame(`{"type":"response.in_progress","sequence_number":1,"response":{"id":"resp_1","status":"in_progress","output":[]}}`),
		responsesFrame(`{"type":"response.created","sequence_number":0,"response":{"id":"resp_1","status":"queued","output":[]}}`),
		responsesFrame(`{"type":"response.output_item.added","sequence_number":2,"output_index":0,"item":{"id":"msg_1","type":"message","role":"assistant","status":"in_progress","content":[]}}`),
		responsesFrame(`{"type":"response.content_part.added","sequence_number":3,"item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}}`),
		delta(4, "one "),
		delta(6, "three "),
		delta(5, "two "),
		delta(6, "three "), // repeated
		delta(4, "one "),   // repeated
		ann(9, 1, "https://b.example"),
		delta(7, "four"),
		ann(8, 0, "https://a.example"),
		responsesFrame(`{"type":"response.completed","sequence_number":10,"response":{"id":"resp_1","status":"completed","output":[],"usage":{"input_tokens":1,"output_tokens":4,"total_tokens":5}}}`),
	)
	evs, acc, err := responsesRun(t, stream)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 11 {
		t.Errorf("%d events yielded, want 11 (repeats dropped)", len(evs))
	}
	r := acc.Response()
	if got := r.OutputText(); got != "one two three four" {
		t.Errorf("text %q", got)
	}
	anns := r.Output[0].Content[0].Annotations
	if len(anns) != 2 || anns[0].URL != "https://a.example" || anns[1].URL != "https://b.example" {
		t.Errorf("annotations %+v", anns)
	}
	if r.Status != "completed" || r.Usage.TotalTokens != 5 {
		t.Errorf("status %q usage %+v", r.Status, r.Usage)
	}
}

func TestStreamResponseDoneSentinel(t *testing.T) {
	t.Parallel()
	frames := responsesFrames(fixture(t, "gamma/responses_function_call.sse"))
	done := []byte("data: [DONE]\n\n")
	stream := responsesJoin(append(append([][]byte{frames[0], done}, frames[1:]...), done)...)
	_, acc, err := responsesRun(t, stream)
	if err != nil {
		t.Fatal(err)
	}
	if got := acc.Response().FunctionCalls(); len(got) != 1 || got[0].Arguments != `{"city":"Oslo","unit":"c"}` {
		t.Errorf("function calls %+v", got)
	}
	// [DONE] is not the protocol's end: without a terminal event the stream
	// is incomplete.
	_, _, err = responsesRun(t, responsesJoin(frames[0], frames[1], done))
	if !errors.Is(err, ErrStreamIncomplete) {
		t.Errorf("err %v, want ErrStreamIncomplete", err)
	}
}

func TestStreamResponseMalformed(t *testing.T) {
	t.Parallel()
	frames := responsesFrames(fixture(t, "gamma/responses_search.sse"))
	for _, tc := range []struct{ name, frame, want string }{
		{"broken JSON", "event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"delta\":\n\n", "malformed response.output_text.delta event"},
		{"not an object", "event: response.output_text.delta\ndata: 42\n\n", "not a JSON object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			evs, _, err := responsesRun(t, responsesJoin(frames[0], frames[1], []byte(tc.frame), frames[2]))
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "stream response: ") {
				t.Fatalf("err %v, want it to say %q", err, tc.want)
			}
			if len(evs) != 2 {
				t.Errorf("%d events before the error, want 2", len(evs))
			}
		})
	}
}

func TestStreamResponseStrayErrorLine(t *testing.T) {
	t.Parallel()
	frames := responsesFrames(fixture(t, "gamma/responses_search.sse"))
	stray := []byte(`{"error":{"type":"server_error","code":"gateway_timeout","message":"upstream timed out"}}` + "\n\n")
	_, _, err := responsesRun(t, responsesJoin(frames[0], stray))
	var ae *APIError
	if !errors.As(err, &ae) || ae.Code != "gateway_timeout" || ae.Type != "server_error" {
		t.Fatalf("err %v, want the gateway's error", err)
	}
}

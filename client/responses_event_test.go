package client

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"atelier/client/sse"
)

func TestResponseDecodeEvent(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, sseType, data string
		skip                bool
		typ                 string
		seq                 int64
		code, msg, param    string
	}{
		{name: "done sentinel", data: "[DONE]", skip: true},
		{name: "blank data", data: " ", skip: true},
		{name: "type from the data, not the event name", sseType: "response.created",
			data: `{"type":"response.in_progress","sequence_number":4}`, typ: ResponseEventInProgress, seq: 4},
		{name: "event name when the data has no type", sseType: "response.output_text.delta",
			data: `{"delta":"x","sequence_number":2}`, typ: ResponseEventTextDelta, seq: 2},
		{name: "no sequence number", data: `{"type":"response.output_text.delta"}`, typ: ResponseEventTextDelta, seq: -1},
		{name: "null sequence number", data: `{"type":"x","sequence_number":null}`, typ: "x", seq: -1},
		{name: "error, top level", data: `{"type":"error","sequence_number":3,"code":"server_error","message":"m","param":null}`,
			typ: ResponseEventError, seq: 3, code: "server_error", msg: "m"},
		{name: "error, nested", data: `{"type":"error","sequence_number":3,"error":{"type":"invalid_request_error","code":"c","message":"m","param":"input"}}`,
			typ: ResponseEventError, seq: 3, code: "c", msg: "m", param: "input"},
		{name: "error with a numeric code", data: `{"type":"error","code":429,"message":"slow down"}`,
			typ: ResponseEventError, seq: -1, code: "429", msg: "slow down"},
		{name: "bare error object on a stray line", sseType: sse.StrayJSON, data: `{"error":{"message":"m","code":"gateway"}}`,
			typ: ResponseEventError, seq: -1, code: "gateway", msg: "m"},
		{name: "unknown type with odd fields", data: `{"type":"response.new","sequence_number":1,"delta":{"x":1},"item":"s"}`,
			typ: "response.new", seq: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := responsesDecodeEvent(sse.Event{Type: tc.sseType, Data: []byte(tc.data)})
			if tc.skip {
				if !errors.Is(err, errResponsesSkip) {
					t.Fatalf("err %v, want a skip", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if ev.Type != tc.typ || ev.SequenceNumber != tc.seq || ev.Code != tc.code || ev.Message != tc.msg || ev.Param != tc.param {
				t.Errorf("event %+v", ev)
			}
			if string(ev.Raw) != tc.data {
				t.Errorf("Raw %s", ev.Raw)
			}
		})
	}
}

func TestStreamResponseOversizedEvent(t *testing.T) {
	t.Parallel()
	head := responsesFrames(fixture(t, "gamma/responses_search.sse"))[0]
	c, _ := newResponsesFake(t, func(w http.ResponseWriter, _ *http.Request, _ int) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(head)
		_, _ = io.WriteString(w, "data: ")
		_, _ = io.Copy(w, io.LimitReader(responsesRepeat('a'), sse.DefaultMaxEventSize+1024))
		_, _ = io.WriteString(w, "\n\n")
	})
	evs, _, err := responsesCollect(t, c, responsesTestRequest())
	if !errors.Is(err, sse.ErrEventTooLarge) || !strings.Contains(err.Error(), "stream response: ") {
		t.Fatalf("err %v, want ErrEventTooLarge", err)
	}
	if len(evs) != 1 || evs[0].Type != ResponseEventCreated {
		t.Errorf("events before the oversized one: %d", len(evs))
	}
}

// responsesRepeat is an endless reader of one byte.
type responsesRepeat byte

func (r responsesRepeat) Read(p []byte) (int, error) {
	n := copy(p, bytes.Repeat([]byte{byte(r)}, len(p)))
	return n, nil
}

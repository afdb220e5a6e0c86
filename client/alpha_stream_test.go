package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

// alphaStreamResult is everything a test reads from one stream.
type alphaStreamResult struct {
	events  []MessageEvent
	acc     MessageAccumulator
	addErrs []error
	err     error
}

// alphaDrain runs StreamMessages to its end, feeding every event to an
// accumulator as a caller would.
func alphaDrain(t *testing.T, c *Client, ctx context.Context) *alphaStreamResult {
	t.Helper()
	req := &MessageRequest{Model: "alpha-model-1", MaxTokens: 1024, Messages: []MessageTurn{MessageUserText("hi")}}
	res := &alphaStreamResult{}
	for ev, err := range c.StreamMessages(ctx, req) {
		if err != nil {
			res.err = err
			break
		}
		res.events = append(res.events, ev)
		if err := res.acc.Add(ev); err != nil {
			res.addErrs = append(res.addErrs, err)
		}
	}
	return res
}

// alphaStream serves body as the event stream of every request.
func alphaStream(t *testing.T, body []byte) (*Client, *[]alphaCapture) {
	t.Helper()
	var got []alphaCapture
	c, _ := newTestClient(t, alphaHandler(t, &got, "text/event-stream", body))
	return c, &got
}

func TestStreamMessagesRequest(t *testing.T) {
	t.Parallel()
	c, got := alphaStream(t, fixture(t, "alpha/thinking_text.sse"))
	res := alphaDrain(t, c, context.Background())
	if res.err != nil {
		t.Fatal(res.err)
	}
	r := (*got)[0]
	if r.method != http.MethodPost || r.path != "/bypass/alpha/v1/messages" {
		t.Errorf("sent %s %s", r.method, r.path)
	}
	for h, want := range map[string]string{"X-Api-Key": testKeys.Alpha, "Anthropic-Version": "2023-06-01",
		"Accept": "text/event-stream", "Content-Type": "application/json", "User-Agent": "atelier/" + Version} {
		if v := r.header.Get(h); v != want {
			t.Errorf("header %s = %q, want %q", h, v, want)
		}
	}
	want := alphaJSONMap(t, `{"model":"alpha-model-1","max_tokens":1024,"stream":true,"messages":[{"role":"user","content":"hi"}]}`)
	if !reflect.DeepEqual(r.body, want) {
		t.Errorf("body = %s", r.raw)
	}
}

func TestStreamMessagesFixtures(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file  string
		check func(t *testing.T, m *Message, res *alphaStreamResult)
	}{
		{"thinking_text.sse", func(t *testing.T, m *Message, res *alphaStreamResult) {
			b := m.Content
			if len(b) != 3 || b[0].Thinking != "Consider the question. Two plus two is four." ||
				b[0].Signature != "EqQBCkYIARgCKkB0c2lnbmF0dXJl" || b[1].Type != "redacted_thinking" ||
				b[1].Data != "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT" || b[2].Text != "The answer is 4 — café." {
				t.Errorf("content = %+v", b)
			}
			u := m.Usage
			if u.InputTokens != 12 || u.OutputTokens != 57 || u.CacheReadInputTokens != 5 ||
				u.OutputTokensDetails.ThinkingTokens != 31 || u.ServiceTier != "standard" {
				t.Errorf("usage = %+v", u)
			}
			if n := alphaCount(res.events, "ping"); n != 2 {
				t.Errorf("%d pings passed on, want 2", n)
			}
		}},
		{"tool_use.sse", func(t *testing.T, m *Message, _ *alphaStreamResult) {
			b := m.Content
			if len(b) != 3 || b[0].Text != "I'll check the weather." || b[1].ID != "toolu_01Weather" ||
				b[1].Name != "get_weather" || string(b[1].Input) != `{"city":"Paris","unit":"celsius","days":[1,2]}` ||
				b[2].Type != "tool_use" || string(b[2].Input) != `{}` {
				t.Errorf("content = %+v", b)
			}
			if m.StopReason != "tool_use" || m.Usage.InputTokens != 472 || m.Usage.OutputTokens != 89 {
				t.Errorf("stop %q usage %+v", m.StopReason, m.Usage)
			}
		}},
		{"web_search.sse", func(t *testing.T, m *Message, _ *alphaStreamResult) {
			want := alphaJSONMap(t, `{"id":"msg_01Search","type":"message","role":"assistant","model":"alpha-model-1",
			"content":[
			 {"type":"text","text":"Let me check."},
			 {"type":"server_tool_use","id":"srvtoolu_01","name":"web_search","input":{"query":"weather NYC today"},"caller":{"type":"direct"}},
			 {"type":"web_search_tool_result","tool_use_id":"srvtoolu_01","content":[
			  {"type":"web_search_result","url":"https://example.org/a","title":"Forecast","encrypted_content":"Ev0DCioIAhgCIiQ3","page_age":"2 hours ago"},
			  {"type":"web_search_result","url":"https://example.org/b","title":"City weather","encrypted_content":"EqgfCioIAhgCIiQ4","page_age":null}]},
			 {"type":"text","text":"It is sunny, 21 °C.","citations":[
			  {"type":"web_search_result_location","url":"https://example.org/a","title":"Forecast","cited_text":"Sunny, high of 21 °C…","encrypted_index":"Eo8BCioIAhgC"},
			  {"type":"web_search_result_location","url":"https://example.org/b","title":null,"cited_text":"Clear skies all day","encrypted_index":"Eo8BCioIAhgD"}]},
			 {"type":"text","text":" Enjoy the day!"}],
			"stop_reason":"end_turn","stop_sequence":null,"stop_details":null,"container":null,
			"usage":{"input_tokens":2679,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":510,
			 "server_tool_use":{"web_search_requests":1,"web_fetch_requests":0}}}`)
			if !reflect.DeepEqual(alphaJSONMap(t, string(m.Raw)), want) {
				t.Errorf("accumulated raw = %s", m.Raw)
			}
			if m.Text() != "Let me check.It is sunny, 21 °C. Enjoy the day!" {
				t.Errorf("Text() = %q", m.Text())
			}
			r := m.Content[2].SearchResults
			if len(r) != 2 || r[0].PageAge != "2 hours ago" || r[1].EncryptedContent != "EqgfCioIAhgCIiQ4" {
				t.Errorf("results = %+v", r)
			}
			if c := m.Content[3].Citations; len(c) != 2 || c[0].URL != "https://example.org/a" || c[1].CitedText != "Clear skies all day" {
				t.Errorf("citations = %+v", c)
			}
			if m.Content[1].Caller == nil || m.Content[1].Caller.Type != "direct" || m.Usage.ServerToolUse.WebSearchRequests != 1 {
				t.Errorf("caller %+v, usage %+v", m.Content[1].Caller, m.Usage)
			}
		}},
		{"web_search_error.sse", func(t *testing.T, m *Message, _ *alphaStreamResult) {
			b := m.Content
			if len(b) != 3 || string(b[0].Input) != `{"query":"latest news"}` || b[1].SearchError == nil ||
				b[1].SearchError.ErrorCode != "max_uses_exceeded" || b[1].SearchResults != nil {
				t.Fatalf("content = %+v", b)
			}
			if m.Text() != "I could not search just now." || m.Usage.InputTokens != 2100 ||
				m.Usage.OutputTokens != 40 || m.Usage.ServerToolUse.WebSearchRequests != 1 {
				t.Errorf("text %q usage %+v", m.Text(), m.Usage)
			}
		}},
		{"unknown_types.sse", func(t *testing.T, m *Message, res *alphaStreamResult) {
			if n := alphaCount(res.events, "future_event"); n != 1 {
				t.Errorf("future_event passed on %d times", n)
			}
			b := m.Content
			if len(b) != 2 || b[0].Type != "code_execution_tool_result" || !bytes.Contains(b[0].Raw, []byte(`"stdout":"42\n"`)) {
				t.Errorf("unknown block = %+v", b)
			}
			if b[1].Text != "Sent without an event name. Named wrongly, routed by type." ||
				!bytes.Contains(b[1].Raw, []byte(`"future_block_field":"kept"`)) {
				t.Errorf("text block = %s", b[1].Raw)
			}
			if m.StopReason != "future_reason" || !bytes.Contains(m.Raw, []byte(`"future_message_field":{"kept":true}`)) ||
				!bytes.Contains(m.Raw, []byte(`"future_delta_field":"kept"`)) {
				t.Errorf("message = %s", m.Raw)
			}
			var kinds []string
			for _, ev := range res.events {
				if ev.Delta != nil {
					kinds = append(kinds, ev.Delta.Type)
				}
			}
			if want := []string{"future_block_delta", "future_text_delta", "text_delta", "text_delta"}; !reflect.DeepEqual(kinds, want) {
				t.Errorf("delta types = %v", kinds)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			c, _ := alphaStream(t, fixture(t, "alpha/"+tt.file))
			res := alphaDrain(t, c, context.Background())
			if res.err != nil || len(res.addErrs) > 0 {
				t.Fatalf("stream error %v, accumulate errors %v", res.err, res.addErrs)
			}
			if !res.acc.Done() {
				t.Error("not done after message_stop")
			}
			m := res.acc.Message()
			var again Message
			if err := json.Unmarshal(m.Raw, &again); err != nil || !reflect.DeepEqual(again.Content, m.Content) {
				t.Errorf("Raw does not decode to the typed message: %v", err)
			}
			for _, ev := range res.events {
				if len(ev.Raw) == 0 || ev.Type == "" {
					t.Errorf("event without Type or Raw: %+v", ev)
				}
			}
			tt.check(t, m, res)
		})
	}
}

func alphaCount(evs []MessageEvent, typ string) int {
	n := 0
	for _, ev := range evs {
		if ev.Type == typ {
			n++
		}
	}
	return n
}

func TestStreamMessagesMidStreamError(t *testing.T) {
	t.Parallel()
	c, _ := alphaStream(t, fixture(t, "alpha/overloaded.sse"))
	res := alphaDrain(t, c, context.Background())
	var ae *APIError
	if !errors.As(res.err, &ae) {
		t.Fatalf("error = %v, want *APIError", res.err)
	}
	if ae.Status != 0 || ae.Type != "overloaded_error" || ae.Message != "Overloaded" || ae.Group != Alpha {
		t.Errorf("APIError = %+v", ae)
	}
	if m := res.acc.Message(); m.Text() != "Once upon a time" || m.ID != "msg_01Over" || res.acc.Done() {
		t.Errorf("partial message = %s, done %v", m.Raw, res.acc.Done())
	}
}

// alphaUntil returns the fixture up to (not including) the first line that
// contains marker.
func alphaUntil(t *testing.T, name, marker string) []byte {
	t.Helper()
	b := fixture(t, name)
	i := bytes.Index(b, []byte(marker))
	if i < 0 {
		t.Fatalf("%s has no %q", name, marker)
	}
	return b[:bytes.LastIndexByte(b[:i], '\n')+1]
}

func TestStreamMessagesCleanEOFIsIncomplete(t *testing.T) {
	t.Parallel()
	c, _ := alphaStream(t, alphaUntil(t, "alpha/thinking_text.sse", `"message_stop"`))
	res := alphaDrain(t, c, context.Background())
	if !errors.Is(res.err, ErrStreamIncomplete) {
		t.Fatalf("error = %v, want ErrStreamIncomplete", res.err)
	}
	if m := res.acc.Message(); m.Text() != "The answer is 4 — café." || m.StopReason != "end_turn" || res.acc.Done() {
		t.Errorf("kept %s", m.Raw)
	}
}

func TestStreamMessagesCutMidway(t *testing.T) {
	t.Parallel()
	part := alphaUntil(t, "alpha/thinking_text.sse", `"is 4`)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := http.NewResponseController(w).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close()
		// A chunked body that stops mid-chunk: the client sees a read
		// error, not a clean end.
		_, _ = buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
		_, _ = fmt.Fprintf(buf, "%x\r\n", len(part)+100)
		_, _ = buf.Write(part)
		_ = buf.Flush()
	})
	c, _ := newTestClient(t, mux)
	res := alphaDrain(t, c, context.Background())
	if res.err == nil || errors.Is(res.err, ErrStreamIncomplete) || !strings.Contains(res.err.Error(), "stream cut") {
		t.Fatalf("error = %v, want a cut stream", res.err)
	}
	m := res.acc.Message()
	if m.Text() != "The answer " || m.Content[0].Signature != "EqQBCkYIARgCKkB0c2lnbmF0dXJl" {
		t.Errorf("partial message = %s", m.Raw)
	}
}

func TestStreamMessagesCancel(t *testing.T) {
	t.Parallel()
	head := alphaUntil(t, "alpha/thinking_text.sse", `"is 4`)
	for _, how := range []string{"cancel", "break"} {
		t.Run(how, func(t *testing.T) {
			gone := make(chan struct{})
			mux := http.NewServeMux()
			mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/event-stream")
				_, _ = w.Write(head)
				_ = http.NewResponseController(w).Flush()
				<-r.Context().Done() // hold the stream open until the client goes
				close(gone)
			})
			c, _ := newTestClient(t, mux)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			req := &MessageRequest{Model: "m", MaxTokens: 10, Messages: []MessageTurn{MessageUserText("hi")}}
			var err error
			n := 0
			for ev, e := range c.StreamMessages(ctx, req) {
				if e != nil {
					err = e
					break
				}
				n++
				if ev.Delta != nil && ev.Delta.Type == "text_delta" {
					if how == "break" {
						break
					}
					cancel()
				}
			}
			if how == "cancel" && !errors.Is(err, context.Canceled) {
				t.Errorf("error = %v, want context.Canceled", err)
			}
			select {
			case <-gone:
			case <-time.After(5 * time.Second):
				t.Fatal("the connection stayed open after the loop ended")
			}
			if n == 0 {
				t.Error("no event before the end")
			}
		})
	}
}

func TestStreamMessagesMalformedEvent(t *testing.T) {
	t.Parallel()
	start := `event: message_start` + "\n" + `data: {"type":"message_start","message":{"id":"m1","type":"message","role":"assistant","model":"m","content":[],"usage":{"input_tokens":1}}}` + "\n\n"
	tests := []struct{ name, event, want string }{
		{"truncated JSON", "event: message_delta\ndata: {\"type\":\"message_delta\",\n\n", "malformed message_delta event"},
		{"text of wrong type", "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":5}}\n\n", "malformed content_block_delta text_delta event"},
		{"no index", "data: {\"type\":\"content_block_stop\"}\n\n", "malformed content_block_stop event"},
		{"not JSON, no name", "data: hello\n\n", "malformed unnamed event"},
		{"message_start without message", "data: {\"type\":\"message_start\"}\n\n", "malformed message_start event"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := alphaStream(t, []byte(start+tt.event))
			res := alphaDrain(t, c, context.Background())
			if res.err == nil || !strings.Contains(res.err.Error(), tt.want) {
				t.Errorf("error = %v, want it to say %q", res.err, tt.want)
			}
			if res.acc.Message().ID != "m1" {
				t.Error("events before the bad one were lost")
			}
		})
	}
}

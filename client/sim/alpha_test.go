package sim

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

const alphaPath = "/bypass/alpha/v1/messages"

func alphaBody(prompt string, extra map[string]any) map[string]any {
	b := map[string]any{"model": "alpha-model", "max_tokens": 4096,
		"messages": []any{map[string]any{"role": "user", "content": prompt}}}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

// alphaFold checks a stream against the grammar of PROTOCOLS 1.4 and folds
// it into the content blocks, the final usage and the stop reason.
func alphaFold(t *testing.T, evs []event) (content []map[string]any, usage map[string]any, stop string) {
	t.Helper()
	if len(evs) < 3 || evs[0].name != "message_start" || evs[len(evs)-1].name != "message_stop" {
		t.Fatalf("stream must open with message_start and end with message_stop: %v", names(evs))
	}
	open, sawDelta, pings := -1, false, 0
	partial := map[int]string{}
	for i, ev := range evs {
		d := ev.json(t)
		if d["type"] != ev.name {
			t.Fatalf("event %d: event line %q but data.type %v", i, ev.name, d["type"])
		}
		switch ev.name {
		case "message_start":
			if i != 0 {
				t.Fatalf("message_start at %d", i)
			}
			if dig(t, d, "message", "stop_reason") != nil || len(list(t, d, "message", "content")) != 0 {
				t.Fatalf("message_start: %v", d)
			}
		case "ping":
			pings++
		case "content_block_start":
			idx := num(t, d, "index")
			if open != -1 || idx != len(content) || sawDelta {
				t.Fatalf("content_block_start index %d with block %d open, %d done", idx, open, len(content))
			}
			content = append(content, dig(t, d, "content_block").(map[string]any))
			open = idx
		case "content_block_delta":
			idx := num(t, d, "index")
			if idx != open {
				t.Fatalf("delta for index %d while %d is open", idx, open)
			}
			b, delta := content[idx], dig(t, d, "delta").(map[string]any)
			switch delta["type"] {
			case "text_delta":
				b["text"] = b["text"].(string) + delta["text"].(string)
			case "thinking_delta":
				b["thinking"] = b["thinking"].(string) + delta["thinking"].(string)
			case "signature_delta":
				b["signature"] = delta["signature"]
			case "input_json_delta":
				partial[idx] += delta["partial_json"].(string)
			case "citations_delta":
				cs, _ := b["citations"].([]any)
				b["citations"] = append(cs, delta["citation"])
			default:
				t.Fatalf("unknown delta %v", delta)
			}
		case "content_block_stop":
			if num(t, d, "index") != open {
				t.Fatalf("stop for %d while %d is open", num(t, d, "index"), open)
			}
			if js, ok := partial[open]; ok {
				var in any
				if err := json.Unmarshal([]byte(js), &in); err != nil {
					t.Fatalf("tool input %q: %v", js, err)
				}
				content[open]["input"] = in
			}
			open = -1
		case "message_delta":
			if open != -1 {
				t.Fatalf("message_delta with block %d open", open)
			}
			sawDelta = true
			usage = dig(t, d, "usage").(map[string]any)
			stop = str(t, d, "delta", "stop_reason")
		case "message_stop":
			if !sawDelta {
				t.Fatal("message_stop before message_delta")
			}
		default:
			t.Fatalf("unexpected event %q", ev.name)
		}
	}
	if pings == 0 {
		t.Error("no ping in the stream")
	}
	return content, usage, stop
}

func names(evs []event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.name
	}
	return out
}

// alphaOutputTokens counts what a message's content streamed.
func alphaOutputTokens(t *testing.T, content []any) int {
	n := 0
	for _, c := range content {
		b := c.(map[string]any)
		switch b["type"] {
		case "text":
			n += tokens(b["text"].(string))
		case "thinking":
			n += tokens(b["thinking"].(string))
		case "tool_use", "server_tool_use":
			js, _ := json.Marshal(b["input"])
			n += tokens(string(js))
		}
	}
	return n
}

func TestAlphaScenarios(t *testing.T) {
	_, srv := testSim(t, Options{})
	search := []any{map[string]any{"type": "web_search_20260209", "name": "web_search"}}
	weather := []any{map[string]any{"name": "get_weather", "input_schema": map[string]any{"type": "object",
		"properties": map[string]any{"city": map[string]any{"type": "string"}, "days": map[string]any{"type": "integer"}}}}}
	tests := []struct {
		name   string
		body   map[string]any
		types  []string
		stop   string
		search int
	}{
		{"plain", alphaBody("explain tea", nil), []string{"text"}, "end_turn", 0},
		{"thinking", alphaBody("explain tea", map[string]any{"thinking": map[string]any{"type": "enabled", "budget_tokens": 2048}}), []string{"thinking", "text"}, "end_turn", 0},
		{"adaptive omitted", alphaBody("explain tea", map[string]any{"thinking": map[string]any{"type": "adaptive", "display": "omitted"}}), []string{"thinking", "text"}, "end_turn", 0},
		{"tool", alphaBody("weather in Oslo", map[string]any{"tools": weather}), []string{"text", "tool_use"}, "tool_use", 0},
		{"tool none", alphaBody("weather in Oslo", map[string]any{"tools": weather, "tool_choice": map[string]any{"type": "none"}}), []string{"text"}, "end_turn", 0},
		{"search", alphaBody("latest tea news", map[string]any{"tools": search}), []string{"text", "server_tool_use", "web_search_tool_result", "text", "text"}, "end_turn", 1},
		{"pause", alphaBody("latest tea news [[pause]]", map[string]any{"tools": search}), []string{"text", "server_tool_use", "web_search_tool_result", "text"}, "pause_turn", 1},
		{"refusal", alphaBody("do it [[refusal]]", nil), []string{"text"}, "refusal", 0},
		{"max tokens", alphaBody("explain tea", map[string]any{"max_tokens": 7}), []string{"text"}, "max_tokens", 0},
		{"stop sequence", alphaBody("explain tea", map[string]any{"stop_sequences": []any{"```"}}), []string{"text"}, "stop_sequence", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, raw := send(t, srv, http.MethodPost, alphaPath, tt.body)
			if resp.StatusCode != 200 {
				t.Fatalf("%d %s", resp.StatusCode, raw)
			}
			if resp.Header.Get("Request-Id") == "" {
				t.Error("no request-id header")
			}
			msg := decodeJSON(t, raw)
			if msg["type"] != "message" || msg["role"] != "assistant" || msg["model"] != "alpha-model" || !strings.HasPrefix(str(t, msg, "id"), "msg_") {
				t.Fatalf("message envelope: %v", msg)
			}
			content := list(t, msg, "content")
			var types []string
			for _, c := range content {
				types = append(types, c.(map[string]any)["type"].(string))
			}
			if !reflect.DeepEqual(types, tt.types) {
				t.Fatalf("block types %v, want %v", types, tt.types)
			}
			if got := str(t, msg, "stop_reason"); got != tt.stop {
				t.Errorf("stop_reason %q, want %q", got, tt.stop)
			}
			if got, want := num(t, msg, "usage", "output_tokens"), alphaOutputTokens(t, content); got != want {
				t.Errorf("output_tokens %d, content has %d", got, want)
			}
			if num(t, msg, "usage", "input_tokens") <= 0 {
				t.Error("input_tokens not counted")
			}
			if tt.search > 0 && num(t, msg, "usage", "server_tool_use", "web_search_requests") != tt.search {
				t.Errorf("web_search_requests: %v", dig(t, msg, "usage"))
			}

			streamed := tt.body
			streamed["stream"] = true
			folded, usage, stop := alphaFold(t, stream(t, srv, alphaPath, streamed))
			delete(streamed, "stream")
			if stop != tt.stop {
				t.Errorf("streamed stop_reason %q, want %q", stop, tt.stop)
			}
			if !reflect.DeepEqual(anySlice(folded), normalize(t, content)) {
				t.Errorf("stream folds to\n%v\nnot the message content\n%v", folded, content)
			}
			if !reflect.DeepEqual(usage, dig(t, msg, "usage")) {
				t.Errorf("final streamed usage %v, message usage %v", usage, dig(t, msg, "usage"))
			}
		})
	}
}

func anySlice(bs []map[string]any) []any {
	out := make([]any, len(bs))
	for i, b := range bs {
		// the streamed server_tool_use start lacks the caller the message has
		if b["type"] == "server_tool_use" {
			b["caller"] = map[string]any{"type": "direct"}
		}
		out[i] = b
	}
	return out
}

func normalize(t *testing.T, v []any) []any {
	b, _ := json.Marshal(v)
	var out []any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestAlphaContent(t *testing.T) {
	_, srv := testSim(t, Options{})
	_, raw := send(t, srv, http.MethodPost, alphaPath, alphaBody("write about tea", nil))
	text := list(t, decodeJSON(t, raw), "content")[0].(map[string]any)["text"].(string)
	if text != ReplyText("write about tea") {
		t.Fatalf("text is not ReplyText(prompt):\n%s", text)
	}
	for _, want := range []string{"## ", "\n- ", "```go\n", "| Item | Value | Note |"} {
		if !strings.Contains(text, want) {
			t.Errorf("reply lacks %q", want)
		}
	}
	if len(text) > 4000 {
		t.Errorf("a plain reply is %d bytes", len(text))
	}
	if n := len(ReplyText("write about tea [[long]]")); n < 30<<10 || n > 40<<10 {
		t.Errorf("a [[long]] reply is %d bytes, want about 30 KB", n)
	}
}

func TestAlphaContinueAfterPause(t *testing.T) {
	_, srv := testSim(t, Options{})
	search := []any{map[string]any{"type": "web_search_20260209", "name": "web_search"}}
	first := alphaBody("tea news [[pause]]", map[string]any{"tools": search})
	_, raw := send(t, srv, http.MethodPost, alphaPath, first)
	paused := decodeJSON(t, raw)
	next := alphaBody("", map[string]any{"tools": search, "messages": []any{
		map[string]any{"role": "user", "content": "tea news [[pause]]"},
		map[string]any{"role": "assistant", "content": paused["content"]},
	}})
	_, raw = send(t, srv, http.MethodPost, alphaPath, next)
	msg := decodeJSON(t, raw)
	if str(t, msg, "stop_reason") != "end_turn" {
		t.Fatalf("continued turn: %v", msg["stop_reason"])
	}
}

func TestAlphaToolResultAnswered(t *testing.T) {
	_, srv := testSim(t, Options{})
	tools := []any{map[string]any{"name": "f", "input_schema": map[string]any{"type": "object"}}}
	body := alphaBody("", map[string]any{"tools": tools, "messages": []any{
		map[string]any{"role": "user", "content": "call f"},
		map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": "toolu_1", "name": "f", "input": map[string]any{}}}},
		map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_1", "content": "42"}}},
	}})
	_, raw := send(t, srv, http.MethodPost, alphaPath, body)
	if stop := str(t, decodeJSON(t, raw), "stop_reason"); stop != "end_turn" {
		t.Fatalf("after a tool result: stop_reason %q", stop)
	}
}

func TestAlphaValidation(t *testing.T) {
	_, srv := testSim(t, Options{})
	tests := []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"no model", alphaBody("x", map[string]any{"model": ""}), "model"},
		{"no max_tokens", alphaBody("x", map[string]any{"max_tokens": nil}), "max_tokens"},
		{"no messages", alphaBody("x", map[string]any{"messages": []any{}}), "messages"},
		{"bad role", alphaBody("x", map[string]any{"messages": []any{map[string]any{"role": "system", "content": "x"}}}), "messages[0].role"},
		{"small budget", alphaBody("x", map[string]any{"thinking": map[string]any{"type": "enabled", "budget_tokens": 1000}}), "thinking.budget_tokens"},
		{"budget over max", alphaBody("x", map[string]any{"max_tokens": 2000, "thinking": map[string]any{"type": "enabled", "budget_tokens": 2000}}), "thinking.budget_tokens"},
		{"thinking type", alphaBody("x", map[string]any{"thinking": map[string]any{"type": "on"}}), "thinking.type"},
		{"temperature", alphaBody("x", map[string]any{"temperature": 1.5}), "temperature"},
		{"temperature and top_p", alphaBody("x", map[string]any{"temperature": 0.5, "top_p": 0.5}), "top_p"},
		{"custom tool schema", alphaBody("x", map[string]any{"tools": []any{map[string]any{"name": "f"}}}), "tools[0].input_schema"},
		{"tool_choice", alphaBody("x", map[string]any{"tool_choice": map[string]any{"type": "tool"}}), "tool_choice.name"},
		{"not JSON", nil, "body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body any = tt.body
			if tt.body == nil {
				body = "{not json"
			}
			resp, raw := send(t, srv, http.MethodPost, alphaPath, body)
			if resp.StatusCode != 400 {
				t.Fatalf("%d %s", resp.StatusCode, raw)
			}
			m := decodeJSON(t, raw)
			if str(t, m, "type") != "error" || str(t, m, "error", "type") != "invalid_request_error" || str(t, m, "request_id") == "" {
				t.Fatalf("alpha 400 shape: %v", m)
			}
			if msg := str(t, m, "error", "message"); !strings.HasPrefix(msg, tt.field+": ") {
				t.Errorf("message %q does not name %s", msg, tt.field)
			}
		})
	}
}

package sim

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
)

const responsesPath = "/bypass/gamma/v1/responses"

func responsesBody(input any, extra map[string]any) map[string]any {
	b := map[string]any{"model": "gamma-model", "input": input}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

// responsesFold checks sequence numbers, event names and item routing,
// and returns the final response and the text each message item streamed.
func responsesFold(t *testing.T, evs []event) (final map[string]any, texts map[int]string, kinds []string) {
	t.Helper()
	texts = map[int]string{}
	open := map[int]bool{}
	for i, ev := range evs {
		d := ev.json(t)
		if d["type"] != ev.name {
			t.Fatalf("event %d: event line %q, data.type %v", i, ev.name, d["type"])
		}
		if num(t, d, "sequence_number") != i {
			t.Fatalf("event %d has sequence_number %v", i, d["sequence_number"])
		}
		kinds = append(kinds, ev.name)
		switch ev.name {
		case "response.output_item.added":
			open[num(t, d, "output_index")] = true
		case "response.output_item.done":
			if !open[num(t, d, "output_index")] {
				t.Fatalf("item %d done before it was added", num(t, d, "output_index"))
			}
			delete(open, num(t, d, "output_index"))
		case "response.output_text.delta":
			oi := num(t, d, "output_index")
			if !open[oi] {
				t.Fatalf("delta for item %d, which is not open", oi)
			}
			texts[oi] += str(t, d, "delta")
		case "response.output_text.done":
			if str(t, d, "text") != texts[num(t, d, "output_index")] {
				t.Fatal("output_text.done text differs from the deltas")
			}
		case "response.completed", "response.incomplete", "response.failed":
			if i != len(evs)-1 {
				t.Fatalf("%s is not the last event", ev.name)
			}
			final = dig(t, d, "response").(map[string]any)
		}
	}
	if kinds[0] != "response.created" || kinds[1] != "response.in_progress" || final == nil {
		t.Fatalf("stream shape: %v", kinds)
	}
	return final, texts, kinds
}

func TestResponsesScenarios(t *testing.T) {
	_, srv := testSim(t, Options{})
	fn := []any{map[string]any{"type": "function", "name": "get_weather", "parameters": map[string]any{"type": "object",
		"properties": map[string]any{"city": map[string]any{"type": "string"}}}}}
	tests := []struct {
		name   string
		body   map[string]any
		items  []string
		status string
		events []string // event types that must appear
	}{
		{"plain", responsesBody("explain tea", nil), []string{"message"}, "completed",
			[]string{"response.content_part.added", "response.output_text.done", "response.content_part.done"}},
		{"input items", responsesBody([]any{map[string]any{"role": "user", "content": []any{map[string]any{"type": "input_text", "text": "explain tea"}}}}, nil), []string{"message"}, "completed", nil},
		{"reasoning summary", responsesBody("explain tea", map[string]any{"reasoning": map[string]any{"effort": "low", "summary": "auto"}}), []string{"reasoning", "message"}, "completed",
			[]string{"response.reasoning_summary_part.added", "response.reasoning_summary_text.delta", "response.reasoning_summary_text.done", "response.reasoning_summary_part.done"}},
		{"web search", responsesBody("tea news", map[string]any{"tools": []any{map[string]any{"type": "web_search"}}, "include": []any{"web_search_call.action.sources"}}), []string{"web_search_call", "message"}, "completed",
			[]string{"response.web_search_call.in_progress", "response.web_search_call.searching", "response.web_search_call.completed", "response.output_text.annotation.added"}},
		{"function", responsesBody("weather in Oslo", map[string]any{"tools": fn}), []string{"function_call"}, "completed",
			[]string{"response.function_call_arguments.delta", "response.function_call_arguments.done"}},
		{"incomplete", responsesBody("explain tea", map[string]any{"max_output_tokens": 20}), []string{"message"}, "incomplete", nil},
		{"failed", responsesBody("explain tea [[fail]]", nil), nil, "failed", []string{"response.failed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, raw := send(t, srv, http.MethodPost, responsesPath, tt.body)
			if resp.StatusCode != 200 || resp.Header.Get("X-Request-Id") == "" {
				t.Fatalf("%d %s", resp.StatusCode, raw)
			}
			full := decodeJSON(t, raw)
			if _, ok := full["output_text"]; ok {
				t.Fatal("output_text is not a wire field")
			}
			if full["object"] != "response" || str(t, full, "status") != tt.status || !strings.HasPrefix(str(t, full, "id"), "resp_") {
				t.Fatalf("envelope: %v %v", full["object"], full["status"])
			}
			var items []string
			visible := 0
			for _, o := range list(t, full, "output") {
				it := o.(map[string]any)
				items = append(items, it["type"].(string))
				switch it["type"] {
				case "message":
					visible += tokens(list(t, it, "content")[0].(map[string]any)["text"].(string))
				case "function_call":
					visible += tokens(str(t, it, "arguments"))
				}
			}
			if !reflect.DeepEqual(items, tt.items) {
				t.Fatalf("items %v, want %v", items, tt.items)
			}
			if _, ok := full["completed_at"]; ok != (tt.status == "completed") {
				t.Errorf("completed_at present %v in status %s", ok, tt.status)
			}
			if tt.status == "incomplete" && str(t, full, "incomplete_details", "reason") != "max_output_tokens" {
				t.Errorf("incomplete_details: %v", full["incomplete_details"])
			}
			if tt.status == "failed" && str(t, full, "error", "code") != "server_error" {
				t.Errorf("error: %v", full["error"])
			}
			u := dig(t, full, "usage").(map[string]any)
			if num(t, u, "output_tokens") != visible+num(t, u, "output_tokens_details", "reasoning_tokens") ||
				num(t, u, "total_tokens") != num(t, u, "input_tokens")+num(t, u, "output_tokens") {
				t.Errorf("usage does not add up (visible %d): %v", visible, u)
			}
			if mo, ok := tt.body["max_output_tokens"].(int); ok && num(t, u, "output_tokens") > mo {
				t.Errorf("output_tokens %d over max_output_tokens %d", num(t, u, "output_tokens"), mo)
			}

			streamed := with(tt.body, "stream", true)
			final, texts, kinds := responsesFold(t, stream(t, srv, responsesPath, streamed))
			if kinds[len(kinds)-1] != "response."+tt.status {
				t.Errorf("last event %s", kinds[len(kinds)-1])
			}
			for _, want := range tt.events {
				if !oneOf(want, kinds...) {
					t.Errorf("no %s event in %v", want, kinds)
				}
			}
			// ids differ: they derive from the request, which now streams
			if !reflect.DeepEqual(withoutIDs(final["output"]), withoutIDs(full["output"])) || !reflect.DeepEqual(final["usage"], full["usage"]) {
				t.Error("the final streamed response differs from the non-streamed one")
			}
			for oi, text := range texts {
				it := list(t, full, "output")[oi].(map[string]any)
				if text != list(t, it, "content")[0].(map[string]any)["text"] {
					t.Errorf("item %d: streamed text differs", oi)
				}
			}
		})
	}
}

func TestResponsesCitation(t *testing.T) {
	_, srv := testSim(t, Options{})
	_, raw := send(t, srv, http.MethodPost, responsesPath, responsesBody("tea news", map[string]any{"tools": []any{map[string]any{"type": "web_search"}}}))
	out := list(t, decodeJSON(t, raw), "output")
	part := list(t, out[1].(map[string]any), "content")[0].(map[string]any)
	note := list(t, part, "annotations")[0].(map[string]any)
	runes := []rune(part["text"].(string))
	cited := string(runes[num(t, note, "start_index"):num(t, note, "end_index")])
	if note["type"] != "url_citation" || !strings.HasPrefix(cited, "According to") || !strings.HasSuffix(cited, ".") {
		t.Fatalf("annotation %v covers %q", note, cited)
	}
	if _, ok := dig(t, out[0].(map[string]any), "action").(map[string]any)["sources"]; ok {
		t.Error("sources without include web_search_call.action.sources")
	}
}

func TestResponsesFunctionOutputAnswered(t *testing.T) {
	_, srv := testSim(t, Options{})
	input := []any{
		map[string]any{"role": "user", "content": "weather in Oslo"},
		map[string]any{"type": "function_call", "call_id": "c1", "name": "get_weather", "arguments": "{}"},
		map[string]any{"type": "function_call_output", "call_id": "c1", "output": "sunny"},
	}
	_, raw := send(t, srv, http.MethodPost, responsesPath, responsesBody(input, map[string]any{"tools": []any{map[string]any{"type": "function", "name": "get_weather"}}}))
	out := list(t, decodeJSON(t, raw), "output")
	if out[0].(map[string]any)["type"] != "message" {
		t.Fatalf("after a function output: %v", out)
	}
}

func TestResponsesValidation(t *testing.T) {
	_, srv := testSim(t, Options{})
	many := map[string]any{}
	for i := range 17 {
		many[strings.Repeat("k", i+1)] = "v"
	}
	tests := []struct {
		name  string
		extra map[string]any
		param string
	}{
		{"metadata pairs", map[string]any{"metadata": many}, "metadata"},
		{"metadata key", map[string]any{"metadata": map[string]any{strings.Repeat("k", 65): "v"}}, "metadata"},
		{"metadata value", map[string]any{"metadata": map[string]any{"k": strings.Repeat("v", 513)}}, "metadata.k"},
		{"temperature", map[string]any{"temperature": 2.1}, "temperature"},
		{"top_logprobs", map[string]any{"top_logprobs": 21}, "top_logprobs"},
		{"top_logprobs fraction", map[string]any{"top_logprobs": 1.5}, "top_logprobs"},
		{"safety_identifier", map[string]any{"safety_identifier": strings.Repeat("s", 65)}, "safety_identifier"},
		{"summary", map[string]any{"reasoning": map[string]any{"summary": "long"}}, "reasoning.summary"},
		{"truncation", map[string]any{"truncation": "middle"}, "truncation"},
		{"conversation and previous", map[string]any{"conversation": "conv_1", "previous_response_id": "resp_1"}, "previous_response_id"},
		{"include", map[string]any{"include": []any{"everything"}}, "include[0]"},
		{"context_management", map[string]any{"context_management": []any{map[string]any{"type": "summary"}}}, "context_management[0].type"},
		{"stream_options", map[string]any{"stream_options": map[string]any{"include_obfuscation": false}}, "stream_options"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, raw := send(t, srv, http.MethodPost, responsesPath, responsesBody("x", tt.extra))
			m := decodeJSON(t, raw)
			if resp.StatusCode != 400 || str(t, m, "error", "type") != "invalid_request_error" {
				t.Fatalf("%d %v", resp.StatusCode, m)
			}
			if p := str(t, m, "error", "param"); p != tt.param {
				t.Errorf("param %q, want %q (%v)", p, tt.param, m)
			}
		})
	}
}

// withoutIDs drops every "id" key from a decoded JSON value.
func withoutIDs(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			if k != "id" {
				out[k] = withoutIDs(x)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = withoutIDs(x)
		}
		return out
	}
	return v
}

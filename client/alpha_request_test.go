package client

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"testing"
)

// alphaCapture records what one request to the message endpoint carried.
type alphaCapture struct {
	method, path string
	header       http.Header
	body         map[string]any
	raw          []byte
}

// alphaHandler answers the message endpoint with reply (content type ct)
// and records each request in *got.
func alphaHandler(t *testing.T, got *[]alphaCapture, ct string, reply []byte) http.Handler {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		c := alphaCapture{method: r.Method, path: r.URL.Path, header: r.Header.Clone(), raw: raw}
		if err := json.Unmarshal(raw, &c.body); err != nil {
			t.Errorf("request body is not JSON: %v", err)
		}
		*got = append(*got, c)
		w.Header().Set("Content-Type", ct)
		_, _ = w.Write(reply)
	})
	return mux
}

// alphaJSONMap decodes a JSON literal for comparison with a sent body.
func alphaJSONMap(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("bad expected JSON: %v", err)
	}
	return m
}

func alphaF(f float64) *float64 { return &f }

func TestMessagesRequestWire(t *testing.T) {
	t.Parallel()
	var got []alphaCapture
	c, _ := newTestClient(t, alphaHandler(t, &got, "application/json", fixture(t, "alpha/message.json")))
	topK := 0
	req := &MessageRequest{
		Model:     "alpha-model-1",
		MaxTokens: 4096,
		System:    MessageContent{Text: "Be brief."},
		Messages: []MessageTurn{
			MessageUserText("hello"),
			{Role: "assistant", Content: MessageContent{Text: "Hi."}},
			MessageUserBlocks(MessageTextBlock("what is this?"), MessageImageBase64("image/png", "iVBORw0KGgo="),
				MessageImageURL("https://example.org/cat.jpg"), MessageToolResult("toolu_1", "18 °C", true)),
		},
		Thinking:      MessageThinking{Type: "enabled", BudgetTokens: 2048, Display: "omitted"},
		Tools:         []MessageTool{{Type: "web_search_20260209", Name: "web_search", MaxUses: 3, AllowedDomains: []string{"example.org"}, UserLocation: MessageUserLocation{Type: "approximate", City: "Paris", Country: "FR"}}, {Name: "get_weather", Description: "Weather by city", InputSchema: map[string]any{"type": "object"}, CacheControl: MessageCacheControl{Type: "ephemeral", TTL: "1h"}}},
		ToolChoice:    MessageToolChoice{Type: "auto", DisableParallelToolUse: true},
		OutputConfig:  MessageOutputConfig{Effort: "high", Format: MessageOutputFormat{Type: "json_schema", Schema: json.RawMessage(`{"type":"object"}`)}},
		Temperature:   alphaF(0),
		TopK:          &topK,
		Stream:        true, // ignored: Messages never streams
		StopSequences: []string{"END"},
		CacheControl:  MessageCacheControl{Type: "ephemeral"},
		ServiceTier:   "standard_only",
		Metadata:      MessageMetadata{UserID: "u-7f3a"},
		Container:     "container_011Box",
		InferenceGeo:  "eu",
	}
	m, err := c.Messages(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != "msg_01Whole" {
		t.Errorf("reply id = %q", m.ID)
	}
	if len(got) != 1 {
		t.Fatalf("%d requests, want 1", len(got))
	}
	r := got[0]
	if r.method != http.MethodPost || r.path != "/bypass/alpha/v1/messages" {
		t.Errorf("sent %s %s", r.method, r.path)
	}
	for h, want := range map[string]string{
		"X-Api-Key": testKeys.Alpha, "Anthropic-Version": "2023-06-01",
		"User-Agent": "atelier/" + Version, "Content-Type": "application/json", "Authorization": "",
	} {
		if v := r.header.Get(h); v != want {
			t.Errorf("header %s = %q, want %q", h, v, want)
		}
	}
	want := alphaJSONMap(t, `{
		"model": "alpha-model-1", "max_tokens": 4096, "system": "Be brief.",
		"messages": [
			{"role": "user", "content": "hello"},
			{"role": "assistant", "content": "Hi."},
			{"role": "user", "content": [
				{"type": "text", "text": "what is this?"},
				{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}},
				{"type": "image", "source": {"type": "url", "url": "https://example.org/cat.jpg"}},
				{"type": "tool_result", "tool_use_id": "toolu_1", "content": "18 °C", "is_error": true}
			]}
		],
		"thinking": {"type": "enabled", "budget_tokens": 2048, "display": "omitted"},
		"tools": [
			{"type": "web_search_20260209", "name": "web_search", "max_uses": 3, "allowed_domains": ["example.org"],
			 "user_location": {"type": "approximate", "city": "Paris", "country": "FR"}},
			{"name": "get_weather", "description": "Weather by city", "input_schema": {"type": "object"},
			 "cache_control": {"type": "ephemeral", "ttl": "1h"}}
		],
		"tool_choice": {"type": "auto", "disable_parallel_tool_use": true},
		"output_config": {"effort": "high", "format": {"type": "json_schema", "schema": {"type": "object"}}},
		"temperature": 0, "top_k": 0, "stop_sequences": ["END"],
		"cache_control": {"type": "ephemeral"}, "service_tier": "standard_only",
		"metadata": {"user_id": "u-7f3a"}, "container": "container_011Box", "inference_geo": "eu"
	}`)
	if !reflect.DeepEqual(r.body, want) {
		gotJSON, _ := json.MarshalIndent(r.body, "", " ")
		t.Errorf("body:\n%s", gotJSON)
	}
}

// TestMessagesMinimalBody checks that unset optional fields, top_p among
// them, are not sent at all.
func TestMessagesMinimalBody(t *testing.T) {
	t.Parallel()
	var got []alphaCapture
	c, _ := newTestClient(t, alphaHandler(t, &got, "application/json", fixture(t, "alpha/message.json")))
	req := &MessageRequest{Model: "m", MaxTokens: 10, Messages: []MessageTurn{MessageUserText("hi")}}
	if _, err := c.Messages(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	want := alphaJSONMap(t, `{"model":"m","max_tokens":10,"messages":[{"role":"user","content":"hi"}]}`)
	if !reflect.DeepEqual(got[0].body, want) {
		t.Errorf("body = %s", got[0].raw)
	}
}

func TestMessagesExtraAndVersionOverride(t *testing.T) {
	t.Parallel()
	var got []alphaCapture
	c, _ := newTestClient(t, alphaHandler(t, &got, "application/json", fixture(t, "alpha/message.json")))
	c.Headers = map[Group]http.Header{Alpha: {"anthropic-version": {"2026-10-21"}, "Anthropic-Beta": {"x-beta"}}}
	req := &MessageRequest{Model: "m", MaxTokens: 10, Messages: []MessageTurn{MessageUserText("hi")},
		Extra: Extra{"future_field": map[string]any{"a": 1.0}, "max_tokens": 20.0, "stream": true}}
	req.Tools = []MessageTool{{Type: "web_search_20260318", Name: "web_search", Extra: Extra{"allowed_callers": []string{"direct"}}}}
	if _, err := c.Messages(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	r := got[0]
	if v := r.header.Values("Anthropic-Version"); len(v) != 1 || v[0] != "2026-10-21" {
		t.Errorf("anthropic-version = %q, want the caller's value only", v)
	}
	if r.header.Get("Anthropic-Beta") != "x-beta" {
		t.Errorf("extra header lost: %v", r.header)
	}
	want := alphaJSONMap(t, `{"model":"m","max_tokens":20,"messages":[{"role":"user","content":"hi"}],
		"future_field":{"a":1},"tools":[{"type":"web_search_20260318","name":"web_search","allowed_callers":["direct"]}]}`)
	if !reflect.DeepEqual(r.body, want) {
		t.Errorf("body = %s", r.raw)
	}
	if _, ok := c.Headers[Alpha]["Anthropic-Version"]; ok {
		t.Error("the client's own headers were changed")
	}
}

func TestMessageContentRoundTrip(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`"plain"`,
		`[{"type":"text","text":"a"},{"type":"image","source":{"type":"url","url":"https://example.org/x.png"}}]`,
		`[{"type":"document","source":{"type":"text","media_type":"text/plain","data":"doc"},"title":"T","citations":{"enabled":true}}]`,
	} {
		var c MessageContent
		if err := json.Unmarshal([]byte(in), &c); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := json.Marshal(c)
		if err != nil || string(out) != in {
			t.Errorf("round trip of %s = %s, %v", in, out, err)
		}
	}
	var c MessageContent
	if err := json.Unmarshal([]byte(`42`), &c); err == nil {
		t.Error("a number was accepted as content")
	}
	b, _ := json.Marshal(MessageInputBlock{Type: "document", Source: MessageSource{Type: "text", MediaType: "text/plain", Data: "d"}, Extra: Extra{"title": "T"}})
	if !reflect.DeepEqual(alphaJSONMap(t, string(b)), alphaJSONMap(t, `{"type":"document","source":{"type":"text","media_type":"text/plain","data":"d"},"title":"T"}`)) {
		t.Errorf("block with extra = %s", b)
	}
}

// TestMessagesPauseTurnContinuation sends a reply that paused back as the
// assistant turn, and checks every block went out byte for byte.
func TestMessagesPauseTurnContinuation(t *testing.T) {
	t.Parallel()
	reply := bytes.TrimSpace(fixture(t, "alpha/pause_turn.json"))
	var got []alphaCapture
	c, _ := newTestClient(t, alphaHandler(t, &got, "application/json", reply))
	req := &MessageRequest{Model: "m", MaxTokens: 2000, Messages: []MessageTurn{MessageUserText("tides?")}}
	m, err := c.Messages(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if m.StopReason != "pause_turn" || !bytes.Equal(m.Raw, reply) {
		t.Fatalf("stop %q, raw kept: %v", m.StopReason, bytes.Equal(m.Raw, reply))
	}
	req.Messages = append(req.Messages, m.AssistantTurn())
	if _, err := c.Messages(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	type turn struct {
		Role    string            `json:"role"`
		Content []json.RawMessage `json:"content"`
	}
	var sent struct {
		Messages []json.RawMessage `json:"messages"`
	}
	var last, orig turn
	if err := json.Unmarshal(got[1].raw, &sent); err != nil || len(sent.Messages) != 2 {
		t.Fatalf("sent %s (%v)", got[1].raw, err)
	}
	if err := json.Unmarshal(sent.Messages[1], &last); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(reply, &orig)
	if last.Role != "assistant" || len(last.Content) != len(orig.Content) {
		t.Fatalf("assistant turn = %s with %d blocks", last.Role, len(last.Content))
	}
	for i := range orig.Content {
		if !bytes.Equal(last.Content[i], orig.Content[i]) {
			t.Errorf("block %d sent as %s, want %s", i, last.Content[i], orig.Content[i])
		}
	}
}

func TestMessagesDecodeWhole(t *testing.T) {
	t.Parallel()
	raw := bytes.TrimSpace(fixture(t, "alpha/message.json"))
	var m Message
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m.Raw, raw) {
		t.Error("Raw is not the bytes decoded")
	}
	if m.StopReason != "refusal" || m.StopDetails == nil || m.StopDetails.Category != "cyber" ||
		m.StopDetails.Explanation != "The request asked for an exploit." {
		t.Errorf("stop = %q %+v", m.StopReason, m.StopDetails)
	}
	if m.Container == nil || m.Container.ID != "container_011Box" || m.Container.ExpiresAt != "2026-11-21T10:30:00Z" {
		t.Errorf("container = %+v", m.Container)
	}
	u := m.Usage
	if u.InputTokens != 2095 || u.OutputTokens != 503 || u.CacheCreationInputTokens != 2051 ||
		u.CacheCreation.Ephemeral5mInputTokens != 2051 || u.OutputTokensDetails.ThinkingTokens != 120 ||
		u.ServerToolUse.WebSearchRequests != 1 || u.ServiceTier != "standard" || u.InferenceGeo != "eu" {
		t.Errorf("usage = %+v", u)
	}
	if got := m.Text(); got != "The report says sales rose 12%. I can't help with the rest of that request." {
		t.Errorf("Text() = %q", got)
	}
	types := []string{}
	for _, b := range m.Content {
		types = append(types, b.Type)
		if len(b.Raw) == 0 {
			t.Errorf("block %s has no Raw", b.Type)
		}
	}
	if want := []string{"thinking", "text", "text", "text", "container_upload", "future_block"}; !reflect.DeepEqual(types, want) {
		t.Errorf("block types = %v", types)
	}
	if m.Content[0].Signature != "EqQBCkYIARgC" || m.Content[4].FileID != "file_011Upload" {
		t.Errorf("thinking/upload = %+v / %+v", m.Content[0], m.Content[4])
	}
	cites := m.Content[2].Citations
	var ctypes []string
	for _, c := range cites {
		ctypes = append(ctypes, c.Type)
	}
	if want := []string{"char_location", "page_location", "content_block_location", "search_result_location",
		"web_search_result_location", "future_location"}; !reflect.DeepEqual(ctypes, want) {
		t.Fatalf("citation types = %v", ctypes)
	}
	if cites[0].StartCharIndex != 120 || cites[1].EndPageNumber != 4 || cites[2].EndBlockIndex != 2 ||
		cites[3].Source != "https://example.org/q3" || cites[4].EncryptedIndex != "Eo8BCioI" ||
		!bytes.Contains(cites[5].Raw, []byte(`"where"`)) {
		t.Errorf("citations = %+v", cites)
	}
}

// TestMessageDecodeTolerant checks that a field of an unexpected type costs
// only that field, and that a reply that is not an object is an error.
func TestMessageDecodeTolerant(t *testing.T) {
	t.Parallel()
	var m Message
	in := `{"id":"x","model":7,"content":[{"type":"text","text":"hi","citations":"odd"},5],"usage":{"input_tokens":3}}`
	if err := json.Unmarshal([]byte(in), &m); err != nil {
		t.Fatal(err)
	}
	if m.ID != "x" || m.Text() != "hi" || len(m.Content) != 2 || string(m.Content[1].Raw) != "5" || m.Usage.InputTokens != 3 {
		t.Errorf("decoded %+v", m)
	}
	if err := json.Unmarshal([]byte(`[1]`), &m); err == nil {
		t.Error("an array was accepted as a message")
	}
}

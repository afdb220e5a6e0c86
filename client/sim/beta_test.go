package sim

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
)

const (
	betaPath       = "/bypass/beta/v1/models/beta-pro:generateContent"
	betaStreamPath = "/bypass/beta/v1/models/beta-pro:streamGenerateContent?alt=sse"
)

func betaBody(prompt string, extra map[string]any) map[string]any {
	b := map[string]any{"contents": []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": prompt}}}}}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

// betaFold checks that every chunk is a data-only complete response and
// joins the text of thought and answer parts separately.
func betaFold(t *testing.T, evs []event) (thought, text string, last map[string]any, calls []any) {
	t.Helper()
	if len(evs) == 0 {
		t.Fatal("empty stream")
	}
	for i, ev := range evs {
		if ev.name != "" {
			t.Fatalf("chunk %d has an event line %q: beta frames are data-only", i, ev.name)
		}
		d := ev.json(t)
		final := i == len(evs)-1
		if _, ok := d["usageMetadata"]; !ok {
			t.Fatalf("chunk %d without usageMetadata", i)
		}
		if _, ok := dig(t, d, "usageMetadata").(map[string]any)["candidatesTokenCount"]; ok != final {
			t.Fatalf("chunk %d: full usage is for the last chunk only: %v", i, d["usageMetadata"])
		}
		cands, _ := d["candidates"].([]any)
		if len(cands) == 0 {
			continue
		}
		cand := cands[0].(map[string]any)
		if _, ok := cand["finishReason"]; ok != final {
			t.Fatalf("chunk %d: finishReason only on the last chunk", i)
		}
		thought, text, calls = betaParts(t, cand, thought, text, calls)
	}
	return thought, text, evs[len(evs)-1].json(t), calls
}

// betaParts appends a candidate's thought text, answer text and function
// calls to what was gathered so far.
func betaParts(t *testing.T, cand map[string]any, thought, text string, calls []any) (string, string, []any) {
	t.Helper()
	for _, p := range list(t, cand, "content", "parts") {
		part := p.(map[string]any)
		switch {
		case part["functionCall"] != nil:
			calls = append(calls, part["functionCall"])
		case part["thought"] == true:
			thought += part["text"].(string)
		default:
			text += part["text"].(string)
		}
	}
	return thought, text, calls
}

func TestBetaScenarios(t *testing.T) {
	_, srv := testSim(t, Options{})
	fn := []any{map[string]any{"functionDeclarations": []any{map[string]any{"name": "get_weather",
		"parameters": map[string]any{"type": "object", "properties": map[string]any{"city": map[string]any{"type": "string"}}}}}}}
	thoughts := map[string]any{"thinkingConfig": map[string]any{"includeThoughts": true}}
	tests := []struct {
		name      string
		body      map[string]any
		thought   bool
		call      bool
		grounding bool
		finish    string
	}{
		{"plain", betaBody("explain tea", nil), false, false, false, "STOP"},
		{"thoughts", betaBody("explain tea", map[string]any{"generationConfig": thoughts}), true, false, false, "STOP"},
		{"function", betaBody("weather in Oslo", map[string]any{"tools": fn}), false, true, false, "STOP"},
		{"search", betaBody("tea news", map[string]any{"tools": []any{map[string]any{"webSearch": map[string]any{}}}}), false, false, true, "STOP"},
		{"max tokens", betaBody("explain tea", map[string]any{"generationConfig": map[string]any{"maxOutputTokens": 5}}), false, false, false, "MAX_TOKENS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, raw := send(t, srv, http.MethodPost, betaPath, tt.body)
			if resp.StatusCode != 200 {
				t.Fatalf("%d %s", resp.StatusCode, raw)
			}
			full := decodeJSON(t, raw)
			cand := list(t, full, "candidates")[0].(map[string]any)
			if str(t, cand, "finishReason") != tt.finish || str(t, cand, "content", "role") != "model" {
				t.Fatalf("candidate: %v", cand)
			}
			thought, text, calls := betaParts(t, cand, "", "", nil)
			if (thought != "") != tt.thought || (len(calls) > 0) != tt.call {
				t.Fatalf("thought %q, calls %v", thought, calls)
			}
			if _, ok := cand["groundingMetadata"]; ok != tt.grounding {
				t.Fatalf("groundingMetadata present: %v", ok)
			}
			u := dig(t, full, "usageMetadata").(map[string]any)
			out := tokens(text)
			if tt.call {
				out = num(t, u, "candidatesTokenCount") // the call's args count too
			}
			if num(t, u, "candidatesTokenCount") != out {
				t.Errorf("candidatesTokenCount %v, text has %d", u["candidatesTokenCount"], out)
			}
			thinks, _ := u["thoughtsTokenCount"].(float64)
			if tt.thought && int(thinks) != tokens(thought) {
				t.Errorf("thoughtsTokenCount %v, thought has %d", thinks, tokens(thought))
			}
			if num(t, u, "totalTokenCount") != num(t, u, "promptTokenCount")+num(t, u, "candidatesTokenCount")+int(thinks) {
				t.Errorf("usage does not add up: %v", u)
			}

			sThought, sText, last, sCalls := betaFold(t, stream(t, srv, betaStreamPath, tt.body))
			if sThought != thought || sText != text || !reflect.DeepEqual(sCalls, calls) {
				t.Errorf("stream text differs from the reply:\n%q\n%q", sText, text)
			}
			if !reflect.DeepEqual(last["usageMetadata"], full["usageMetadata"]) {
				t.Errorf("last chunk usage %v, reply usage %v", last["usageMetadata"], full["usageMetadata"])
			}
			lastCand := list(t, last, "candidates")[0].(map[string]any)
			if tt.grounding && !reflect.DeepEqual(lastCand["groundingMetadata"], cand["groundingMetadata"]) {
				t.Error("grounding differs between stream and reply")
			}
			if tt.thought {
				parts := list(t, lastCand, "content", "parts")
				if p := parts[len(parts)-1].(map[string]any); p["text"] != "" || p["thoughtSignature"] == nil {
					t.Errorf("last chunk should be an empty text part with a thoughtSignature: %v", p)
				}
			}
		})
	}
}

func TestBetaGrounding(t *testing.T) {
	_, srv := testSim(t, Options{})
	_, raw := send(t, srv, http.MethodPost, betaPath, betaBody("tea news", map[string]any{"tools": []any{map[string]any{"webSearch": map[string]any{}}}}))
	cand := list(t, decodeJSON(t, raw), "candidates")[0].(map[string]any)
	text := list(t, cand, "content", "parts")[0].(map[string]any)["text"].(string)
	g := dig(t, cand, "groundingMetadata").(map[string]any)
	if len(list(t, g, "webSearchQueries")) != 1 || len(list(t, g, "groundingChunks")) != 3 {
		t.Fatalf("grounding: %v", g)
	}
	seg := list(t, g, "groundingSupports")[0].(map[string]any)["segment"].(map[string]any)
	start, end := int(seg["startIndex"].(float64)), int(seg["endIndex"].(float64))
	if text[start:end] != seg["text"] {
		t.Errorf("segment [%d,%d) is %q, not %q", start, end, text[start:end], seg["text"])
	}
}

func TestBetaBlocked(t *testing.T) {
	_, srv := testSim(t, Options{})
	for _, path := range []string{betaPath, betaStreamPath} {
		body := betaBody("something [[block]]", nil)
		var m map[string]any
		if strings.Contains(path, "alt=sse") {
			evs := stream(t, srv, path, body)
			if len(evs) != 1 {
				t.Fatalf("blocked stream has %d chunks", len(evs))
			}
			m = evs[0].json(t)
		} else {
			_, raw := send(t, srv, http.MethodPost, path, body)
			m = decodeJSON(t, raw)
		}
		if _, ok := m["candidates"]; ok || str(t, m, "promptFeedback", "blockReason") != "SAFETY" {
			t.Errorf("%s: blocked reply %v", path, m)
		}
	}
}

func TestBetaStreamWithoutSSE(t *testing.T) {
	_, srv := testSim(t, Options{})
	resp, raw := send(t, srv, http.MethodPost, "/bypass/beta/v1/models/beta-pro:streamGenerateContent", betaBody("tea", nil))
	if resp.StatusCode != 200 || !strings.HasPrefix(strings.TrimSpace(string(raw)), "[{") {
		t.Fatalf("%d %.100s", resp.StatusCode, raw)
	}
}

func TestBetaValidation(t *testing.T) {
	_, srv := testSim(t, Options{})
	tests := []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"no contents", map[string]any{}, "contents"},
		{"no parts", map[string]any{"contents": []any{map[string]any{"role": "user"}}}, "contents[0].parts"},
		{"bad role", map[string]any{"contents": []any{map[string]any{"role": "assistant", "parts": []any{map[string]any{"text": "x"}}}}}, "contents[0].role"},
		{"temperature", betaBody("x", map[string]any{"generationConfig": map[string]any{"temperature": 2.5}}), "generationConfig.temperature"},
		{"topP", betaBody("x", map[string]any{"generationConfig": map[string]any{"topP": 1.5}}), "generationConfig.topP"},
		{"candidateCount", betaBody("x", map[string]any{"generationConfig": map[string]any{"candidateCount": 0}}), "generationConfig.candidateCount"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, raw := send(t, srv, http.MethodPost, betaPath, tt.body)
			m := decodeJSON(t, raw)
			if resp.StatusCode != 400 || num(t, m, "error", "code") != 400 || str(t, m, "error", "status") != "INVALID_ARGUMENT" {
				t.Fatalf("%d %v", resp.StatusCode, m)
			}
			if msg := str(t, m, "error", "message"); !strings.HasPrefix(msg, tt.field+": ") {
				t.Errorf("message %q does not name %s", msg, tt.field)
			}
		})
	}
}

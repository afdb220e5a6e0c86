package sim

import (
	"bytes"
	"net/http"
	"testing"
)

func TestDeterminism(t *testing.T) {
	_, a := testSim(t, Options{})
	_, b := testSim(t, Options{})
	search := []any{map[string]any{"type": "web_search_20260209", "name": "web_search"}}
	requests := []struct {
		path string
		body func(prompt string) any
	}{
		{alphaPath, func(p string) any { return alphaBody(p, nil) }},
		{alphaPath, func(p string) any {
			return alphaBody(p, map[string]any{"stream": true, "tools": search, "thinking": map[string]any{"type": "adaptive"}})
		}},
		{betaPath, func(p string) any { return betaBody(p, nil) }},
		{betaStreamPath, func(p string) any {
			return betaBody(p, map[string]any{"tools": []any{map[string]any{"webSearch": map[string]any{}}}})
		}},
		{responsesPath, func(p string) any {
			return responsesBody(p, map[string]any{"reasoning": map[string]any{"summary": "auto"}})
		}},
		{responsesPath, func(p string) any { return responsesBody(p, map[string]any{"stream": true}) }},
		{generationsPath, func(p string) any { return imageBody(map[string]any{"prompt": p, "size": "128x128"}) }},
		{generationsPath, func(p string) any {
			return imageBody(map[string]any{"prompt": p, "size": "128x128", "stream": true, "partial_images": 1, "output_format": "jpeg"})
		}},
		{"/queue/qv/videob/o3/pro/text-to-video", func(p string) any { return map[string]any{"prompt": p} }},
	}
	for _, r := range requests {
		_, first := send(t, a, http.MethodPost, r.path, r.body("a poem about tea"))
		_, again := send(t, b, http.MethodPost, r.path, r.body("a poem about tea"))
		_, other := send(t, a, http.MethodPost, r.path, r.body("a poem about rain"))
		if len(first) < 100 {
			t.Fatalf("%s: reply too short: %s", r.path, first)
		}
		if !bytes.Equal(first, bytes.ReplaceAll(again, []byte(b.URL), []byte(a.URL))) {
			t.Errorf("%s: the same request gave different bytes", r.path)
		}
		if bytes.Equal(first, other) {
			t.Errorf("%s: different prompts gave the same bytes", r.path)
		}
	}
}

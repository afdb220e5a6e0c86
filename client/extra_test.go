package client

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestExtraMergesLeafByLeaf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		typed any
		extra Extra
		want  string
	}{
		{"adds a field inside an object",
			map[string]any{"generationConfig": map[string]any{"temperature": 0.5}},
			Extra{"generationConfig": map[string]any{"candidateCount": 1}},
			`{"generationConfig":{"candidateCount":1,"temperature":0.5}}`},
		{"replaces one leaf and keeps its siblings",
			map[string]any{"a": map[string]any{"b": map[string]any{"c": 1, "d": 2}}},
			Extra{"a": map[string]any{"b": map[string]any{"c": 3}}},
			`{"a":{"b":{"c":3,"d":2}}}`},
		{"an array replaces an array",
			map[string]any{"tools": []any{1, 2}},
			Extra{"tools": []any{3}},
			`{"tools":[3]}`},
		{"a scalar replaces an object",
			map[string]any{"system": map[string]any{"x": 1}},
			Extra{"system": "text"},
			`{"system":"text"}`},
		{"an object replaces a scalar",
			map[string]any{"conversation": "c1"},
			Extra{"conversation": map[string]any{"id": "c2"}},
			`{"conversation":{"id":"c2"}}`},
		{"null is sent as null",
			map[string]any{"thinking": map[string]any{"type": "enabled"}},
			Extra{"thinking": nil},
			`{"thinking":null}`},
		{"an Extra nested in an Extra merges too",
			map[string]any{"reasoning": map[string]any{"effort": "high"}},
			Extra{"reasoning": Extra{"summary": "auto"}},
			`{"reasoning":{"effort":"high","summary":"auto"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := marshalWith(tt.typed, tt.extra)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Fatalf("got %s, want %s", b, tt.want)
			}
		})
	}
}

func TestMergeExtraLayers(t *testing.T) {
	t.Parallel()
	body := map[string]any{"thinking": map[string]any{"type": "enabled", "budget_tokens": 2000}, "top_k": 5}
	sets := map[string]any{"thinking": map[string]any{"display": "omitted"}, "top_k": 7}
	got := MergeExtra(body, nil, sets)
	b, _ := json.Marshal(got)
	if want := `{"thinking":{"budget_tokens":2000,"display":"omitted","type":"enabled"},"top_k":7}`; string(b) != want {
		t.Fatalf("got %s, want %s", b, want)
	}
	// No layer is changed by the merge.
	if _, ok := body["thinking"].(map[string]any)["display"]; ok || body["top_k"] != 5 {
		t.Fatalf("the base layer changed: %v", body)
	}
	if MergeExtra(nil, map[string]any{}) != nil {
		t.Fatal("empty layers should merge to nil")
	}
}

// TestSetPath sets a dotted field inside the objects already there, makes
// the ones missing, and replaces a value on the way that is not an object.
func TestSetPath(t *testing.T) {
	m := map[string]any{"thinking": map[string]any{"type": "enabled"}, "n": 1}
	SetPath(m, []string{"thinking", "display"}, "omitted")
	SetPath(m, []string{"a", "b", "c"}, 2)
	SetPath(m, []string{"n", "x"}, true)
	SetPath(m, []string{"top"}, "v")
	want := map[string]any{
		"thinking": map[string]any{"type": "enabled", "display": "omitted"},
		"a":        map[string]any{"b": map[string]any{"c": 2}},
		"n":        map[string]any{"x": true},
		"top":      "v",
	}
	if !reflect.DeepEqual(m, want) {
		t.Fatalf("got %#v\nwant %#v", m, want)
	}
}

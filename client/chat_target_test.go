package client

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseChatTarget(t *testing.T) {
	t.Parallel()
	f := func(v float64) *float64 { return &v }
	k := func(v int) *int { return &v }
	for _, tc := range []struct {
		spec string
		want ChatTarget
	}{
		{"alpha:model-x", ChatTarget{Family: Alpha, Model: "model-x"}},
		{" beta : m2 : ", ChatTarget{Family: Beta, Model: "m2"}},
		{"alpha:model-x:temperature=0.2,thinking_budget=2048,web_search=true,service_tier=auto",
			ChatTarget{Family: Alpha, Model: "model-x", Settings: ChatSettings{Temperature: f(0.2), ThinkingBudget: 2048,
				WebSearch: true, Extra: Extra{"service_tier": "auto"}}}},
		{`gamma:m3:effort=low, top_k=4, stop_sequences=["a,b","c"], system="be brief, please"`,
			ChatTarget{Family: Gamma, Model: "m3", Settings: ChatSettings{Effort: "low", TopK: k(4),
				StopSequences: []string{"a,b", "c"}, System: "be brief, please"}}},
		{"alpha:m:output_config.format=json,meta={\"a\":[1,2]}",
			ChatTarget{Family: Alpha, Model: "m", Settings: ChatSettings{Extra: Extra{
				"output_config": map[string]any{"format": "json"}, "meta": map[string]any{"a": []any{"1", "2"}}}}}},
		{"alpha:m:temperature=0", ChatTarget{Family: Alpha, Model: "m", Settings: ChatSettings{Temperature: f(0)}}},
	} {
		got, err := ParseChatTarget(tc.spec)
		if err != nil {
			t.Errorf("%q: %v", tc.spec, err)
			continue
		}
		// json.Number in Extra compares as its text.
		if !reflect.DeepEqual(normalize(got), normalize(tc.want)) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.spec, got, tc.want)
		}
	}
}

// normalize turns the json.Numbers of Extra into strings for comparison.
func normalize(t ChatTarget) ChatTarget {
	var fix func(v any) any
	fix = func(v any) any {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				v[k] = fix(x)
			}
		case []any:
			for i, x := range v {
				v[i] = fix(x)
			}
		case interface{ String() string }:
			return v.String()
		}
		return v
	}
	for k, v := range t.Settings.Extra {
		t.Settings.Extra[k] = fix(v)
	}
	return t
}

func TestParseChatTargetRefuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ spec, says string }{
		{"alpha", "want FAMILY:MODEL"},
		{"alpha:", "want FAMILY:MODEL"},
		{"delta:m", "family must be alpha, beta or gamma"},
		{"beta:m:temperature", "want key=value"},
		{"beta:m:=3", "want key=value"},
		{"beta:m:a..b=3", "a key is letters"},
		{`beta:m:x"y=3`, "a key is letters"},
		{"beta:m:temperature=warm", "temperature"},
		{"beta:m:top_k=1.5", "top_k"},
	} {
		_, err := ParseChatTarget(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%q: error %v, want one saying %q", tc.spec, err, tc.says)
		}
	}
}

func TestFormatChatTargetReadsBack(t *testing.T) {
	t.Parallel()
	f := func(v float64) *float64 { return &v }
	for _, tc := range []struct {
		t    ChatTarget
		spec string
	}{
		{ChatTarget{Family: Alpha, Model: "model-x"}, "alpha:model-x"},
		{ChatTarget{Family: Gamma, Model: "m", Settings: ChatSettings{Temperature: f(0), Effort: "low", WebSearch: true}},
			"gamma:m:temperature=0,effort=low,web_search=true"},
		{ChatTarget{Family: Beta, Model: "m", Settings: ChatSettings{System: "be brief, please", StopSequences: []string{"x,y"},
			Extra: Extra{"z": "12", "a": map[string]any{"b": true}, "s": "plain text"}}},
			`beta:m:system="be brief, please",stop_sequences=["x,y"],a={"b":true},s=plain text,z="12"`},
	} {
		spec := FormatChatTarget(tc.t)
		if spec != tc.spec {
			t.Errorf("format %+v:\n got %s\nwant %s", tc.t, spec, tc.spec)
		}
		back, err := ParseChatTarget(spec)
		if err != nil || !reflect.DeepEqual(normalize(back), normalize(tc.t)) {
			t.Errorf("%s reads back as %+v (%v)", spec, back, err)
		}
	}
}

func FuzzParseChatTarget(f *testing.F) {
	for _, s := range []string{"alpha:m", "beta:m:temperature=0.2,x=[1,\"a,b\"]", `gamma:m:system="a\"b"`, "alpha:m:a.b.c=1,a=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		tgt, err := ParseChatTarget(spec)
		if err != nil || !utf8.ValidString(spec) {
			return // typed text is UTF-8; JSON would change broken bytes to U+FFFD
		}
		// What was read is written back in a form that reads the same.
		again, err := ParseChatTarget(FormatChatTarget(tgt))
		if err != nil {
			t.Fatalf("%q → %q: %v", spec, FormatChatTarget(tgt), err)
		}
		if FormatChatTarget(again) != FormatChatTarget(tgt) {
			t.Fatalf("%q: %q then %q", spec, FormatChatTarget(tgt), FormatChatTarget(again))
		}
	})
}

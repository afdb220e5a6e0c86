package client

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// leaves flattens a JSON object into dotted paths of its non-object values.
func leaves(prefix string, v any, out map[string]string) {
	if m, ok := v.(map[string]any); ok {
		for k, x := range m {
			leaves(prefix+k+".", x, out)
		}
		return
	}
	b, _ := json.Marshal(v)
	out[strings.TrimSuffix(prefix, ".")] = string(b)
}

func nativeLeaves(t *testing.T, tg ChatTarget) map[string]string {
	t.Helper()
	_, body, err := NativeChatRequest(tg, []ChatTurn{{Role: "user", Text: "hi"}}, false)
	if err != nil {
		t.Fatalf("%s: %v", FormatChatTarget(tg), err)
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	leaves("", m, out)
	return out
}

// The table of where each setting goes is what the builders write: setting
// it changes exactly the fields the table names, and a setting the table
// says a family lacks is refused, naming the nearest setting.
func TestChatSettingPathsMatchTheBuilders(t *testing.T) {
	t.Parallel()
	budget := 2000
	sample := map[string]func(s *ChatSettings){
		"system":           func(s *ChatSettings) { s.System = "be brief" },
		"max_tokens":       func(s *ChatSettings) { s.MaxTokens = 3000 },
		"temperature":      func(s *ChatSettings) { s.Temperature = new(0.5) },
		"top_p":            func(s *ChatSettings) { s.TopP = new(0.5) },
		"top_k":            func(s *ChatSettings) { s.TopK = &budget },
		"stop_sequences":   func(s *ChatSettings) { s.StopSequences = []string{"END"} },
		"thinking_budget":  func(s *ChatSettings) { s.ThinkingBudget = budget },
		"thinking_display": func(s *ChatSettings) { s.ThinkingDisplay = "omitted" },
		"effort":           func(s *ChatSettings) { s.Effort = "high" },
		"summary":          func(s *ChatSettings) { s.Summary = "auto" },
		"verbosity":        func(s *ChatSettings) { s.Verbosity = "low" },
		"web_search":       func(s *ChatSettings) { s.WebSearch = true },
	}
	for _, fam := range []Group{Alpha, Beta, Gamma} {
		for _, name := range chatTargetFields {
			set := sample[name]
			if name == "extra" {
				continue
			}
			if set == nil {
				t.Fatalf("no sample for setting %s", name)
			}
			base := ChatSettings{}
			if name == "thinking_display" && fam == Alpha {
				base.ThinkingBudget = 1500 // display needs thinking on
			}
			with := base
			set(&with)
			paths, instead := ChatSettingPaths(fam, name)
			if paths == nil {
				_, _, err := NativeChatRequest(ChatTarget{Family: fam, Model: "m", Settings: with}, []ChatTurn{{Role: "user", Text: "hi"}}, false)
				vs := Violations(err)
				if len(vs) != 1 || vs[0].Field != name || !strings.Contains(vs[0].Rule, "has no such setting") ||
					(instead != "" && !strings.Contains(vs[0].Rule, instead)) {
					t.Errorf("%s %s: want one refusal naming %q, got %v", fam, name, instead, err)
				}
				continue
			}
			before := nativeLeaves(t, ChatTarget{Family: fam, Model: "m", Settings: base})
			after := nativeLeaves(t, ChatTarget{Family: fam, Model: "m", Settings: with})
			var changed []string
			for k, v := range after {
				if before[k] != v {
					changed = append(changed, k)
				}
			}
			slices.Sort(changed)
			var want []string
			for _, p := range paths {
				want = append(want, strings.TrimSuffix(p, "[]"))
			}
			slices.Sort(want)
			if name == "thinking_display" && fam == Alpha {
				want = []string{"thinking.display"}
			}
			under := func(leaf, p string) bool { return leaf == p || strings.HasPrefix(leaf, p+".") }
			for _, leaf := range changed {
				if !slices.ContainsFunc(want, func(p string) bool { return under(leaf, p) }) {
					t.Errorf("%s %s: the builder changed %s, which the table does not name (%v)", fam, name, leaf, want)
				}
			}
			for _, p := range want {
				if !slices.ContainsFunc(changed, func(leaf string) bool { return under(leaf, p) }) {
					t.Errorf("%s %s: the table names %s, which the builder does not write (%v)", fam, name, p, changed)
				}
			}
		}
	}
}

func TestAlphaThinkingDisplayNeedsThinking(t *testing.T) {
	t.Parallel()
	turns := []ChatTurn{{Role: "user", Text: "hi"}}
	off := ChatTarget{Family: Alpha, Model: "m", Settings: ChatSettings{ThinkingDisplay: "omitted"}}
	if vs := Violations(chatErr(NativeChatRequest(off, turns, false))); len(vs) != 1 || vs[0].Field != "thinking_display" {
		t.Fatalf("display without thinking: %v", vs)
	}
	// With thinking's type among the extra fields, the display goes with it.
	off.Settings.Extra = Extra{"thinking": map[string]any{"type": "adaptive"}}
	_, body, err := NativeChatRequest(off, turns, false)
	if err != nil || !strings.Contains(string(body), `"thinking":{"display":"omitted","type":"adaptive"}`) {
		t.Fatalf("adaptive thinking with a display: %v %s", err, body)
	}
}

func chatErr(_ string, _ json.RawMessage, err error) error { return err }

package chat

import (
	"slices"
	"strings"
	"testing"

	"atelier/client"
)

// TestPickerRowsFollowTheClientRules holds the picker to
// client.ChatSettingRules: every chat setting a family has is a row of that
// family, offering the client's choices and showing its rule in words, and
// no row offers a setting the family does not have.
func TestPickerRowsFollowTheClientRules(t *testing.T) {
	for _, f := range allFamilies {
		rows := settingsOf(f)
		for _, r := range client.ChatSettingRules(f) {
			i := slices.IndexFunc(rows, func(s setting) bool { return s.key == r.Name })
			if i < 0 {
				t.Errorf("%s: no row for %s", f, r.Name)
				continue
			}
			s := rows[i]
			if r.Kind == client.ChatChoice {
				if want := append([]string{""}, r.Choices...); !slices.Equal(s.choices[f], want) {
					t.Errorf("%s %s: choices %q, want %q", f, s.name, s.choices[f], want)
				}
			}
			if !strings.Contains(s.hint[f], r.Doc) || !strings.Contains(s.hint[f], strings.TrimSuffix(r.Field, "[]")) && s.key != r.Field {
				t.Errorf("%s %s: hint %q does not say %q of %s", f, s.name, s.hint[f], r.Doc, r.Field)
			}
		}
		for _, s := range rows {
			if _, has := client.ChatSettingRuleOf(f, s.key); s.key != "" && !has {
				t.Errorf("%s: row %s offers %s, which %s does not have", f, s.name, s.key, f)
			}
		}
	}
}

// TestPickerHintSaysTheBound checks one hint end to end: alpha's thinking
// budget row says the bound Validate refuses below.
func TestPickerHintSaysTheBound(t *testing.T) {
	i := slices.IndexFunc(settingsTable, func(s setting) bool { return s.key == "thinking_budget" })
	if got := settingsTable[i].hint[client.Alpha]; got != "thinking.budget_tokens · ≥ 1024, < max tokens" {
		t.Errorf("alpha thinking budget hint %q", got)
	}
	if !slices.Equal(settingsTable[i].fams, []client.Group{client.Alpha, client.Beta}) {
		t.Errorf("thinking budget families %v, want alpha and beta", settingsTable[i].fams)
	}
}

// TestViolationsMarkTheirRows: a violation of a setting's wire field, in
// each family's spelling, marks that setting's row.
func TestViolationsMarkTheirRows(t *testing.T) {
	for path, want := range map[string]string{
		"model":                            "model",
		"systemInstruction.parts":          "system",
		"instructions":                     "system",
		"max_tokens":                       "max tokens",
		"generationConfig.maxOutputTokens": "max tokens",
		"max_output_tokens":                "max tokens",
		"generationConfig.temperature":     "temperature",
		"generationConfig.topP":            "top_p",
		"top_k":                            "top_k",
		"thinking.budget_tokens":           "thinking budget",
		"thinking.display":                 "thinking display",
		"reasoning.summary":                "reasoning summary",
		"text.verbosity":                   "verbosity",
		"output_config.effort":             "effort",
		"generationConfig.stopSequences":   "stop sequences",
		"safetySettings[0].threshold":      "safety threshold",
		"tools[0].name":                    "",
		"messages[0].role":                 "",
	} {
		if got := rowOf(path); got != want {
			t.Errorf("rowOf(%q) = %q, want %q", path, got, want)
		}
	}
}

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

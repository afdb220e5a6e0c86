package client

import (
	"encoding/json"
	"slices"
	"testing"
)

// chatRuleCheck sends settings (ChatSettings JSON names to values) through
// the chat layer for family f, as a one-prompt request, and returns the
// fields of the violations.
func chatRuleCheck(t *testing.T, f Group, settings map[string]any) []string {
	t.Helper()
	b, err := json.Marshal(settings)
	if err != nil {
		t.Fatal(err)
	}
	target := ChatTarget{Family: f, Model: "m"}
	if err := json.Unmarshal(b, &target.Settings); err != nil {
		t.Fatalf("%v: %v", settings, err)
	}
	_, _, err = NativeChatRequest(target, []ChatTurn{{Role: "user", Text: "hi"}}, false)
	var fields []string
	for _, v := range Violations(err) {
		fields = append(fields, v.Field)
	}
	if err != nil && fields == nil {
		t.Fatalf("%v: an error without a violation: %v", settings, err)
	}
	return fields
}

// TestChatSettingRulesSayWhatValidateChecks holds ChatSettingRules to the
// validators: for every family and setting, the values the table lists or
// bounds allow pass, the values just outside its bounds or choices are
// refused naming the setting's field, and where the table gives no bound
// or checks no choice, Validate refuses nothing either.
func TestChatSettingRulesSayWhatValidateChecks(t *testing.T) {
	t.Parallel()
	for _, f := range []Group{Alpha, Beta, Gamma} {
		rules := ChatSettingRules(f)
		if len(rules) == 0 {
			t.Fatalf("%s: no rules", f)
		}
		for _, r := range rules {
			t.Run(string(f)+"/"+r.Name, func(t *testing.T) {
				with := func(v any) map[string]any {
					s := map[string]any{r.Name: v}
					if r.Needs != "" {
						s[r.Needs] = 2 * alphaMinThinkingBudget
					}
					return s
				}
				pass := func(v any) {
					t.Helper()
					if got := chatRuleCheck(t, f, with(v)); got != nil {
						t.Errorf("%s=%v refused (%v), but the table allows it: %q", r.Name, v, got, r.Doc)
					}
				}
				refuse := func(v any) {
					t.Helper()
					if got := chatRuleCheck(t, f, with(v)); !slices.Contains(got, r.Field) {
						t.Errorf("%s=%v: violations %v, want one naming %s (table: %q)", r.Name, v, got, r.Field, r.Doc)
					}
				}
				switch r.Kind {
				case ChatText:
					pass("some text")
				case ChatBool:
					pass(true)
					pass(false)
				case ChatList:
					pass([]string{"END", "STOP"})
				case ChatChoice:
					if len(r.Choices) == 0 {
						t.Fatal("a choice with no choices")
					}
					for _, c := range r.Choices {
						pass(c)
					}
					if r.Checked {
						refuse("not-a-value")
					} else {
						pass("not-a-value") // the service's to judge, as the table says
					}
				case ChatInt, ChatFloat:
					step := 0.5
					if r.Kind == ChatInt {
						step = 1
					}
					num := func(x float64) any {
						if r.Kind == ChatInt {
							return int(x)
						}
						return x
					}
					if r.Min != nil {
						pass(num(*r.Min))
						below := *r.Min - step
						if r.Kind == ChatInt && below == 0 {
							pass(0) // 0 unsets an int setting
							below = -1
						}
						refuse(num(below))
					} else {
						pass(num(-5)) // no lower bound: nothing refused
					}
					if r.Max != nil {
						pass(num(*r.Max))
						refuse(num(*r.Max + step))
					} else if !r.BelowMaxTokens {
						pass(num(1e5)) // no upper bound: nothing refused
					}
					if r.BelowMaxTokens {
						pass(num(DefaultMaxTokens - 1))
						refuse(num(DefaultMaxTokens))
						s := with(num(DefaultMaxTokens))
						s["max_tokens"] = DefaultMaxTokens + 1
						if got := chatRuleCheck(t, f, s); got != nil {
							t.Errorf("%v refused (%v): the budget is below max_tokens", s, got)
						}
					}
				default:
					t.Fatalf("kind %d", r.Kind)
				}
			})
		}
		// The settings the table leaves out are the ones f refuses.
		for _, name := range chatTargetFields {
			if _, listed := ChatSettingRuleOf(f, name); listed || name == "extra" {
				continue
			}
			if got := chatRuleCheck(t, f, map[string]any{name: chatRuleSample(name)}); !slices.Contains(got, name) {
				t.Errorf("%s: %s is not in the table, but %v", f, name, got)
			}
		}
	}
}

// chatRuleSample is a value of the ChatSettings field name.
func chatRuleSample(name string) any {
	switch chatSettingKinds[name] {
	case ChatInt:
		return 2048
	case ChatFloat:
		return 0.5
	case ChatBool:
		return true
	case ChatList:
		return []string{"END"}
	}
	return "auto"
}

// TestChatSettingRulesWords pins the words of a few rules, so that a
// bound moved in a constant shows in the sentence a user reads.
func TestChatSettingRulesWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		f          Group
		name, want string
	}{
		{Alpha, "thinking_budget", "≥ 1024, < max tokens"},
		{Alpha, "temperature", "0 to 1 · not with top_p"},
		{Alpha, "max_tokens", "1 or more · default 4096"},
		{Beta, "temperature", "0 or more · typically up to 2"},
		{Beta, "top_p", "0 to 1"},
		{Gamma, "temperature", "0 to 2 · not with top_p"},
	} {
		r, ok := ChatSettingRuleOf(tc.f, tc.name)
		if !ok || r.Doc != tc.want {
			t.Errorf("%s %s: %q (%v), want %q", tc.f, tc.name, r.Doc, ok, tc.want)
		}
	}
	if _, ok := ChatSettingRuleOf(Gamma, "top_k"); ok {
		t.Error("gamma has no top_k, but the table lists one")
	}
	if ChatSettingRules("delta") != nil {
		t.Error("rules for an unknown family")
	}
}

// TestChatSettingNamesAreTheTargetKeys: every name ChatSettingNames gives
// is read by ParseChatTarget as a setting, not an extra field.
func TestChatSettingNamesAreTheTargetKeys(t *testing.T) {
	t.Parallel()
	names := ChatSettingNames()
	if len(names) != len(chatSettingKinds) {
		t.Fatalf("%d names %v, %d kinds", len(names), names, len(chatSettingKinds))
	}
	for _, name := range names {
		v, _ := json.Marshal(chatRuleSample(name))
		tg, err := ParseChatTarget("alpha:m:" + name + "=" + string(v))
		if err != nil || tg.Settings.Extra != nil {
			t.Errorf("%s: %v, extra %v", name, err, tg.Settings.Extra)
		}
	}
}

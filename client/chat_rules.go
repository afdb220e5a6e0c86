package client

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The numeric rules of the chat settings (INTERFACE 2.1, 2.3, 2.8 and
// Limits), read by the validators and by ChatSettingRules, so that what the
// target picker says is what Validate checks.
const (
	chatMinMaxTokens       = 1 // every family's output cap: room for one token
	chatMinTopK            = 0 // top-k: a count
	chatMinTemperature     = 0 // every family: "minimum 0" / "0.0 to 1.0" / "0 to 2"
	alphaMaxTemperature    = 1 // "range 0.0 to 1.0"
	betaTypicalTemperature = 2 // "Typically 0.0 to 2.0": said, not refused
	betaMinTopP            = 0 // topP: "0.0 to 1.0"
	betaMaxTopP            = 1 //
)

// Values the interface leaves "not shown" (output_config.effort,
// reasoning.effort, text.verbosity): the ones the picker offers. Validate
// does not refuse others; the service judges them.
var (
	alphaEfforts    = []string{"low", "medium", "high", "xhigh", "max"}
	gammaEfforts    = []string{"minimal", "low", "medium", "high"}
	gammaVerbosity  = []string{"low", "medium", "high"}
	alphaDisplays   = []string{"summarized", "omitted"}       // thinking.display, checked
	gammaSummaries  = []string{"auto", "concise", "detailed"} // reasoning.summary, checked
	notWithTopPRule = "not with top_p"
)

// ChatSettingKind is the type of a chat setting's value.
type ChatSettingKind int

// The kinds of chat setting.
const (
	ChatText   ChatSettingKind = iota // free text
	ChatInt                           // a whole number; 0 unsets
	ChatFloat                         // a number; unset when absent
	ChatChoice                        // one of Choices
	ChatBool                          // on or off
	ChatList                          // a list of strings
)

// ChatSettingRule is one chat setting of one family with its rule, as the
// family's Validate checks it: what a form shows beside the setting.
type ChatSettingRule struct {
	Name  string // the ChatSettings JSON name, e.g. "thinking_budget"
	Field string // the native field it is checked as, e.g. "thinking.budget_tokens"
	Kind  ChatSettingKind
	// Min and Max bound a number, where the family's Validate does; nil: no bound.
	Min, Max *float64
	// BelowMaxTokens: the value must also be less than max_tokens.
	BelowMaxTokens bool
	// Choices are the values offered for a ChatChoice; Checked says
	// whether Validate refuses any other (else the service judges).
	Choices []string
	Checked bool
	// Needs names a setting that must be set with this one.
	Needs string
	Doc   string // the rule in words; "" where there is none to say
}

// ChatSettingRules returns the settings family f has, with their rules, in
// the order of ChatSettings; nil for an unknown family.
func ChatSettingRules(f Group) []ChatSettingRule {
	var out []ChatSettingRule
	for _, name := range chatTargetFields {
		w, ok := chatSettingWires[f][name]
		if !ok || w.paths == nil {
			continue
		}
		r := ChatSettingRule{Name: name, Field: w.paths[0], Kind: chatSettingKinds[name]}
		chatRuleOf(f, &r)
		r.Doc = r.words(f)
		out = append(out, r)
	}
	return out
}

// ChatSettingRuleOf is the rule of setting name for family f, and whether
// f has that setting.
func ChatSettingRuleOf(f Group, name string) (ChatSettingRule, bool) {
	for _, r := range ChatSettingRules(f) {
		if r.Name == name {
			return r, true
		}
	}
	return ChatSettingRule{}, false
}

// chatSettingKinds are the kinds of the ChatSettings fields.
var chatSettingKinds = map[string]ChatSettingKind{
	"system": ChatText, "max_tokens": ChatInt, "temperature": ChatFloat, "top_p": ChatFloat,
	"top_k": ChatInt, "stop_sequences": ChatList, "thinking_budget": ChatInt,
	"thinking_display": ChatChoice, "effort": ChatChoice, "summary": ChatChoice,
	"verbosity": ChatChoice, "web_search": ChatBool,
}

// chatRuleOf fills in the bounds and choices of r for family f, from the
// constants the validators read.
func chatRuleOf(f Group, r *ChatSettingRule) {
	bound := func(v float64) *float64 { return &v }
	switch {
	case r.Name == "max_tokens":
		r.Min = bound(chatMinMaxTokens)
	case r.Name == "top_k":
		r.Min = bound(chatMinTopK)
	case r.Name == "temperature":
		r.Min = bound(chatMinTemperature)
		switch f {
		case Alpha:
			r.Max = bound(alphaMaxTemperature)
		case Gamma:
			r.Max = bound(ResponseMaxTemperature)
		}
	case r.Name == "top_p" && f == Beta:
		r.Min, r.Max = bound(betaMinTopP), bound(betaMaxTopP)
	case r.Name == "thinking_budget" && f == Alpha:
		r.Min, r.BelowMaxTokens = bound(alphaMinThinkingBudget), true
		r.Field = "thinking.budget_tokens" // the path after thinking.type
	case r.Name == "thinking_display":
		r.Choices, r.Checked, r.Needs = alphaDisplays, true, "thinking_budget"
	case r.Name == "effort" && f == Alpha:
		r.Choices = alphaEfforts
	case r.Name == "effort" && f == Gamma:
		r.Choices = gammaEfforts
	case r.Name == "summary":
		r.Choices, r.Checked = gammaSummaries, true
	case r.Name == "verbosity":
		r.Choices = gammaVerbosity
	}
}

// words is r's rule in words for family f.
func (r ChatSettingRule) words(f Group) string {
	var parts []string
	num := func(p *float64) string { return strconv.FormatFloat(*p, 'g', -1, 64) }
	switch {
	case r.Min != nil && r.Max != nil:
		parts = append(parts, fmt.Sprintf("%s to %s", num(r.Min), num(r.Max)))
	case r.Min != nil && r.BelowMaxTokens:
		parts = append(parts, fmt.Sprintf("≥ %s, < max tokens", num(r.Min)))
	case r.Min != nil:
		parts = append(parts, fmt.Sprintf("%s or more", num(r.Min)))
	}
	switch {
	case r.Name == "max_tokens" && f == Alpha:
		parts = append(parts, fmt.Sprintf("default %d", DefaultMaxTokens))
	case r.Name == "temperature" && f == Beta:
		parts = append(parts, fmt.Sprintf("typically up to %d", betaTypicalTemperature))
	case r.Name == "temperature" && f != Beta:
		parts = append(parts, notWithTopPRule)
	case r.Kind == ChatList:
		parts = append(parts, "comma-separated")
	case r.Needs != "":
		parts = append(parts, "needs "+strings.ReplaceAll(r.Needs, "_", " "))
	case r.Kind == ChatBool && r.Name == "web_search":
		parts = append(parts, "adds the web search tool")
	}
	return strings.Join(parts, " · ")
}

// ChatSettingNames are the JSON names of the chat settings, in the order of
// ChatSettings: the keys a target written FAMILY:MODEL:key=value takes
// besides the native request's own.
func ChatSettingNames() []string {
	return slices.DeleteFunc(slices.Clone(chatTargetFields), func(k string) bool { return k == "extra" })
}

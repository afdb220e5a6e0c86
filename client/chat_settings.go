package client

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// chatSettingWire says where one chat setting goes in a family's native
// request: the dotted field paths it writes (a path ending in [] adds an
// item to a list), or, for a setting the family does not have, the
// family's nearest setting, if any.
type chatSettingWire struct {
	paths   []string
	instead string // a ChatSettings JSON name; "" when the family has nothing like it
}

// chatSettingWires maps each ChatSettings field, by its JSON name, to its
// place in each family's request. It is what the chat builders
// (chat_alpha.go, chat_beta.go, chat_gamma.go) write, and a test holds them
// to it; a setting without paths is one the family does not have.
var chatSettingWires = map[Group]map[string]chatSettingWire{
	Alpha: {
		"system":           {paths: []string{"system"}},
		"max_tokens":       {paths: []string{"max_tokens"}},
		"temperature":      {paths: []string{"temperature"}},
		"top_p":            {paths: []string{"top_p"}},
		"top_k":            {paths: []string{"top_k"}},
		"stop_sequences":   {paths: []string{"stop_sequences"}},
		"thinking_budget":  {paths: []string{"thinking.type", "thinking.budget_tokens"}},
		"thinking_display": {paths: []string{"thinking.display"}},
		"effort":           {paths: []string{"output_config.effort"}},
		"summary":          {instead: "thinking_display"},
		"verbosity":        {},
		"web_search":       {paths: []string{"tools[]"}},
	},
	Beta: {
		"system":           {paths: []string{"systemInstruction"}},
		"max_tokens":       {paths: []string{"generationConfig.maxOutputTokens"}},
		"temperature":      {paths: []string{"generationConfig.temperature"}},
		"top_p":            {paths: []string{"generationConfig.topP"}},
		"top_k":            {paths: []string{"generationConfig.topK"}},
		"stop_sequences":   {paths: []string{"generationConfig.stopSequences"}},
		"thinking_budget":  {paths: []string{"generationConfig.thinkingConfig.thinkingBudget", "generationConfig.thinkingConfig.includeThoughts"}},
		"thinking_display": {},
		"effort":           {instead: "thinking_budget"},
		"summary":          {},
		"verbosity":        {},
		"web_search":       {paths: []string{"tools[]"}},
	},
	Gamma: {
		"system":           {paths: []string{"instructions"}},
		"max_tokens":       {paths: []string{"max_output_tokens"}},
		"temperature":      {paths: []string{"temperature"}},
		"top_p":            {paths: []string{"top_p"}},
		"top_k":            {},
		"stop_sequences":   {},
		"thinking_budget":  {instead: "effort"},
		"thinking_display": {instead: "summary"},
		"effort":           {paths: []string{"reasoning.effort"}},
		"summary":          {paths: []string{"reasoning.summary"}},
		"verbosity":        {paths: []string{"text.verbosity"}},
		"web_search":       {paths: []string{"tools[]"}},
	},
}

// ChatSettingPaths returns the native request fields that setting (a
// ChatSettings JSON name such as "thinking_budget") writes for family f, as
// dotted paths ("thinking.budget_tokens"; a path ending in [] adds an item
// to that list). For a setting the family does not have, paths is nil and
// instead names the family's nearest setting, or is "" when there is none.
func ChatSettingPaths(f Group, setting string) (paths []string, instead string) {
	w := chatSettingWires[f][setting]
	return slices.Clone(w.paths), w.instead
}

// chatCheckFamily refuses the settings of s that family f does not have,
// naming the family's nearest setting where it has one: a setting is never
// dropped without a word.
func chatCheckFamily(f Group, s ChatSettings) error {
	var c checks
	for _, name := range chatSetSettings(s) {
		w, known := chatSettingWires[f][name]
		if !known || w.paths != nil {
			continue
		}
		rule := fmt.Sprintf("%s has no such setting", f)
		if w.instead != "" {
			rule += "; its nearest is " + w.instead + " (" + chatSettingWires[f][w.instead].paths[0] + ")"
		}
		c.add(name, rule, nil)
	}
	return c.err()
}

// chatSetSettings lists the settings s sets, by JSON name, in the order of
// ChatSettings.
func chatSetSettings(s ChatSettings) []string {
	s.Extra = nil
	b, err := json.Marshal(s)
	var m map[string]json.RawMessage
	if err != nil || json.Unmarshal(b, &m) != nil {
		return nil
	}
	return slices.DeleteFunc(slices.Clone(chatTargetFields), func(k string) bool {
		_, set := m[k]
		return !set
	})
}

// chatWithTool returns extra with tool added to its "tools" list when it
// has one: a web-search setting adds its tool to the tools the caller sends
// instead of being replaced by them.
func chatWithTool(extra Extra, tool any) Extra {
	tools, ok := extra["tools"].([]any)
	if !ok {
		return extra
	}
	out := maps.Clone(extra)
	out["tools"] = append(slices.Clone(tools), tool)
	return out
}

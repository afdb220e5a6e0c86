package chat

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"atelier/client"
)

// settingKind is how a setting is edited.
type settingKind int

const (
	textSetting   settingKind = iota // free text
	intSetting                       // a whole number; empty unsets
	floatSetting                     // a number; empty unsets
	choiceSetting                    // one of choices, cycled with ←/→
	boolSetting                      // on or off
)

// setting is one row of the target picker: a field of the target that a
// family offers, with the rule shown beside it. A row of a chat setting
// (key set) takes its families, kind, choices and hint from the client's
// rule table, so that the picker says what Validate checks.
type setting struct {
	name    string
	key     string // the client.ChatSettings JSON name; "" for a row that is not one
	kind    settingKind
	fams    []client.Group
	choices map[client.Group][]string // choiceSetting: the values by family, "" (unset) first
	hint    map[client.Group]string   // the wire field and its rule, by family
	wire    []string                  // the last parts of the wire fields it sets: a violation of one marks the row
	get     func(t *client.ChatTarget) string
	set     func(t *client.ChatTarget, v string) error
	// text or float, in place of get and set, is the field of a row whose
	// value is a string or an optional number.
	text  func(t *client.ChatTarget) *string
	float func(t *client.ChatTarget) **float64
}

var allFamilies = []client.Group{client.Alpha, client.Beta, client.Gamma}

// safetyCategories are the harm categories a beta safety threshold applies
// to.
var safetyCategories = []string{
	"HARM_CATEGORY_HARASSMENT", "HARM_CATEGORY_HATE_SPEECH",
	"HARM_CATEGORY_SEXUALLY_EXPLICIT", "HARM_CATEGORY_DANGEROUS_CONTENT",
}

// settingsTable is every setting of the picker, in the order shown.
var settingsTable = withRules([]setting{
	{name: "family", kind: choiceSetting, fams: allFamilies,
		choices: map[client.Group][]string{client.Alpha: {"alpha", "beta", "gamma"}, client.Beta: {"alpha", "beta", "gamma"}, client.Gamma: {"alpha", "beta", "gamma"}},
		hint:    map[client.Group]string{client.Alpha: "messages protocol", client.Beta: "content-generation protocol", client.Gamma: "responses protocol"},
		get:     func(t *client.ChatTarget) string { return string(t.Family) },
		set:     func(t *client.ChatTarget, v string) error { t.Family = client.Group(v); return nil }},
	{name: "model", kind: textSetting, fams: allFamilies, wire: []string{"model"},
		hint: map[client.Group]string{client.Alpha: "required", client.Beta: "required", client.Gamma: "required"},
		text: func(t *client.ChatTarget) *string { return &t.Model }},
	{name: "system", key: "system",
		text: func(t *client.ChatTarget) *string { return &t.Settings.System }},
	{name: "max tokens", key: "max_tokens",
		get: func(t *client.ChatTarget) string { return intText(t.Settings.MaxTokens) },
		set: func(t *client.ChatTarget, v string) error { return setInt(&t.Settings.MaxTokens, v) }},
	{name: "temperature", key: "temperature",
		float: func(t *client.ChatTarget) **float64 { return &t.Settings.Temperature }},
	{name: "top_p", key: "top_p",
		float: func(t *client.ChatTarget) **float64 { return &t.Settings.TopP }},
	{name: "top_k", key: "top_k",
		get: func(t *client.ChatTarget) string { return intPtrText(t.Settings.TopK) },
		set: func(t *client.ChatTarget, v string) error { return setIntPtr(&t.Settings.TopK, v) }},
	{name: "thinking budget", key: "thinking_budget",
		get: func(t *client.ChatTarget) string { return intText(t.Settings.ThinkingBudget) },
		set: func(t *client.ChatTarget, v string) error { return setInt(&t.Settings.ThinkingBudget, v) }},
	{name: "thinking display", key: "thinking_display",
		text: func(t *client.ChatTarget) *string { return &t.Settings.ThinkingDisplay }},
	{name: "effort", key: "effort",
		text: func(t *client.ChatTarget) *string { return &t.Settings.Effort }},
	{name: "reasoning summary", key: "summary",
		text: func(t *client.ChatTarget) *string { return &t.Settings.Summary }},
	{name: "verbosity", key: "verbosity",
		text: func(t *client.ChatTarget) *string { return &t.Settings.Verbosity }},
	{name: "web search", key: "web_search",
		get: func(t *client.ChatTarget) string { return boolText(t.Settings.WebSearch) },
		set: func(t *client.ChatTarget, v string) error { t.Settings.WebSearch = v == "on"; return nil }},
	{name: "stop sequences", key: "stop_sequences",
		get: func(t *client.ChatTarget) string { return strings.Join(t.Settings.StopSequences, ", ") },
		set: setStops},
	{name: "safety threshold", kind: choiceSetting, fams: []client.Group{client.Beta}, wire: []string{"safetySettings", "threshold"},
		choices: map[client.Group][]string{client.Beta: {"", "BLOCK_NONE", "BLOCK_ONLY_HIGH", "BLOCK_MEDIUM_AND_ABOVE", "BLOCK_LOW_AND_ABOVE", "OFF"}},
		hint:    map[client.Group]string{client.Beta: "safetySettings · every harm category"},
		get:     safetyThreshold,
		set:     setSafety},
})

// rowOf is the row whose value a violation of the wire field path is
// about, or "" when none is.
func rowOf(path string) string {
	parts := strings.FieldsFunc(path, func(r rune) bool { return r == '.' || r == '[' || r == ']' })
	for i := len(parts) - 1; i >= 0; i-- {
		for _, row := range settingsTable {
			if slices.Contains(row.wire, parts[i]) {
				return row.name
			}
		}
	}
	return ""
}

// settingsOf are the rows a family offers.
func settingsOf(f client.Group) []setting {
	var out []setting
	for _, s := range settingsTable {
		if slices.Contains(s.fams, f) {
			out = append(out, s)
		}
	}
	return out
}

// forFamily clears what t's family does not offer, or offers with other
// values, so a setting of one family never reaches another.
func forFamily(t client.ChatTarget) client.ChatTarget {
	for _, s := range settingsTable {
		v := s.get(&t)
		switch {
		case s.name == "family" || v == "":
		case !slices.Contains(s.fams, t.Family):
			s.set(&t, "")
		case s.kind == choiceSetting && !slices.Contains(s.choices[t.Family], v):
			s.set(&t, "")
		}
	}
	return t
}

func intText(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func intPtrText(p *int) string {
	if p == nil {
		return ""
	}
	return strconv.Itoa(*p)
}

func floatText(p *float64) string {
	if p == nil {
		return ""
	}
	return strconv.FormatFloat(*p, 'g', -1, 64)
}

func boolText(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// setInt is setIntPtr for a field where 0 means unset.
func setInt(dst *int, v string) error {
	var p *int
	if err := setIntPtr(&p, v); err != nil {
		return err
	}
	*dst = 0
	if p != nil {
		*dst = *p
	}
	return nil
}

func setIntPtr(dst **int, v string) error {
	if v == "" {
		*dst = nil
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("%q is not a whole number", v)
	}
	*dst = &n
	return nil
}

func setFloat(dst **float64, v string) error {
	if v == "" {
		*dst = nil
		return nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return fmt.Errorf("%q is not a number", v)
	}
	*dst = &f
	return nil
}

func setStops(t *client.ChatTarget, v string) error {
	t.Settings.StopSequences = nil
	for s := range strings.SplitSeq(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			t.Settings.StopSequences = append(t.Settings.StopSequences, s)
		}
	}
	return nil
}

// safetyThreshold is the threshold set for every category, if any.
func safetyThreshold(t *client.ChatTarget) string {
	items, _ := t.Settings.Extra["safetySettings"].([]any)
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			if s, ok := m["threshold"].(string); ok {
				return s
			}
		}
	}
	return ""
}

// setSafety sets one threshold for every category (beta's safetySettings,
// sent through the target's extra fields); empty removes them.
func setSafety(t *client.ChatTarget, v string) error {
	extra := client.Extra{}
	for k, x := range t.Settings.Extra {
		extra[k] = x
	}
	delete(extra, "safetySettings")
	if v != "" {
		items := make([]any, len(safetyCategories))
		for i, c := range safetyCategories {
			items[i] = map[string]any{"category": c, "threshold": v}
		}
		extra["safetySettings"] = items
	}
	if len(extra) == 0 {
		extra = nil
	}
	t.Settings.Extra = extra
	return nil
}

// targetSummary is the target in one line, for the status bar.
func targetSummary(t client.ChatTarget) string {
	model := t.Model
	if model == "" {
		model = "no model"
	}
	parts := []string{string(t.Family), model}
	s := t.Settings
	if s.ThinkingBudget > 0 {
		parts = append(parts, "thinking "+tokensText(s.ThinkingBudget))
	}
	if s.Effort != "" {
		parts = append(parts, "effort "+s.Effort)
	}
	if s.WebSearch {
		parts = append(parts, "web")
	}
	return strings.Join(parts, " · ")
}

// tokensText writes a token count short: 4096 is 4k.
func tokensText(n int) string {
	if n >= 1000 && n%1024 == 0 {
		return strconv.Itoa(n/1024) + "k"
	}
	if n >= 1000 {
		return strconv.FormatFloat(float64(n)/1000, 'f', -1, 64) + "k"
	}
	return strconv.Itoa(n)
}

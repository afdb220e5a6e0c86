package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// A target written as one line, FAMILY:MODEL[:key=value,...], is how the
// compare command takes its targets and how the Compare tab's target form
// reads and shows them: ParseChatTarget and FormatChatTarget are inverses.

// chatTargetFields are the JSON names of ChatSettings' fields, in order.
var chatTargetFields = func() []string {
	var names []string
	t := reflect.TypeFor[ChatSettings]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		names = append(names, name)
	}
	return names
}()

// ParseChatTarget reads a target written FAMILY:MODEL[:key=value,...], e.g.
// alpha:model-x:temperature=0.2,thinking_budget=2048. Keys are the JSON
// names of ChatSettings' fields; any other key goes into Settings.Extra, and
// a dotted key (output_config.effort=low) into a nested object. A value is
// read as JSON when it is JSON (0.2, true, ["a","b"], "a,b"), else as the
// text it is; commas inside quotes or brackets do not split settings.
func ParseChatTarget(spec string) (ChatTarget, error) {
	parts := strings.SplitN(strings.TrimSpace(spec), ":", 3)
	if len(parts) < 2 || strings.TrimSpace(parts[1]) == "" {
		return ChatTarget{}, fmt.Errorf("target %q: want FAMILY:MODEL[:key=value,...]", spec)
	}
	fam := Group(strings.TrimSpace(parts[0]))
	if fam != Alpha && fam != Beta && fam != Gamma {
		return ChatTarget{}, fmt.Errorf("target %q: family must be alpha, beta or gamma", spec)
	}
	t := ChatTarget{Family: fam, Model: strings.TrimSpace(parts[1])}
	if len(parts) < 3 || strings.TrimSpace(parts[2]) == "" {
		return t, nil
	}
	fields, err := chatTargetSets(parts[2])
	if err != nil {
		return t, fmt.Errorf("target %q: %w", spec, err)
	}
	known, extra := map[string]any{}, Extra{}
	for k, v := range fields {
		if slices.Contains(chatTargetFields, k) && k != "extra" {
			known[k] = v
		} else {
			extra[k] = v
		}
	}
	b, err := json.Marshal(known)
	if err == nil {
		err = json.Unmarshal(b, &t.Settings)
	}
	if err != nil {
		return t, fmt.Errorf("target %q: %w", spec, err)
	}
	if len(extra) > 0 {
		t.Settings.Extra = extra
	}
	return t, nil
}

// chatTargetSets reads key=value,key=value into a map, nesting dotted keys.
func chatTargetSets(s string) (map[string]any, error) {
	out := map[string]any{}
	for _, kv := range chatTargetSplit(s) {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("setting %q: want key=value", kv)
		}
		path := strings.Split(k, ".")
		if slices.ContainsFunc(path, func(p string) bool { return !chatTargetKey(p) }) {
			return nil, fmt.Errorf("setting %q: a key is letters, digits, _ and -, dotted for a nested field", kv)
		}
		SetPath(out, path, chatTargetValue(v))
	}
	return out, nil
}

// chatTargetKey reports whether p is a key, or one part of a dotted key.
func chatTargetKey(p string) bool {
	if p == "" {
		return false
	}
	for _, r := range p {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// chatTargetValue is v as JSON when it is one JSON value, else v itself.
func chatTargetValue(v string) any {
	var val any
	dec := json.NewDecoder(strings.NewReader(v))
	dec.UseNumber()
	if err := dec.Decode(&val); err != nil || dec.More() {
		return v
	}
	return val
}

// chatTargetSplit cuts s at the commas outside JSON strings and brackets.
func chatTargetSplit(s string) []string {
	var out []string
	depth, quoted, escaped, start := 0, false, false, 0
	for i, r := range s {
		switch {
		case escaped:
			escaped = false
		case quoted && r == '\\':
			escaped = true
		case r == '"':
			quoted = !quoted
		case quoted:
		case r == '[' || r == '{':
			depth++
		case r == ']' || r == '}':
			depth = max(depth-1, 0)
		case r == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// FormatChatTarget writes t as ParseChatTarget reads it: family, model, then
// the settings that are set, in ChatSettings' order, then Extra's keys in
// alphabetical order. A text that would read back as something else (a
// number, a comma) is written as a JSON string.
func FormatChatTarget(t ChatTarget) string {
	spec := string(t.Family) + ":" + t.Model
	if s := FormatChatSettings(t.Settings); s != "" {
		spec += ":" + s
	}
	return spec
}

// FormatChatSettings writes the settings that are set as key=value pairs
// joined by commas, the settings part of FormatChatTarget.
func FormatChatSettings(s ChatSettings) string { return strings.Join(ChatSettingPairs(s), ",") }

// ChatSettingPairs are the settings that are set, each as key=value (a
// comma inside a JSON value stays in its pair), in FormatChatSettings'
// order: what a screen shows of a target's settings, a pair at a time.
func ChatSettingPairs(s ChatSettings) []string {
	b, err := json.Marshal(s)
	if err != nil {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	var pairs []string
	for _, k := range chatTargetFields {
		if v, ok := m[k]; ok && k != "extra" {
			pairs = append(pairs, k+"="+chatTargetFormat(v))
		}
	}
	keys := make([]string, 0, len(s.Extra))
	for k := range s.Extra {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v, err := json.Marshal(s.Extra[k])
		if err == nil {
			pairs = append(pairs, k+"="+chatTargetFormat(v))
		}
	}
	return pairs
}

// chatTargetFormat writes one JSON value: a string bare when it reads back
// as the same string, anything else as compact JSON.
func chatTargetFormat(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil && s != "" && !strings.ContainsAny(s, ",\"[]{}") &&
		strings.TrimSpace(s) == s && chatTargetValue(s) == any(s) {
		return s
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

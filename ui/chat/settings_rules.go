package chat

import (
	"slices"
	"strings"

	"atelier/client"
)

// kindOf is how a chat setting of kind k is edited: a list is typed
// comma-separated.
var kindOf = map[client.ChatSettingKind]settingKind{
	client.ChatText:   textSetting,
	client.ChatInt:    intSetting,
	client.ChatFloat:  floatSetting,
	client.ChatChoice: choiceSetting,
	client.ChatBool:   boolSetting,
	client.ChatList:   textSetting,
}

// withRules fills in the rows of chat settings from client.ChatSettingRules:
// the families that have the setting, its kind, its choices ("" first, to
// unset), its hint (the wire field and the rule in words) and the wire
// names whose violations it shows. The web search row has none: a
// violation of tools is about the tools the request carries.
func withRules(rows []setting) []setting {
	for i := range rows {
		row := &rows[i]
		withField(row)
		if row.key == "" {
			continue
		}
		row.fams, row.choices, row.hint = nil, map[client.Group][]string{}, map[client.Group]string{}
		for _, f := range allFamilies {
			r, ok := client.ChatSettingRuleOf(f, row.key)
			if !ok {
				continue
			}
			row.fams = append(row.fams, f)
			row.kind = kindOf[r.Kind]
			if r.Kind == client.ChatChoice {
				row.choices[f] = append([]string{""}, r.Choices...)
			}
			row.hint[f] = ruleHint(r)
			if last := r.Field[strings.LastIndex(r.Field, ".")+1:]; r.Kind != client.ChatBool && !slices.Contains(row.wire, last) {
				row.wire = append(row.wire, last)
			}
		}
	}
	return rows
}

// ruleHint is the hint of a rule: its wire field, then its rule in words.
// A field named as the setting is left out where there is a rule to say,
// so that the rule fits beside the row.
func ruleHint(r client.ChatSettingRule) string {
	field := strings.TrimSuffix(r.Field, "[]")
	switch {
	case r.Doc == "":
		return field
	case field == r.Name:
		return r.Doc
	}
	return field + " · " + r.Doc
}

// withField makes the get and set of a row given by its field.
func withField(row *setting) {
	switch text, float := row.text, row.float; {
	case text != nil:
		row.get = func(t *client.ChatTarget) string { return *text(t) }
		row.set = func(t *client.ChatTarget, v string) error { *text(t) = v; return nil }
	case float != nil:
		row.get = func(t *client.ChatTarget) string { return floatText(*float(t)) }
		row.set = func(t *client.ChatTarget, v string) error { return setFloat(float(t), v) }
	}
}

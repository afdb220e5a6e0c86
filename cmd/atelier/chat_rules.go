package main

import (
	"strings"

	"atelier/client"
)

// chatRule is the rule of a chat setting of family f in words, for a flag's
// help: its bounds, or its choices ("a, b or c"), from the client's rule
// table, so that the help says what Validate checks.
func chatRule(f client.Group, name string) string {
	r, _ := client.ChatSettingRuleOf(f, name)
	if len(r.Choices) < 2 {
		return r.Doc
	}
	return strings.Join(r.Choices[:len(r.Choices)-1], ", ") + " or " + r.Choices[len(r.Choices)-1]
}

package main

import (
	"strings"
	"testing"

	"atelier/client"
)

// TestChatFlagHelpSaysTheClientRules: the chat flags' help is the client's
// rule table in words.
func TestChatFlagHelpSaysTheClientRules(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		f          client.Group
		name, want string
	}{
		{client.Alpha, "thinking_display", "summarized or omitted"},
		{client.Gamma, "summary", "auto, concise or detailed"},
		{client.Gamma, "verbosity", "low, medium or high"},
		{client.Alpha, "thinking_budget", "≥ 1024, < max tokens"},
	} {
		if got := chatRule(tc.f, tc.name); got != tc.want {
			t.Errorf("%s %s: %q, want %q", tc.f, tc.name, got, tc.want)
		}
	}
	help := (&app{}).chatCmd().Flags().Lookup("thinking-display").Usage
	if !strings.Contains(help, "summarized or omitted") {
		t.Errorf("--thinking-display help %q", help)
	}
}

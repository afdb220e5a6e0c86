package main

import (
	"atelier/client"
	"testing"
)

func TestParseTarget(t *testing.T) {
	t.Parallel()
	got, err := client.ParseChatTarget("alpha:model-x:temperature=0.2,thinking_budget=2048,web_search=true,service_tier=auto")
	if err != nil {
		t.Fatal(err)
	}
	s := got.Settings
	if got.Family != client.Alpha || got.Model != "model-x" || s.Temperature == nil || *s.Temperature != 0.2 ||
		s.ThinkingBudget != 2048 || !s.WebSearch || s.Extra["service_tier"] != "auto" {
		t.Fatalf("%+v", got)
	}
	for _, bad := range []string{"alpha", "delta:m", "alpha:", "beta:m:temperature"} {
		if _, err := client.ParseChatTarget(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestTargetSpecRoundTrips(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{"alpha:m", "beta:m2:temperature=0.5", "gamma:g:effort=low,web_search=true"} {
		tg, err := client.ParseChatTarget(spec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := client.ParseChatTarget(targetSpec(tg))
		if err != nil || targetSpec(back) != targetSpec(tg) || back.Family != tg.Family || back.Model != tg.Model {
			t.Errorf("%s: named %q, read back as %+v (%v)", spec, targetSpec(tg), back, err)
		}
	}
}

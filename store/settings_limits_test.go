package store

import (
	"strings"
	"testing"
	"time"

	"atelier/internal/limits"
)

func TestSettingsLimits(t *testing.T) {
	t.Parallel()
	s := must[*Settings](t)(LoadSettings(writeConfig(t, "[limits]\nreply_text = \"2MiB\"\nidle_timeout = \"45s\"\n")))
	if s.Limits.ReplyTextBytes() != 2*limits.MiB || s.Limits.Idle() != 45*time.Second {
		t.Fatalf("%+v", s.Limits)
	}
	def := DefaultSettings()
	if def.Limits.ReplyTextBytes() != limits.ReplyText || def.Limits.Idle() != limits.IdleTimeout {
		t.Fatalf("defaults %d %s", def.Limits.ReplyTextBytes(), def.Limits.Idle())
	}
	for body, want := range map[string]string{
		"[limits]\nreply_text = \"lots\"\n":     `:2: limits.reply_text: "lots"`,
		"[limits]\nreply_text = \"1KiB\"\n":     ":2: limits.reply_text: 1 KiB is outside 64 KiB to 256 MiB",
		"[limits]\nidle_timeout = \"1s\"\n":     ":2: limits.idle_timeout: 1s is outside 5s to 1h0m0s",
		"[limits]\nidle_timeout = \"soon\"\n":   `:2: limits.idle_timeout: "soon" is not a duration`,
		"[limits]\nreply_text = 8\n":            ":2: limits.reply_text: wrong type",
		"[limits]\nmax_everything = \"1GiB\"\n": ":2: limits.max_everything: unknown key",
	} {
		p := writeConfig(t, body)
		_, err := LoadSettings(p)
		if err == nil || !strings.Contains(strings.ReplaceAll(err.Error(), p, ""), want) {
			t.Errorf("%q: error %v, want %q", body, err, want)
		}
	}
}

func TestSettingsFileHasACap(t *testing.T) {
	t.Parallel()
	p := writeConfig(t, "theme = \"dark\"\n# "+strings.Repeat("x", limits.Config)+"\n")
	if _, err := LoadSettings(p); err == nil || !strings.Contains(err.Error(), "config.toml limit (1 MiB) reached") {
		t.Fatalf("a config file past its cap: %v", err)
	}
}

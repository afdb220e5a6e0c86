package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"atelier/store"
	"atelier/store/keyring"
)

func TestTUINeedsATerminal(t *testing.T) {
	var out, errs bytes.Buffer
	env := map[string]string{"ATELIER_HOME": t.TempDir()}
	code := run(context.Background(), nil, stdio{in: strings.NewReader(""), out: &out, err: &errs},
		func(k string) string { return env[k] })
	if code != exitUsage || !strings.Contains(errs.String(), "the TUI needs a terminal") {
		t.Errorf("exit %d, stderr %q", code, errs.String())
	}
}

func TestTUIDemoDeps(t *testing.T) {
	dir := t.TempDir()
	a := &app{getenv: func(string) string { return "" }}
	a.flags.demo, a.flags.dataDir = true, dir
	defer a.close()
	deps, err := a.tuiDeps(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !deps.Demo || deps.SettingsPath != filepath.Join(dir, "demo", "config.toml") || deps.Store == nil {
		t.Errorf("deps %+v", deps)
	}
	if deps.Poller == nil {
		t.Error("no video poller")
	}
	for _, st := range deps.Keys.Status() {
		if st.Source != keyring.SourceMemory || st.Problem != "" { // the demo's keys are in memory, not the keyring
			t.Errorf("demo key status %v", st)
		}
	}
	c, err := deps.Connect(deps.Settings)
	if err != nil || c.BaseURL() != demoBaseURL || c.HTTP == nil {
		t.Errorf("demo client %v, %v", c, err)
	}
}

func TestTUIConnectWithoutAService(t *testing.T) {
	a := &app{getenv: func(string) string { return "" }}
	_, err := a.tuiConnect(store.DefaultSettings())
	if err == nil || !strings.Contains(err.Error(), "set the base URL in Settings (alt+6)") {
		t.Errorf("err = %v", err)
	}
}

package ui

import (
	"fmt"
	"io"
	"testing"

	"atelier/client"
	keyring "atelier/store/keyring"
	"atelier/ui/tab/tabtest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"atelier/store"
	"atelier/ui/tab"
)

// TestGolden compares whole screens with testdata/TestGolden/*.golden,
// drawn in 256 colours. Run `go test ./ui -run TestGolden -update` after a
// deliberate change, and look at the files (cat shows them in colour).
func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		msgs []tea.Msg
	}{
		{"chat", nil},
		{"settings", []tea.Msg{tabtest.Press("alt+6")}},
		{"settings_typing", []tea.Msg{tabtest.Press("alt+6"), tabtest.Press("j"), tabtest.Press("enter"), tabtest.Press("s"), tabtest.Press("k")}},
		{"settings_light", []tea.Msg{lightBackground, tabtest.Press("alt+6")}},
		{"help", []tea.Msg{tabtest.Press("alt+6"), tabtest.Press("?")}},
		{"arena_help", []tea.Msg{tabtest.Press("alt+7"), tabtest.Press("?")}},
		{"error", []tea.Msg{tabtest.Press("alt+2"), tab.ErrorMsg{Err: fmt.Errorf("chat: %w", io.ErrUnexpectedEOF)}}},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				m := start(t, send(t, New(goldenDeps(t)), tea.WindowSizeMsg{Width: size[0], Height: size[1]}))
				m = send(t, m, TasksChangedMsg{Running: 2})
				m = send(t, m, c.msgs...)
				golden.RequireEqual(t, tabtest.In256Colours(m.View().Content))
			})
		}
	}
}

// goldenDeps are fixed: no temporary paths, a key in the keyring, one in
// the environment, a header and a default model.
func goldenDeps(t *testing.T) Deps {
	deps := testDeps(t)
	kr := keyring.NewMemoryKeyring()
	kr.Set(client.Alpha, "never-shown")
	deps.Keys = &keyring.Keys{Keyring: kr, Getenv: func(name string) string {
		if name == client.Gamma.EnvVar() {
			return "never-shown-either"
		}
		return ""
	}}
	deps.Settings = &store.Settings{
		BaseURL: "https://api.example.test",
		Theme:   "auto",
		Models:  store.Models{Alpha: "model-x"},
		Headers: map[string]map[string]string{"beta": {"X-Trace": "on"}},
	}
	deps.SettingsPath = "/config/atelier/config.toml"
	return deps
}

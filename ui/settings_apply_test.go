package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestNewDefaultModelsApplyAtOnce: default models saved in Settings reach
// Chat, Image and Video at once, not after a restart (issue 19, bug 9).
func TestNewDefaultModelsApplyAtOnce(t *testing.T) {
	m := inTerminal(t, New(testDeps(t)))
	e := client.VideoEndpoints()[len(client.VideoEndpoints())-1]
	mode := ""
	if len(e.Modes) > 0 {
		mode = e.Modes[len(e.Modes)-1]
	}
	cfg := store.DefaultSettings()
	cfg.BaseURL = "https://api.example.test"
	cfg.Models = store.Models{Alpha: "model-new", Image: client.ImageModel25Sunburst, Video: e.PathFor(mode)}
	m = send(t, m, tab.SettingsMsg{Settings: cfg})
	if s := m.tabs[tab.Chat].Summary(); s != "alpha · model-new" {
		t.Errorf("chat summary %q", s)
	}
	m = send(t, m, tabtest.Press("alt+3"))
	if l := tabtest.Line(screenText(m), "model"); !strings.Contains(l, client.ImageModel25Sunburst) {
		t.Errorf("image model line %q", l)
	}
	m = send(t, m, tabtest.Press("alt+4"))
	want := endpointTitle(e, mode)
	if l := tabtest.Line(screenText(m), "Endpoint"); !strings.Contains(l, want) {
		t.Errorf("video endpoint line %q, want %q", l, want)
	}
}

// endpointTitle is an endpoint as the Video tab's header names it.
func endpointTitle(e client.VideoEndpoint, mode string) string {
	return strings.Join(strings.Split(e.PathFor(mode), "/"), " / ")
}

// TestInsecureRefusalNamesTheFlag: a send refused for plain http:// says
// which flag allows it, and so does connecting to such a base URL (issue
// 19, bug 9).
func TestInsecureRefusalNamesTheFlag(t *testing.T) {
	m, _ := withFakes(New(testDeps(t)))
	m = send(t, m, tea.WindowSizeMsg{Width: 200, Height: 24}, tab.ErrorMsg{Err: fmt.Errorf("chat: %w", client.ErrInsecure)})
	if b := bottom(m); !strings.Contains(b, "start atelier with --insecure") {
		t.Errorf("bottom %q", b)
	}

	deps := testDeps(t)
	deps.Settings.BaseURL = "http://gateway.example.test"
	m, _ = withFakes(New(deps))
	m = start(t, send(t, m, tea.WindowSizeMsg{Width: 300, Height: 24}))
	if b := bottom(m); !strings.Contains(b, "plain http://") || !strings.Contains(b, "--insecure") {
		t.Errorf("connecting to http:// says %q", b)
	}
}

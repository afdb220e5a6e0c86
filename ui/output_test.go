package ui

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/internal/measure/paced"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// hostileReply is a reply that links somewhere a person should see before
// following, and tries to write the clipboard (OSC 52) and to hide a
// hyperlink of its own (OSC 8).
const hostileReply = "Read [the docs](https://evil.example/x) first.\n\n" +
	"\x1b]52;c;ZXZpbA==\x07Copied. \x1b]8;;https://evil.example/y\x07here\x1b]8;;\x07\n"

// TestModelOutputHasNoHyperlinks streams hostileReply to Chat and to Compare
// through the shell, then opens it in History: no screen writes a terminal
// hyperlink (OSC 8) or a clipboard write (OSC 52); each shows the link's
// text and where it leads.
func TestModelOutputHasNoHyperlinks(t *testing.T) {
	srv := httptest.NewServer(paced.Handler(paced.Reply{Text: hostileReply, Piece: 16}))
	defer srv.Close()
	db := storetest.Open(t, "")
	deps := testDeps(t)
	deps.Store = db
	deps.Settings.BaseURL = srv.URL
	deps.Settings.Models = store.Models{Alpha: "paced", Beta: "paced"} // beta finds nothing at the server: its column says so
	deps.Connect = func(s *store.Settings) (*client.Client, error) {
		return client.New(s.BaseURL, client.Keys{Alpha: "k", Beta: "k", Gamma: "k"})
	}
	m := inTerminal(t, New(deps))

	check := func(screen string) {
		t.Helper()
		v := m.View().Content
		for _, bad := range []string{"\x1b]8;", "\x1b]52;"} {
			if strings.Contains(v, bad) {
				t.Errorf("%s writes %q:\n%q", screen, bad, v)
			}
		}
		text := screenText(m)
		if !strings.Contains(text, "the docs") || !strings.Contains(text, "evil.example/x") {
			t.Errorf("%s does not show the link and where it leads:\n%s", screen, text)
		}
	}

	m = send(t, m, typed("read this")...)
	m = sendUntil(t, m, func(m Model) bool { return strings.Contains(screenText(m), "end_turn") }, tabtest.Press("enter"))
	check("Chat")

	m = send(t, m, tabtest.Press("alt+2"), tabtest.Press("e"))
	m = send(t, m, typed("read this")...)
	m = send(t, m, tabtest.Press("esc"))
	m = sendUntil(t, m, func(m Model) bool { return strings.Contains(screenText(m), "evil.example/x") }, tabtest.Press("ctrl+r"))
	check("Compare")

	m = send(t, m, tabtest.Press("alt+5"))
	m = send(t, m, tabtest.Press("end"), tabtest.Press("enter"))
	if m.active != tab.History {
		t.Fatalf("active tab %d", m.active)
	}
	check("History")
}

// sendUntil is send, then delivers what follows (frames included, which
// wait for their tick) until done reports true, for two seconds at most.
func sendUntil(t *testing.T, m Model, done func(Model) bool, msgs ...tea.Msg) Model {
	t.Helper()
	m = send(t, m, msgs...)
	for deadline := time.Now().Add(2 * time.Second); !done(m) && time.Now().Before(deadline); {
		m = send(t, m, tab.RedrawMsg{})
	}
	return m
}

package ui

import (
	"atelier/ui/tab/tabtest"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// TestKeyIsNeverOnScreen sets a key through the whole shell and looks at
// every frame along the way, status bar included.
func TestKeyIsNeverOnScreen(t *testing.T) {
	const key = "QZXJ-7731-vwqK"
	deps := testDeps(t)
	ks, kr := memKeys()
	deps.Keys = ks
	connects := 0
	connect := deps.Connect
	deps.Connect = func(s *store.Settings) (*client.Client, error) {
		connects++
		return connect(s)
	}
	var frames []string
	watch := func(m Model) { frames = append(frames, m.View().Content) }

	m := start(t, send(t, New(deps), tea.WindowSizeMsg{Width: 80, Height: 24}))
	m = sendWatching(t, m, watch, tabtest.Press("alt+6"), tabtest.Press("j"), tabtest.Press("enter"))
	if !m.tabs[tab.Settings].Focused() {
		t.Fatalf("no key field open:\n%s", screenText(m))
	}
	m = sendWatching(t, m, watch, typed(key)...)
	if m.active != tab.Settings {
		t.Fatal("a digit of the key switched tabs")
	}
	m = sendWatching(t, m, watch, tabtest.Press("enter"))

	if got, _ := kr.Get(client.Alpha); got != key {
		t.Fatalf("keyring holds %q", got)
	}
	for i, f := range frames {
		for n := 0; n+4 <= len(key); n++ {
			if strings.Contains(f, key[n:n+4]) {
				t.Fatalf("frame %d shows %q of the key:\n%s", i, key[n:n+4], f)
			}
		}
	}
	if !strings.Contains(lines(m)[23], "✓ alpha key stored in the keyring") {
		t.Errorf("bottom line %q", lines(m)[23])
	}
	if connects != 2 {
		t.Errorf("%d connects: a new key should reconnect once", connects)
	}
	if m.tabs[tab.Settings].Focused() {
		t.Error("the key's field is still open")
	}
}

func TestSettingsErrorReachesTheStatusBar(t *testing.T) {
	m := inTerminal(t, New(testDeps(t)))
	m = send(t, m, tabtest.Press("alt+6"))
	for range 10 { // to "alpha  + add header"
		m = send(t, m, tabtest.Press("down"))
	}
	m = send(t, m, tabtest.Press("enter"))
	m = send(t, m, typed("Authorization: x")...)
	m = send(t, m, tabtest.Press("enter"))
	if last := lines(m)[39]; !strings.Contains(last, "✗ headers.alpha.Authorization: credentials do not belong") {
		t.Errorf("bottom line %q", last)
	}
}

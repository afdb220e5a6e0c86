package ui

import (
	keyring "atelier/store/keyring"
	"atelier/ui/tab/tabtest"
	"errors"
	"image/color"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// fakeScreen records what the shell gives it.
type fakeScreen struct {
	view    string // what View returns; "fake" when empty
	got     []tea.Msg
	w, h    int
	dark    bool
	focused bool
	empty   bool // its focused field holds nothing
}

func (f *fakeScreen) Init() tea.Cmd { return nil }
func (f *fakeScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	f.got = append(f.got, msg)
	return f, nil
}
func (f *fakeScreen) View() string {
	if f.view != "" {
		return f.view
	}
	return "fake"
}
func (f *fakeScreen) SetSize(w, h int)    { f.w, f.h = w, h }
func (f *fakeScreen) SetDark(d bool)      { f.dark = d }
func (f *fakeScreen) Summary() string     { return "fake summary" }
func (f *fakeScreen) KeyMap() help.KeyMap { return noKeys{} }
func (f *fakeScreen) Focused() bool       { return f.focused }
func (f *fakeScreen) FieldEmpty() bool    { return f.empty }

// received reports whether the screen was given msg.
func (f *fakeScreen) received(msg tea.Msg) bool {
	for _, g := range f.got {
		if g == msg {
			return true
		}
	}
	return false
}

// withFakes replaces every tab with a fake and returns them.
func withFakes(m Model) (Model, [tab.Count]*fakeScreen) {
	var fakes [tab.Count]*fakeScreen
	for id := range m.tabs {
		fakes[id] = &fakeScreen{}
		m.tabs[id] = fakes[id]
	}
	return m, fakes
}

// memKeys resolves keys from an in-memory keyring and no environment.
func memKeys() (*keyring.Keys, *keyring.MemoryKeyring) {
	kr := keyring.NewMemoryKeyring()
	return &keyring.Keys{Keyring: kr, Getenv: func(string) string { return "" }}, kr
}

// testDeps are dependencies with no I/O but the settings file in dir.
func testDeps(t *testing.T) Deps {
	keys, _ := memKeys()
	t.Helper()
	return Deps{
		Connect: func(s *store.Settings) (*client.Client, error) {
			if s.BaseURL == "" {
				return nil, errors.New("no service configured")
			}
			return client.New(s.BaseURL, client.Keys{})
		},
		Keys:         keys,
		Settings:     &store.Settings{BaseURL: "https://api.example.test", Theme: "auto"},
		SettingsPath: filepath.Join(t.TempDir(), "config.toml"),
		Now:          func() time.Time { return testNow },
		Tick:         noTick,
	}
}

// testNow is the shell's clock in tests.
var testNow = time.Date(2026, 11, 21, 12, 4, 5, 0, time.UTC)

// noTick is a status bar clock whose lifetimes never end on their own: a
// test that wants one over delivers the expiry itself (see expiries).
func noTick(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }

// send runs msgs through Update, then every command each returns, feeding
// the commands' messages back in until none is left. Bubble Tea's own
// requests (the background colour) come back as messages the shell passes
// to the active tab, as it would with an unknown message.
func send(t *testing.T, m Model, msgs ...tea.Msg) Model {
	t.Helper()
	return sendWatching(t, m, nil, msgs...)
}

// sendWatching is send calling watch with the model after every message.
func sendWatching(t *testing.T, m Model, watch func(Model), msgs ...tea.Msg) Model {
	t.Helper()
	queue := msgs
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 1000 {
			t.Fatal("messages keep coming")
		}
		msg := queue[0]
		queue = queue[1:]
		next, cmd := m.Update(msg)
		m = next.(Model)
		if watch != nil {
			watch(m)
		}
		queue = append(queue, run(cmd)...)
	}
	return m
}

// inTerminal is m in a 120×40 terminal, started: the shell as most tests
// first see it.
func inTerminal(t *testing.T, m Model) Model {
	t.Helper()
	return start(t, send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40}))
}

// historyListing is the shell on db in a 120×40 terminal with History
// shown, which must list an item holding want.
func historyListing(t *testing.T, db *store.Store, want string) Model {
	t.Helper()
	deps := testDeps(t)
	deps.Store = db
	m := send(t, inTerminal(t, New(deps)), tabtest.Press("alt+5"))
	if !strings.Contains(screenText(m), want) {
		t.Fatalf("History does not list %q:\n%s", want, screenText(m))
	}
	return m
}

// start runs Init's commands as Bubble Tea would.
func start(t *testing.T, m Model) Model {
	t.Helper()
	return send(t, m, run(m.Init())...)
}

// run calls cmd and the commands of any batch it returns.
func run(cmd tea.Cmd) []tea.Msg { return tabtest.Drain(cmd) }

// typed are the presses for each character of s.
func typed(s string) []tea.Msg {
	var out []tea.Msg
	for _, r := range s {
		out = append(out, tabtest.Press(string(r)))
	}
	return out
}

// screenText is the View as plain text.
func screenText(m Model) string { return ansi.Strip(m.View().Content) }

// lines is the screen's plain text lines.
func lines(m Model) []string { return strings.Split(screenText(m), "\n") }

// lightBackground and darkBackground are the terminal's answers.
var (
	lightBackground = tea.BackgroundColorMsg{Color: color.RGBA{0xfa, 0xfa, 0xfa, 0xff}}
	darkBackground  = tea.BackgroundColorMsg{Color: color.RGBA{0x10, 0x10, 0x10, 0xff}}
)

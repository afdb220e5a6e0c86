package settings

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/store"
	"atelier/store/keyring"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// harness drives the tab as the shell would: results addressed to Settings
// come back to it; everything else is kept for the test to read.
type harness struct {
	tabtest.Driver[*harness]
	t    *testing.T
	m    Model
	kr   *keyring.MemoryKeyring
	env  map[string]string
	path string
	seen []string // every View along the way
}

func newHarness(t *testing.T, cfg *store.Settings) *harness {
	t.Helper()
	return newHarnessWith(t, Options{Settings: cfg})
}

// newHarnessWith is newHarness with more options: its keyring and config
// path are the harness's.
func newHarnessWith(t *testing.T, o Options) *harness {
	t.Helper()
	h := &harness{t: t, kr: keyring.NewMemoryKeyring(), env: map[string]string{}}
	h.Bind(t, tab.Settings, h, func(msgs ...tea.Msg) { h.Deliver(h.update, msgs...) })
	h.path = filepath.Join(t.TempDir(), "config.toml")
	o.Keys = &keyring.Keys{Keyring: h.kr, Getenv: func(k string) string { return h.env[k] }}
	o.Path = h.path
	h.m = New(o)
	h.m.SetSize(76, 40)
	h.Run(h.m.Init())
	return h
}

// update is one Update, its view kept.
func (h *harness) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	h.m, cmd = h.m.Update(msg)
	h.seen = append(h.seen, h.view())
	return cmd
}

// to moves the cursor down to the first row whose line holds label,
// spaces aside (the label column's width is the form's).
func (h *harness) to(label string) *harness {
	h.t.Helper()
	for range len(h.m.rows) {
		if strings.Contains(squeeze(h.cursorLine()), squeeze(label)) {
			return h
		}
		h.Send(tabtest.Press("down"))
	}
	h.t.Fatalf("no row %q in\n%s", label, h.view())
	return h
}

func (h *harness) view() string { return ansi.Strip(h.m.View()) }

// cursorLine is the line with the cursor's marker.
func (h *harness) cursorLine() string {
	for _, l := range strings.Split(h.view(), "\n") {
		if strings.HasPrefix(l, "› ") {
			return l
		}
	}
	return ""
}

// squeeze is s with every run of spaces made one.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

// saved is the last settings the tab told the shell about.
func (h *harness) saved() *store.Settings {
	var s *store.Settings
	for _, m := range h.Out {
		if sm, ok := m.(tab.SettingsMsg); ok {
			s = sm.Settings
		}
	}
	return s
}

func (h *harness) onDisk() *store.Settings {
	h.t.Helper()
	s, err := store.LoadSettings(h.path)
	if err != nil {
		h.t.Fatal(err)
	}
	return s
}

// brokenKeyring cannot be reached, as a locked or missing one.
type brokenKeyring struct{}

var errLocked = &keyring.KeyringError{Reason: "the keyring is locked: unlock it"}

func (brokenKeyring) Get(client.Group) (string, error) { return "", errLocked }
func (brokenKeyring) Set(client.Group, string) error   { return errors.New("set: keyring locked") }
func (brokenKeyring) Delete(client.Group) error        { return errLocked }

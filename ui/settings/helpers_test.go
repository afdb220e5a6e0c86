package settings

import (
	"atelier/ui/tab/tabtest"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/ui/tab"
)

// harness drives the tab as the shell would: results addressed to Settings
// come back to it; everything else is kept for the test to read.
type harness struct {
	t    *testing.T
	m    Model
	kr   *store.MemoryKeyring
	env  map[string]string
	path string
	out  []tea.Msg // what the tab sent the shell
	seen []string  // every View along the way
}

func newHarness(t *testing.T, cfg *store.Settings) *harness {
	t.Helper()
	h := &harness{t: t, kr: store.NewMemoryKeyring(), env: map[string]string{}}
	h.path = filepath.Join(t.TempDir(), "config.toml")
	keys := &store.Keys{Keyring: h.kr, Getenv: func(k string) string { return h.env[k] }}
	h.m = New(Options{Keys: keys, Settings: cfg, Path: h.path})
	h.m.SetSize(76, 40)
	h.run(h.m.Init())
	return h
}

// send gives the tab msgs and runs every command that follows.
func (h *harness) send(msgs ...tea.Msg) *harness {
	h.t.Helper()
	queue := msgs
	for len(queue) > 0 {
		msg := queue[0]
		queue = queue[1:]
		var cmd tea.Cmd
		h.m, cmd = h.m.Update(msg)
		h.seen = append(h.seen, h.view())
		queue = append(queue, h.results(cmd)...)
	}
	return h
}

func (h *harness) run(cmd tea.Cmd) { h.send(h.results(cmd)...) }

// results runs cmd: its messages for this tab are returned, others kept.
func (h *harness) results(cmd tea.Cmd) []tea.Msg {
	return tabtest.Results(h.t, tab.Settings, cmd, &h.out)
}

func (h *harness) keys(ks ...string) *harness {
	h.t.Helper()
	for _, k := range ks {
		h.send(tabtest.Press(k))
	}
	return h
}

func (h *harness) typ(s string) *harness {
	h.t.Helper()
	for _, r := range s {
		h.send(tabtest.Press(string(r)))
	}
	return h
}

// to moves the cursor to the first row whose line holds label.
func (h *harness) to(label string) *harness {
	h.t.Helper()
	for range len(h.m.rows) {
		if strings.Contains(h.cursorLine(), label) {
			return h
		}
		h.send(tabtest.Press("down"))
	}
	h.t.Fatalf("no row %q in\n%s", label, h.view())
	return h
}

func (h *harness) view() string { return ansi.Strip(h.m.View()) }

// cursorLine is the line with the cursor's marker.
func (h *harness) cursorLine() string {
	for _, l := range strings.Split(h.view(), "\n") {
		if strings.HasPrefix(l, "▸ ") {
			return l
		}
	}
	return ""
}

// notices and errs are what the tab told the status bar.
func (h *harness) notices() []string { return tabtest.Notices(h.out) }

func (h *harness) errs() []error { return tabtest.Errors(h.out) }

// saved is the last settings the tab told the shell about.
func (h *harness) saved() *store.Settings {
	var s *store.Settings
	for _, m := range h.out {
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

var errLocked = &store.KeyringError{Reason: "the keyring is locked: unlock it"}

func (brokenKeyring) Get(store.Group) (string, error) { return "", errLocked }
func (brokenKeyring) Set(store.Group, string) error   { return errors.New("set: keyring locked") }
func (brokenKeyring) Delete(store.Group) error        { return errLocked }

package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/keyring"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

func TestKeyStatusSaysWhereFromNeverWhat(t *testing.T) {
	h := newHarness(t, nil)
	h.kr.Set(client.Alpha, "kr-alpha-secret")
	h.env["ATELIER_BETA_KEY"] = "env-beta-secret"
	h.Run(h.m.storage.loadKeys())
	h.m.SetSize(120, 40)
	v := h.view()
	for _, want := range []string{
		"alpha ● set · keyring enter replaces it · d deletes it",
		"beta ● set · ATELIER_BETA_KEY environment; wins over the keyring",
		"gamma ○ unset · ATELIER_GAMMA_KEY enter to set it here, or set the variable",
	} {
		if !strings.Contains(squeeze(v), want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "secret") {
		t.Fatal("a key is on screen")
	}
}

func TestKeyStatusLoadsInACommand(t *testing.T) {
	m := New(Options{Keys: &keyring.Keys{Keyring: brokenKeyring{}}, Path: "/x/config.toml"})
	m.SetSize(76, 40)
	if v := m.View(); !strings.Contains(v, "checking…") {
		t.Fatalf("before the command answers the status is unknown:\n%s", v)
	}
	msg := m.Init()().(tab.ResultMsg)
	m, _ = m.Update(msg.Msg)
	if v := m.View(); !strings.Contains(v, "the keyring is locked: unlock it") {
		t.Errorf("the keyring's problem is not shown:\n%s", v)
	}
}

func TestSetKeyThroughAMaskedInput(t *testing.T) {
	const key = "QZXJ-7731-vwqK"
	h := newHarness(t, nil)
	h.to("alpha").Keys("enter")
	if !h.m.Focused() || !strings.Contains(h.view(), "paste the alpha key") {
		t.Fatalf("enter did not open a key field:\n%s", h.view())
	}
	h.Type(key)
	if !strings.Contains(h.cursorLine(), strings.Repeat("•", len(key))) {
		t.Errorf("the field does not show one dot per character: %q", h.cursorLine())
	}
	h.Keys("enter")
	if got, _ := h.kr.Get(client.Alpha); got != key {
		t.Fatalf("keyring holds %q", got)
	}
	if h.m.editing || h.m.Focused() || h.m.form.Value("keys.alpha") != "" {
		t.Error("the field holding the key is still in the model")
	}
	assertNeverShown(t, key, h.seen)
	if !strings.Contains(h.cursorLine(), "● set · keyring") {
		t.Errorf("status not reloaded: %q", h.cursorLine())
	}
	if n := h.Notices(); len(n) != 1 || n[0] != "alpha key stored in the keyring" {
		t.Errorf("notices %q", n)
	}
	if !hasMsg(h.Out, tab.KeysChangedMsg{}) {
		t.Error("the shell was not told to reconnect")
	}
}

func TestSetKeyFailureShowsTheErrorNotTheKey(t *testing.T) {
	const key = "QZXJ-7731-vwqK"
	h := newHarness(t, nil)
	h.m.storage.keys = &keyring.Keys{Keyring: brokenKeyring{}}
	h.to("gamma").Keys("enter").Type(key).Keys("enter")
	errs := h.Errors()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "keyring locked") {
		t.Fatalf("errors %v", errs)
	}
	assertNeverShown(t, key, append(h.seen, errs[0].Error()))
	if h.m.editing {
		t.Error("the key stays in the model after a failure")
	}
}

func TestEscCancelsTheKeyField(t *testing.T) {
	h := newHarness(t, nil)
	h.to("beta").Keys("enter").Type("abc").Keys("esc")
	if h.m.editing {
		t.Fatal("esc left the field open")
	}
	if _, err := h.kr.Get(client.Beta); err == nil {
		t.Error("esc stored the key")
	}
}

func TestDeleteKeyAsksFirst(t *testing.T) {
	h := newHarness(t, nil)
	h.kr.Set(client.Queue, "k")
	h.Run(h.m.storage.loadKeys())
	h.to("queue").Keys("d")
	if !strings.Contains(h.view(), "delete the queue key from the keyring? y delete · n keep") {
		t.Fatalf("no question:\n%s", h.view())
	}
	h.Keys("n")
	if _, err := h.kr.Get(client.Queue); err != nil {
		t.Fatal("n deleted the key")
	}
	h.Keys("d", "esc")
	if _, err := h.kr.Get(client.Queue); err != nil || h.m.confirm != nil {
		t.Fatal("esc deleted the key, or left the question")
	}
	h.Keys("d", "y")
	if _, err := h.kr.Get(client.Queue); err == nil {
		t.Fatal("y did not delete the key")
	}
	if !strings.Contains(h.cursorLine(), "○ unset") || !hasMsg(h.Out, tab.KeysChangedMsg{}) {
		t.Errorf("after deletion: %q, out %v", h.cursorLine(), h.Out)
	}
	if n := h.Notices(); len(n) != 1 || n[0] != "queue key deleted from the keyring" {
		t.Errorf("notices %q", n)
	}
}

func TestBaseURLIsValidatedBeforeSaving(t *testing.T) {
	h := newHarness(t, nil)
	h.to("Base URL").Keys("enter").Type("ftp://files.example.test").Keys("enter")
	if v := h.view(); !strings.Contains(v, `"ftp://files.example.test" is not an http or https URL`) {
		t.Fatalf("no validation error:\n%s", v)
	}
	if _, err := os.Stat(h.path); !os.IsNotExist(err) {
		t.Fatal("a refused base URL was saved")
	}
	if !h.m.Focused() {
		t.Fatal("the field closed on a refused value")
	}
	h.Keys("ctrl+u").Type("https://api.example.test/v1").Keys("enter")
	if got := h.onDisk().BaseURL; got != "https://api.example.test/v1" {
		t.Fatalf("config.toml has base_url %q", got)
	}
	if s := h.saved(); s == nil || s.BaseURL != "https://api.example.test/v1" {
		t.Errorf("the shell was told %v", s)
	}
	if h.m.Focused() || !strings.Contains(h.cursorLine(), "https://api.example.test") {
		t.Errorf("after saving: %q", h.cursorLine())
	}
	if n := h.Notices(); len(n) != 1 || n[0] != "base URL saved" {
		t.Errorf("notices %q", n)
	}
}

func TestCredentialHeaderIsRefusedWithTheStoresError(t *testing.T) {
	for _, name := range []string{"Authorization", "x-api-key", "X-Beta-Api-Key"} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, nil)
			h.to("beta          + add header").Keys("enter").Type(name + ": abc").Keys("enter")
			errs := h.Errors()
			if len(errs) != 1 || !strings.Contains(errs[0].Error(), "headers.beta."+name+": credentials do not belong in the config file") {
				t.Fatalf("errors %v", errs)
			}
			if strings.Contains(errs[0].Error(), h.path) {
				t.Error("the status bar error repeats the file's path")
			}
			if !strings.Contains(h.view(), "credentials do not belong") || !h.m.Focused() {
				t.Errorf("the field does not show why:\n%s", h.view())
			}
			if _, err := os.Stat(h.path); !os.IsNotExist(err) {
				t.Error("the refused header was written")
			}
		})
	}
}

func TestHeaderAddedEditedAndRemoved(t *testing.T) {
	h := newHarness(t, nil)
	h.to("gamma         + add header").Keys("enter").Type("X-Trace: on").Keys("enter")
	if got := h.onDisk().Headers["gamma"]; got["X-Trace"] != "on" {
		t.Fatalf("headers on disk %v", got)
	}
	if !strings.Contains(squeeze(h.cursorLine()), "gamma X-Trace: on") {
		t.Errorf("cursor not on the new header: %q", h.cursorLine())
	}
	h.Keys("enter", "ctrl+u").Type("X-Span: 7").Keys("enter")
	if got := h.onDisk().Headers["gamma"]; len(got) != 1 || got["X-Span"] != "7" {
		t.Fatalf("renaming left %v", got)
	}
	h.Keys("d")
	if !strings.Contains(h.view(), "remove the gamma header X-Span?") {
		t.Fatalf("no question:\n%s", h.view())
	}
	h.Keys("y")
	if got := h.onDisk().Headers; len(got) != 0 {
		t.Fatalf("headers on disk after removal %v", got)
	}
	if n := h.Notices(); len(n) != 3 || n[2] != "header X-Span removed" {
		t.Errorf("notices %q", n)
	}
}

func TestHeaderWithoutAColonIsRefused(t *testing.T) {
	h := newHarness(t, nil)
	h.to("alpha         + add header").Keys("enter").Type("X-Trace on").Keys("enter")
	if !strings.Contains(h.view(), "write the header as Name: value") {
		t.Fatalf("no error:\n%s", h.view())
	}
}

func TestThemeCyclesAndSaves(t *testing.T) {
	h := newHarness(t, nil)
	h.to("Theme")
	for _, want := range []string{"dark", "light", "auto"} {
		h.Keys("enter")
		if got := h.onDisk().Theme; got != want {
			t.Fatalf("theme on disk %q, want %q", got, want)
		}
		if s := h.saved(); s.Theme != want {
			t.Fatalf("the shell was told theme %q", s.Theme)
		}
	}
}

func TestDefaultModelsAndFoldersAreSaved(t *testing.T) {
	h := newHarness(t, &store.Settings{Theme: "auto", Models: store.Models{Beta: "old-model"}})
	h.to("beta          old-model").Keys("enter", "ctrl+u").Type("model-y").Keys("enter")
	h.to("video").Keys("enter").Type("videob/o3/pro/text-to-video").Keys("enter")
	h.to("Images").Keys("enter").Type("~/Pictures/atelier").Keys("enter")
	got := h.onDisk()
	if got.Models.Beta != "model-y" || got.Models.Video != "videob/o3/pro/text-to-video" || got.Output.Images != "~/Pictures/atelier" {
		t.Errorf("on disk: %+v", got)
	}
}

func TestSaveFailureIsReported(t *testing.T) {
	h := newHarness(t, nil)
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, nil, 0o600)
	h.m.storage.path = filepath.Join(blocker, "config.toml") // a folder that is a file
	h.to("alpha         atelier's default").Keys("enter").Type("model-x").Keys("enter")
	if errs := h.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "save settings") {
		t.Fatalf("errors %v", errs)
	}
	if h.saved() != nil || h.m.cfg.Models.Alpha != "" {
		t.Error("a failed save was adopted")
	}
}

func TestBusyWhileSaving(t *testing.T) {
	h := newHarness(t, nil)
	h.to("Theme")
	m, cmd := h.m.Update(tabtest.Press("enter"))
	if cmd == nil || !m.busy {
		t.Fatal("no save started")
	}
	if _, again := m.Update(tabtest.Press("enter")); again != nil {
		t.Error("a second save started before the first answered")
	}
}

func TestScrollKeepsTheCursorInSight(t *testing.T) {
	h := newHarness(t, nil)
	h.m.SetSize(76, 8)
	h.to("Videos")
	v := h.view()
	if lines := strings.Split(v, "\n"); len(lines) != 8 {
		t.Fatalf("%d lines for a height of 8", len(lines))
	}
	if !strings.Contains(v, "› Videos") {
		t.Fatalf("cursor out of sight:\n%s", v)
	}
	for range 30 {
		h.Keys("up")
	}
	if !strings.HasPrefix(h.view(), "Service\n› Base URL") {
		t.Errorf("back at the top:\n%s", h.view())
	}
}

func TestWheelMovesTheCursor(t *testing.T) {
	h := newHarness(t, nil)
	h.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown}, tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if h.m.form.Path() != "keys.beta" {
		t.Fatalf("cursor on %s after two turns down", h.m.form.Path())
	}
	h.Send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if h.m.form.Path() != "keys.alpha" {
		t.Fatalf("cursor on %s after one turn up", h.m.form.Path())
	}
}

func TestHelpFollowsTheMode(t *testing.T) {
	h := newHarness(t, nil)
	short := func() string {
		var ks []string
		for _, b := range h.m.KeyMap().ShortHelp() {
			ks = append(ks, b.Help().Key+" "+b.Help().Desc)
		}
		return strings.Join(ks, ", ")
	}
	if got := short(); got != "↑/k up, ↓/j down, enter/space edit, d/delete delete" {
		t.Errorf("browsing: %s", got)
	}
	h.to("alpha").Keys("enter")
	if got := short(); got != "enter save, esc cancel" {
		t.Errorf("typing: %s", got)
	}
	h.Keys("esc", "d")
	if got := short(); got != "y yes, delete, n/esc no, keep" {
		t.Errorf("confirming: %s", got)
	}
}

func TestDemo(t *testing.T) {
	m := New(Options{Demo: true, Path: "/x/config.toml"})
	m.SetSize(76, 40)
	if m.Summary() != "settings · demo" || !strings.Contains(m.View(), "keys set here change nothing") {
		t.Errorf("summary %q, view:\n%s", m.Summary(), m.View())
	}
}

// TestDemoSaysEditsChangeNothing: under --demo the simulator answers
// whatever base URL or key is set, and the tab says so, in the list and
// when one is saved (issue 19, bug 9).
func TestDemoSaysEditsChangeNothing(t *testing.T) {
	h := newHarnessWith(t, Options{Demo: true})
	for _, want := range []string{"demo: the built-in simulator answers whatever is set here", "keys set here change nothing"} {
		if !strings.Contains(strings.Join(strings.Fields(h.view()), " "), want) {
			t.Errorf("the list does not say %q:\n%s", want, h.view())
		}
	}
	h.to("Base URL").Keys("enter").Type("https://api.example.test").Keys("enter")
	h.to("alpha").Keys("enter").Type("sk-demo-key").Keys("enter")
	n := h.Notices()
	if len(n) != 2 || !strings.Contains(n[0], "the demo still uses its simulator") || !strings.Contains(n[1], "changes nothing") {
		t.Errorf("notices %q", n)
	}
}

// TestPlainHTTPIsRefusedOnSave: http:// to a host that is not loopback is
// refused when saved, naming --insecure, rather than failing every send;
// loopback, or --insecure, may (issue 19, bug 9).
func TestPlainHTTPIsRefusedOnSave(t *testing.T) {
	h := newHarness(t, nil)
	h.to("Base URL").Keys("enter").Type("http://gateway.example.test").Keys("enter")
	if v := strings.Join(strings.Fields(h.view()), " "); !strings.Contains(v, "plain http:// to gateway.example.test") || !strings.Contains(v, "--insecure") {
		t.Fatalf("not refused:\n%s", h.view())
	}
	if _, err := os.Stat(h.path); !os.IsNotExist(err) {
		t.Fatal("a refused base URL was saved")
	}
	h.Keys("ctrl+u").Type("http://127.0.0.1:8080").Keys("enter")
	if got := h.onDisk().BaseURL; got != "http://127.0.0.1:8080" {
		t.Fatalf("loopback refused: %q", got)
	}

	h = newHarnessWith(t, Options{Insecure: true})
	h.to("Base URL").Keys("enter").Type("http://gateway.example.test").Keys("enter")
	if got := h.onDisk().BaseURL; got != "http://gateway.example.test" {
		t.Fatalf("refused with --insecure: %q", got)
	}
}

// TestBaseURLFromTheEnvironmentIsShown: a base URL given by
// ATELIER_BASE_URL is the one shown, with where it comes from, as a key's
// source is; saving one here says the variable still wins (issue 19, bug 9).
func TestBaseURLFromTheEnvironmentIsShown(t *testing.T) {
	cfg := store.DefaultSettings()
	cfg.BaseURL = "https://saved.example.test"
	h := newHarnessWith(t, Options{Settings: cfg,
		BaseURL: "https://env.example.test", BaseURLFrom: "ATELIER_BASE_URL"})
	h.m.SetSize(120, 40)
	l := h.to("Base URL").cursorLine()
	if !strings.Contains(l, "https://env.example.test · from ATELIER_BASE_URL") || !strings.Contains(l, "config.toml: https://saved.example.test") {
		t.Fatalf("base URL line %q", l)
	}
	h.Keys("enter", "ctrl+u").Type("https://other.example.test").Keys("enter")
	if n := h.Notices(); len(n) != 1 || n[0] != "base URL saved; ATELIER_BASE_URL still overrides it" {
		t.Errorf("notices %q", n)
	}
}

// assertNeverShown fails if any 4 characters in a row of key appear in any
// of the texts.
func assertNeverShown(t *testing.T, key string, texts []string) {
	t.Helper()
	for i, text := range texts {
		for n := 0; n+4 <= len(key); n++ {
			if strings.Contains(text, key[n:n+4]) {
				t.Fatalf("text %d shows %q of the key:\n%s", i, key[n:n+4], text)
			}
		}
	}
}

func hasMsg(msgs []tea.Msg, want tea.Msg) bool {
	for _, m := range msgs {
		if m == want {
			return true
		}
	}
	return false
}

// TestDemoKeysSayMemory: the demo's keys live in memory, and the tab says
// so, never "set · keyring" (issue 30, item 8).
func TestDemoKeysSayMemory(t *testing.T) {
	h := newHarnessWith(t, Options{Demo: true})
	h.kr.Set(client.Alpha, "demo")
	h.m.storage.keys = &keyring.Keys{Keyring: h.kr, Getenv: func(string) string { return "" }, InMemory: true}
	h.Run(h.m.storage.loadKeys())
	v := squeeze(h.view())
	if !strings.Contains(v, "alpha ● set · memory") || strings.Contains(v, "set · keyring") {
		t.Errorf("the demo's key is not told as in memory:\n%s", h.view())
	}
}

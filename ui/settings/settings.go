// Package settings is the Settings tab of atelier's terminal UI: the base
// URL, each group's key (stored in the keyring, shown only as set or unset
// and where it comes from), default models, extra headers, the theme, the
// media folders, the prices and the budget, and whether comparisons start
// blind. The rows are a ui/components/form generated from the settings;
// a price opens in a form of its own.
//
// Every change is saved by a command (config.toml through store.SaveSettings,
// keys through the KeyStore) and reported to the status bar. A key typed
// here lives in the form's masked row until enter, then only in the command
// that stores it (the form is laid out again without it): it is never
// rendered, kept or logged.
//
// It imports bubbletea, bubbles, lipgloss, store and ui/tab; never ui.
package settings

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/internal/homepath"
	"atelier/store"
	"atelier/store/keyring"
	"atelier/ui/components/confirm"
	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// override is a base URL given outside config.toml, which wins over it.
type override struct{ url, from string }

// KeyStore keeps each group's key; *keyring.Keys is one. Its methods may wait
// on the OS keyring, so they run only in commands.
type KeyStore interface {
	Status() []keyring.KeyStatus
	Set(g client.Group, key string) error
	Delete(g client.Group) error
}

// Options are what the tab works with.
type Options struct {
	Keys     KeyStore
	Settings *store.Settings // copied; nil means the defaults
	Path     string          // the config.toml saves go to
	Demo     bool            // the simulator answers: the base URL and keys set here change nothing
	Insecure bool            // --insecure: plain http:// to any host is allowed
	// BaseURL is the base URL in use when it does not come from
	// config.toml, and BaseURLFrom where it comes from ("--base-url" or
	// "ATELIER_BASE_URL"): it overrides what is saved here.
	BaseURL, BaseURLFrom string
}

// Model is the Settings tab: a form of the settings (a row per value,
// under section headings) browsed with a cursor; enter opens a row for
// typing and saves it, or opens a price in a form of its own.
type Model struct {
	storage storage // the keyring and config.toml, written in commands
	demo    bool
	secure  bool // plain http:// is refused for a host not loopback (no --insecure)
	over    override
	cfg     store.Settings      // as last saved
	status  []keyring.KeyStatus // nil until loaded

	rows    []row         // what each row of the form edits
	form    form.Model    // the rows, drawn and typed into
	editing bool          // a row is open for typing
	saving  bool          // enter was pressed on it and the save has not answered yet
	confirm *row          // a deletion waiting for its answer
	ask     confirm.Model // its question (ui/components/confirm)
	price   priceEditor   // a [prices] entry open in a form
	busy    bool          // a save is running; the next waits, so saves land in order

	km            keyMap
	st            styles
	width, height int
}

// New returns the tab. Key status is loaded by Init's command.
func New(o Options) Model {
	cfg := store.DefaultSettings()
	if o.Settings != nil {
		cfg = o.Settings
	}
	ks := o.Keys
	if ks == nil {
		ks = keyring.NewKeys(nil) // the environment only: Set says to use it
	}
	m := Model{storage: storage{keys: ks, path: o.Path}, demo: o.Demo, secure: !o.Insecure, over: override{url: o.BaseURL, from: o.BaseURLFrom},
		cfg: *cfg, km: defaultKeyMap(), st: newStyles(true)}
	m.cfg.Headers = cloneHeaders(cfg.Headers)
	m.rebuild("")
	return m
}

// Init loads the key status without blocking the screen.
func (m Model) Init() tea.Cmd { return m.storage.loadKeys() }

// Update handles keys, the wheel and the results of the tab's commands.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.MouseWheelMsg:
		m.form.Step(map[tea.MouseButton]int{tea.MouseWheelUp: -1, tea.MouseWheelDown: 1}[msg.Button])
		return m, nil
	case keysLoadedMsg:
		m.status = msg.status
		if !m.editing {
			m.rebuild(m.form.Path())
		}
		return m, nil
	case keyStoredMsg:
		return m.keyStored(msg)
	case keyDeletedMsg:
		return m.keyDeleted(msg)
	case savedMsg:
		return m.saved(msg)
	}
	var cmd tea.Cmd
	switch {
	case m.price.open && !m.price.saving:
		m.price.form, cmd = m.price.form.Update(msg)
	case m.editing && !m.saving:
		m.form, cmd = m.form.Update(msg)
	}
	return m, cmd
}

// Focused reports whether a text field, or the price form, has the
// keyboard.
func (m Model) Focused() bool { return m.editing || m.price.open }

// FieldEmpty reports whether the field being typed holds nothing: a ?
// there opens help.
func (m Model) FieldEmpty() bool {
	if m.price.open {
		return !m.price.form.EditsText() || m.price.form.InputEmpty()
	}
	return m.form.InputEmpty()
}

// SetSize sets the space the tab may draw in.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.form.SetSize(w, h)
	m.price.form.SetSize(w, formHeight(h))
}

// SetDark picks the styles for a dark or light background.
func (m *Model) SetDark(dark bool) {
	m.st = newStyles(dark)
	m.form.SetStyles(m.st.Form)
	m.price.form.SetStyles(m.st.Form)
}

// Summary names what the tab works on, for the status bar.
func (m Model) Summary() string {
	if m.demo {
		return "settings · demo"
	}
	return "settings · " + homepath.Tilde(m.storage.path)
}

// KeyMap is the tab's keys in the current mode, for help.
func (m Model) KeyMap() help.KeyMap {
	return helpKeys{km: m.km, form: form.DefaultKeyMap(), mode: m.mode()}.help()
}

func (m Model) mode() mode {
	switch {
	case m.editing:
		return typing
	case m.confirm != nil:
		return confirming
	case m.price.open:
		return pricing
	}
	return browsing
}

// keyStatus returns what is known of a group's key.
func keyStatus(status []keyring.KeyStatus, g client.Group) (keyring.KeyStatus, bool) {
	for _, st := range status {
		if st.Group == g {
			return st, true
		}
	}
	return keyring.KeyStatus{}, false
}

// current is the row under the cursor.
func (m Model) current() row {
	r, _ := rowAt(m.rows, m.form.Path())
	return r
}

// result addresses a command's message to this tab.
func result(msg tea.Msg) tea.Msg { return tab.Result(tab.Settings, msg) }

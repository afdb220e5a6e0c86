package settings

import (
	"errors"
	"maps"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/store/keyring"
	"atelier/ui/components/confirm"
	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// key routes a key press by mode.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch m.mode() {
	case typing:
		return m.typingKey(msg)
	case confirming:
		return m.confirmKey(msg)
	case pricing:
		return m.priceKey(msg)
	}
	return m.browseKey(msg)
}

func (m Model) browseKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	page := max(formHeight(m.height)-1, 1)
	switch {
	case key.Matches(msg, m.km.Up):
		m.form.Step(-1)
	case key.Matches(msg, m.km.Down):
		m.form.Step(1)
	case key.Matches(msg, m.km.PageUp):
		stepOrEnd(&m.form, -page)
	case key.Matches(msg, m.km.PageDown):
		stepOrEnd(&m.form, page)
	case key.Matches(msg, m.km.Top):
		m.form.Goto(0)
	case key.Matches(msg, m.km.Bottom):
		m.form.Goto(-1)
	case key.Matches(msg, m.km.Edit):
		return m.open()
	case key.Matches(msg, m.km.Delete):
		return m.askDelete(), nil
	}
	return m, nil
}

// stepOrEnd moves f's focus n rows, or to the end that is nearer.
func stepOrEnd(f *form.Model, n int) {
	if f.Step(n) {
		return
	}
	if n < 0 {
		f.Goto(0)
	} else {
		f.Goto(-1)
	}
}

// open starts editing the row under the cursor; the theme has no text to
// type, so enter moves it to the next value and saves.
func (m Model) open() (Model, tea.Cmd) {
	if m.busy {
		return m, nil
	}
	r := m.current()
	switch r.kind {
	case themeRow:
		m.busy = true
		next := nextTheme(m.cfg)
		return m, m.storage.save(next, "theme "+next.Theme+" saved", nil)
	case blindRow:
		m.busy = true
		next := toggledBlind(m.cfg)
		return m, m.storage.save(next, "new comparisons start "+blindWord(next.Arena.Blind), nil)
	case notifyRow:
		m.busy = true
		next := m.cfg
		next.Notify = next.Notify.Toggled(r.field)
		return m, m.storage.save(next, notifyWord(r.field, notifyOn(&next, r.field)), nil)
	case priceRow, addPriceRow:
		m.price = newPriceEditor(m.cfg.Prices, r.field)
		m.price.form.SetStyles(m.st.Form)
		m.price.form.SetSize(m.width, formHeight(m.height))
		return m, nil
	}
	m.editing = true
	return m, m.form.Edit()
}

func (m Model) typingKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case m.saving, key.Matches(msg, m.form.KeyMap.Up, m.form.KeyMap.Down):
		return m, nil // a row open for typing stays open until enter or esc
	case key.Matches(msg, m.km.Cancel):
		m.editing = false
		m.rebuild(m.form.Path()) // what was typed goes; the saved value is back
		return m, nil
	case key.Matches(msg, m.km.Save):
		return m.commit()
	}
	var cmd tea.Cmd
	m.form, cmd = m.form.Update(msg)
	return m, cmd
}

// commit saves what was typed. A key leaves the model here: the editor
// holding it is dropped and only the command that stores it keeps it.
func (m Model) commit() (Model, tea.Cmd) {
	r := m.current()
	v := m.form.Value(r.path())
	if r.kind == keyRow {
		m.editing, m.busy = false, true
		m.rebuild(r.path()) // the form forgets the key
		return m, m.storage.storeKey(r.group, v)
	}
	next, err := with(m.cfg, r, v, m.secure)
	if err != nil {
		m.form.SetLate([]form.Violation{{Field: r.path(), Text: err.Error()}})
		return m, nil
	}
	m.saving, m.busy = true, true
	return m, m.storage.save(next, savedNote(r, m.demo, m.over), landing(r, v))
}

// savedNote says a row was saved, and when the value saved is not the one
// in use: the demo's simulator, or a base URL given outside config.toml.
func savedNote(r row, demo bool, over override) string {
	note := label(r) + " saved"
	if r.kind != baseURLRow {
		return note
	}
	switch {
	case demo:
		return note + "; the demo still uses its simulator (it applies without --demo)"
	case over.from != "":
		return note + "; " + over.from + " still overrides it"
	}
	return note
}

// landing is the row the cursor goes to once a header written "Name:
// value" is saved: the header itself, wherever its name sorts.
func landing(r row, v string) *row {
	if r.kind != headerRow && r.kind != addHeaderRow {
		return nil
	}
	name, _, _ := strings.Cut(v, ":")
	return &row{kind: headerRow, group: r.group, field: strings.TrimSpace(name)}
}

// askDelete asks to confirm deleting a key, a header or a price.
func (m Model) askDelete() Model {
	r := m.current()
	if !m.busy && (r.kind == keyRow || r.kind == headerRow || r.kind == priceRow) {
		m.confirm = &r
		m.ask = confirm.New(confirm.KeyMap{Yes: m.km.Yes, No: m.km.No}).Ask(question(r, m.status))
	}
	return m
}

// confirmKey deletes on y and keeps on n or esc; any other key keeps
// asking, and says so.
func (m Model) confirmKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	r := *m.confirm
	var a confirm.Answer
	var cmd tea.Cmd
	switch m.ask, a, cmd = m.ask.Update(msg); a {
	case confirm.Yes:
		m.confirm, m.busy = nil, true
		return m, m.remove(r)
	case confirm.No:
		m.confirm = nil
	}
	return m, cmd
}

// remove deletes a key from the keyring, or a header or a price from the
// settings.
func (m Model) remove(r row) tea.Cmd {
	switch r.kind {
	case keyRow:
		return m.storage.deleteKey(r.group)
	case priceRow:
		return m.storage.save(withoutPrice(m.cfg, r.field), "price of "+r.field+" removed", nil)
	}
	return m.storage.save(withoutHeader(m.cfg, r.group, r.field), "header "+r.field+" removed", nil)
}

func (m Model) keyStored(msg keyStoredMsg) (Model, tea.Cmd) {
	m.busy = false
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	note := string(msg.group) + " key stored in the keyring"
	if st, ok := keyStatus(m.status, msg.group); ok && st.Source == keyring.SourceEnvironment {
		note += "; " + st.EnvVar + " still overrides it"
	}
	if m.demo {
		note = string(msg.group) + " key kept in memory; the demo's simulator takes any key, so it changes nothing"
	}
	return m, tea.Batch(tab.Notice(note), m.storage.loadKeys(), keysChanged)
}

func (m Model) keyDeleted(msg keyDeletedMsg) (Model, tea.Cmd) {
	m.busy = false
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	return m, tea.Batch(tab.Notice(string(msg.group)+" key deleted from the keyring"), m.storage.loadKeys(), keysChanged)
}

// saved adopts settings once they are on disk, or shows why they are not.
func (m Model) saved(msg savedMsg) (Model, tea.Cmd) {
	m.busy = false
	if msg.err != nil {
		err := withoutPath(msg.err)
		switch {
		case m.price.open:
			m.price.saving = false
			m.price.form.SetLate([]form.Violation{{Field: "config.toml", Text: err.Error()}})
		case m.editing:
			m.saving = false
			m.form.SetLate([]form.Violation{{Field: m.form.Path(), Text: err.Error()}})
		}
		return m, tab.Error(err)
	}
	m.cfg, m.editing, m.saving, m.price = msg.cfg, false, false, priceEditor{}
	at := m.form.Path()
	if msg.at != nil {
		at = msg.at.path()
	}
	m.rebuild(at)
	shared := msg.cfg
	shared.Headers = cloneHeaders(shared.Headers)
	shared.Prices = maps.Clone(shared.Prices)
	return m, tea.Batch(tab.Notice(msg.note), func() tea.Msg { return tab.SettingsMsg{Settings: &shared} })
}

func keysChanged() tea.Msg { return tab.KeysChangedMsg{} }

// withoutPath drops config.toml's path from the store's refusals, which
// the status bar already names, keeping the key and the reason.
func withoutPath(err error) error {
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		var se *store.SettingsError
		if !errors.As(e, &se) {
			return err
		}
		msgs[i] = se.Msg
		if se.Key != "" {
			msgs[i] = se.Key + ": " + se.Msg
		}
	}
	return errors.New(strings.Join(msgs, "; "))
}

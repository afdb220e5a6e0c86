package settings

import (
	"errors"
	"fmt"
	"maps"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"atelier/keys"
	"atelier/store"
	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// editor is a row open for typing; the zero editor is closed.
type editor struct {
	open   bool
	row    row
	input  textinput.Model
	err    string // why the last value was refused
	saving bool   // enter was pressed and the save has not answered yet
}

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
	switch {
	case key.Matches(msg, m.km.Up):
		return m.move(-1), nil
	case key.Matches(msg, m.km.Down):
		return m.move(1), nil
	case key.Matches(msg, m.km.Edit):
		return m.open()
	case key.Matches(msg, m.km.Delete):
		return m.askDelete(), nil
	}
	return m, nil
}

// open starts editing the row under the cursor; the theme has no text to
// type, so enter moves it to the next value and saves.
func (m Model) open() (Model, tea.Cmd) {
	if m.busy {
		return m, nil
	}
	r := m.rows[m.cursor]
	switch r.kind {
	case themeRow:
		m.busy = true
		next := nextTheme(m.cfg)
		return m, m.save(next, "theme "+next.Theme+" saved", nil)
	case blindRow:
		m.busy = true
		next := toggledBlind(m.cfg)
		return m, m.save(next, "new comparisons start "+blindWord(next.Arena.Blind), nil)
	case priceRow, addPriceRow:
		m.price = newPriceEditor(m.cfg.Prices, r.field)
		m.price.form.SetStyles(m.st.Form)
		m.price.form.SetSize(m.width, m.formHeight())
		return m, nil
	}
	m.edit = editor{open: true, row: r, input: m.newInput(r)}
	m.follow()
	return m, m.edit.input.Focus()
}

// newInput is the text field for row r: masked for a key, which starts
// empty since the stored key is never read back.
func (m Model) newInput(r row) textinput.Model {
	in := textinput.New()
	in.Prompt = "› "
	in.SetStyles(m.st.Input)
	in.SetWidth(m.inputWidth())
	in.CharLimit = 4096
	switch r.kind {
	case keyRow:
		in.EchoMode = textinput.EchoPassword
		in.EchoCharacter = '•'
		in.Placeholder = fmt.Sprintf("paste the %s key; enter stores it in the keyring", r.group)
	case headerRow, addHeaderRow:
		in.Placeholder = "Header-Name: value"
	case baseURLRow:
		in.Placeholder = "https://api.example.com"
	case modelRow, outputRow:
		in.Placeholder = "empty: atelier's default"
	case budgetRow:
		in.Placeholder = "an amount above zero; empty: no limit"
	}
	if r.kind != keyRow && r.kind != addHeaderRow {
		in.SetValue(r.text(&m.cfg))
	}
	return in
}

func (m Model) typingKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case m.edit.saving:
		return m, nil
	case key.Matches(msg, m.km.Cancel):
		m.edit = editor{}
		return m, nil
	case key.Matches(msg, m.km.Save):
		return m.commit()
	}
	return m.updateInput(msg)
}

// commit saves what was typed. A key leaves the model here: the editor
// holding it is dropped and only the command that stores it keeps it.
func (m Model) commit() (Model, tea.Cmd) {
	r, v := m.edit.row, m.edit.input.Value()
	if r.kind == keyRow {
		m.edit, m.busy = editor{}, true
		return m, m.storeKey(r.group, v)
	}
	next, err := with(m.cfg, r, v, m.secure)
	if err != nil {
		m.edit.err = err.Error()
		m.follow()
		return m, nil
	}
	m.edit.err, m.edit.saving, m.busy = "", true, true
	m.edit.input.Blur()
	return m, m.save(next, m.savedNote(r), landing(r, v))
}

// savedNote says a row was saved, and when the value saved is not the one
// in use: the demo's simulator, or a base URL given outside config.toml.
func (m Model) savedNote(r row) string {
	note := label(r) + " saved"
	if r.kind != baseURLRow {
		return note
	}
	switch {
	case m.demo:
		return note + "; the demo still uses its simulator (it applies without --demo)"
	case m.over.from != "":
		return note + "; " + m.over.from + " still overrides it"
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

func (m Model) updateInput(msg tea.Msg) (Model, tea.Cmd) {
	if !m.edit.open || m.edit.saving {
		return m, nil
	}
	var cmd tea.Cmd
	m.edit.input, cmd = m.edit.input.Update(msg)
	return m, cmd
}

// askDelete asks to confirm deleting a key, a header or a price.
func (m Model) askDelete() Model {
	r := m.rows[m.cursor]
	if !m.busy && (r.kind == keyRow || r.kind == headerRow || r.kind == priceRow) {
		m.confirm = &r
	}
	return m
}

// confirmKey deletes on y and keeps on n or esc.
func (m Model) confirmKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	r := *m.confirm
	switch {
	case key.Matches(msg, m.km.Yes):
		m.confirm, m.busy = nil, true
		return m, m.remove(r)
	case key.Matches(msg, m.km.No):
		m.confirm = nil
	}
	return m, nil
}

// remove deletes a key from the keyring, or a header or a price from the
// settings.
func (m Model) remove(r row) tea.Cmd {
	switch r.kind {
	case keyRow:
		return m.deleteKey(r.group)
	case priceRow:
		return m.save(withoutPrice(m.cfg, r.field), "price of "+r.field+" removed", nil)
	}
	return m.save(withoutHeader(m.cfg, r.group, r.field), "header "+r.field+" removed", nil)
}

func (m Model) keyStored(msg keyStoredMsg) (Model, tea.Cmd) {
	m.busy = false
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	note := string(msg.group) + " key stored in the keyring"
	if st, ok := m.keyStatus(msg.group); ok && st.Source == keys.SourceEnvironment {
		note += "; " + st.EnvVar + " still overrides it"
	}
	if m.demo {
		note = string(msg.group) + " key kept in memory; the demo's simulator takes any key, so it changes nothing"
	}
	return m, tea.Batch(tab.Notice(note), m.loadKeys(), keysChanged)
}

func (m Model) keyDeleted(msg keyDeletedMsg) (Model, tea.Cmd) {
	m.busy = false
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	return m, tea.Batch(tab.Notice(string(msg.group)+" key deleted from the keyring"), m.loadKeys(), keysChanged)
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
			return m, tab.Error(err)
		case !m.edit.open:
			return m, tab.Error(err)
		}
		m.edit.saving, m.edit.err = false, err.Error()
		m.follow()
		return m, tea.Batch(m.edit.input.Focus(), tab.Error(err))
	}
	m.cfg, m.edit, m.price = msg.cfg, editor{}, priceEditor{}
	m.rows = rows(&m.cfg)
	m.cursor = min(m.cursor, len(m.rows)-1)
	if msg.at != nil {
		m.cursor = m.indexOf(*msg.at)
	}
	m.follow()
	shared := msg.cfg
	shared.Headers = cloneHeaders(shared.Headers)
	shared.Prices = maps.Clone(shared.Prices)
	return m, tea.Batch(tab.Notice(msg.note), func() tea.Msg { return tab.SettingsMsg{Settings: &shared} })
}

func (m Model) indexOf(r row) int {
	for i, x := range m.rows {
		if x == r {
			return i
		}
	}
	return m.cursor
}

func (m Model) move(d int) Model {
	m.cursor = max(0, min(len(m.rows)-1, m.cursor+d))
	m.follow()
	return m
}

func (m Model) wheel(msg tea.MouseWheelMsg) Model {
	switch msg.Button {
	case tea.MouseWheelUp:
		return m.move(-1)
	case tea.MouseWheelDown:
		return m.move(1)
	}
	return m
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

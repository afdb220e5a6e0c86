package form

import (
	"maps"
	"slices"
	"strings"

	"charm.land/bubbles/v2/textinput"
)

// Rules names what is wrong with the form as it stands: the caller's
// validation (the client's own tables) over Body and Text.
type Rules func(m *Model) []Violation

// Model is a form: one row per field (and per list item), the focused
// row's text in an input, and the violations found by its rules.
type Model struct {
	KeyMap KeyMap
	Styles Styles
	// WideValues gives the values 3/5 of the room beside the labels (2/5
	// by default): for rows whose values are long (URLs, paths) and whose
	// rules are short.
	WideValues bool

	spec   []Field
	rules  Rules
	values []value
	extra  map[string]any // loaded fields the spec does not list: sent unchanged
	notes  []string       // lines under the rows: rules across fields and the like

	rows    []row
	focus   int
	focused bool // the form has the keyboard: the focus shows
	browse  bool // the focus shows but a text row takes no keys (Browse)
	input   textinput.Model

	touched  map[string]bool   // top-level fields edited since the form opened
	tried    bool              // a submit was tried: every violation shows
	problems map[string]string // by row path: what is wrong there
	alone    map[string]bool   // row paths whose problem takes no company
	late     []Violation       // found by the caller after the rules (a file that cannot be read)
	general  []string          // violations that belong to no row

	width, height int
}

// New is an empty form of the fields in spec, checked by rules (nil: none).
func New(spec []Field, rules Rules) Model {
	m := Model{KeyMap: DefaultKeyMap(), Styles: DefaultStyles(true), spec: spec, rules: rules, touched: map[string]bool{}}
	for _, f := range spec {
		m.values = append(m.values, newValue(f))
	}
	m.input = textinput.New()
	m.input.Prompt = ""
	m.input.CharLimit = 1 << 16
	m.input.SetStyles(m.Styles.Input)
	m.focused = true
	m.relayout()
	m.check()
	return m
}

// Carry takes from old the values of fields this form has too (the same
// name and kind), so a change of spec keeps the prompt and the rest.
func (m Model) Carry(old Model) Model {
	for i, v := range m.values {
		j := slices.IndexFunc(old.values, func(o value) bool {
			return o.field.Name == v.field.Name && o.field.Kind == v.field.Kind
		})
		if j < 0 {
			continue
		}
		o := old.values[j]
		switch v.shape() {
		case textShape:
			m.values[i].text = o.text
		case choiceShape:
			pick := slices.Index(v.choices(), o.chosen()) + 1
			if pick > 0 || !v.field.NoUnset {
				m.values[i].pick = pick
			}
		}
	}
	m.relayout()
	m.check()
	return m
}

// Load fills the form with a stored body; fields the spec does not list
// are kept and sent as they are. It returns what it left out.
func (m Model) Load(body map[string]any) (Model, []string) {
	var notes []string
	m.extra = map[string]any{}
	for k, x := range body {
		i := slices.IndexFunc(m.values, func(v value) bool { return v.field.Name == k && !v.field.Meta })
		if i < 0 {
			m.extra[k] = x
			continue
		}
		notes = append(notes, m.values[i].load(k, x)...)
		m.touched[k] = true
	}
	slices.Sort(notes)
	m.relayout()
	m.check()
	return m, notes
}

// Set puts s in the top-level field name (a meta field's text, a
// choice's value), as loaded rather than edited: no violation shows for
// it yet. It reports false when the form has no such field or offers no
// such value.
func (m *Model) Set(name, s string) bool {
	i := slices.IndexFunc(m.values, func(v value) bool { return v.field.Name == name })
	if i < 0 || m.values[i].shape() == listShape || m.values[i].shape() == objectShape {
		return false
	}
	if notes := m.values[i].load(name, s); len(notes) > 0 {
		return false
	}
	m.loadInput()
	m.check()
	return true
}

// Body is the request body the form describes; file says what a local
// file becomes.
func (m Model) Body(file FileFunc) map[string]any {
	body := maps.Clone(m.extra)
	if body == nil {
		body = map[string]any{}
	}
	for _, v := range m.values {
		if v.field.Meta {
			continue
		}
		if x, ok := v.json(v.field.Name, file); ok {
			body[v.field.Name] = x
		}
	}
	return body
}

// Extra names the loaded fields the spec does not list, sorted.
func (m Model) Extra() []string { return slices.Sorted(maps.Keys(m.extra)) }

// Text is the text or the choice of the top-level field name, "" when the
// form has none.
func (m Model) Text(name string) string {
	i := slices.IndexFunc(m.values, func(v value) bool { return v.field.Name == name })
	if i < 0 {
		return ""
	}
	if v := m.values[i]; v.shape() == choiceShape {
		return v.chosen()
	}
	return m.values[i].text
}

// Texts calls fn for every text row: its JSON path, field and text.
func (m *Model) Texts(fn func(path string, f Field, text string)) {
	for _, r := range m.rows {
		if m.editsText(r) {
			v := m.value(r.at)
			fn(r.path, v.field, v.text)
		}
	}
}

// SetNotes sets the lines shown under the rows.
func (m *Model) SetNotes(notes []string) { m.notes = notes }

// relayout rebuilds the rows after a change of shape, keeping the focus
// on the same path where it still exists.
func (m *Model) relayout() {
	var was row
	if m.focus < len(m.rows) {
		was = m.rows[m.focus]
	}
	m.rows = m.layout()
	for i, r := range m.rows {
		if r.kind == was.kind && r.path == was.path {
			m.focus = i
		}
	}
	m.focus = max(min(m.focus, len(m.rows)-1), 0)
	m.skipSection()
	m.loadInput()
}

// current is the row with the focus.
func (m *Model) current() row { return m.rows[m.focus] }

// loadInput points the text input at the focused row.
func (m *Model) loadInput() {
	m.input.Blur()
	if !m.focused || m.browse || len(m.rows) == 0 || !m.editsText(m.current()) {
		return
	}
	v := m.value(m.current().at)
	m.input.EchoMode, m.input.EchoCharacter = textinput.EchoNormal, '•'
	if v.field.Secret {
		m.input.EchoMode = textinput.EchoPassword
	}
	m.input.SetValue(v.text)
	m.input.Placeholder = placeholder(v.field)
	m.input.CursorEnd()
	m.input.Focus()
}

// placeholder is what an empty text row shows: its default, else the
// spec's words.
func placeholder(f Field) string {
	if f.Default != "" {
		return "default " + f.Default
	}
	return f.Placeholder
}

// setText stores what the input holds into the focused row.
func (m *Model) setText(s string) {
	r := m.current()
	m.value(r.at).text = s
	m.late = slices.DeleteFunc(slices.Clone(m.late), func(v Violation) bool { return v.Field == r.path })
	m.touch(r)
}

// touch marks the top-level field of r as edited: its violations show.
func (m *Model) touch(r row) { m.touched[topName(r.path)] = true }

// topName is the top-level field of a JSON path.
func topName(path string) string {
	if i := strings.IndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return path
}

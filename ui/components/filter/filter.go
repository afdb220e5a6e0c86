// Package filter is the one filter form of the TUI: History's
// list and the Arena's boards are narrowed by the same form, read the
// same way. Each field is a line of text with the values it suggests:
// ↑/↓ go through them, anything else is typed; tab and shift+tab move
// between fields; enter checks every field and applies them (a value that
// breaks its field's rule is named, and nothing changes); esc closes the
// form unchanged. A "since" field takes what the command line's --since
// takes (a date, 2026-11-01, or a duration ago, 720h) and days too (7d).
//
// A tab keeps a Model, Opens it on a key, hands it every key while it is
// Open, and reads Values when Update says the form was applied. View is
// the fields on one line; Status the line under them (the keys, or what
// was refused).
//
// It imports Bubble Tea, Bubbles, Lip Gloss and ui/components/style.
package filter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/keys"
)

// Field is one field of the form.
type Field struct {
	Name    string   // before the field: "kind", "since"
	Any     string   // what an empty field means: "any kind"
	Choices []string // the values ↑/↓ go through, after "" (any)
	Only    bool     // a value must be one of Choices (or empty)
	// Check is the rule a typed value must follow, its error naming what
	// is wanted; nil: any value (within Only).
	Check func(string) error
}

// KeyMap is the form's keys.
type KeyMap struct {
	Next, Prev key.Binding // the next or previous field
	Up, Down   key.Binding // the field's previous or next suggestion
	Apply      key.Binding // check and apply
	Close      key.Binding // close unchanged
}

// DefaultKeyMap is the keys of every form: tab between fields (never
// typed into one), ↑/↓ through the values, enter, esc.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Next:  keys.NextField(),
		Prev:  keys.PrevField(),
		Up:    keys.Bind("↑", "previous suggestion", "up"),
		Down:  keys.Bind("↓", "next suggestion", "down"),
		Apply: keys.Bind("enter", "apply the filters", "enter"),
		Close: keys.Bind("esc", "close, unchanged", "esc"),
	}
}

// Help is the keys, for the tab's help.
func (k KeyMap) Help() []key.Binding {
	return []key.Binding{k.Next, k.Prev, k.Up, k.Down, k.Apply, k.Close}
}

// Model is the form: its fields, the values applied, and, while it is
// open, the values being written.
type Model struct {
	KeyMap KeyMap
	Styles Styles

	fields  []Field
	applied []string
	inputs  []textinput.Model
	at      int
	open    bool
	err     string // what the last apply refused, naming the field
	width   int
}

// New is a closed form of fields, each applied empty (any).
func New(fields ...Field) Model {
	m := Model{KeyMap: DefaultKeyMap(), Styles: DefaultStyles(true), fields: fields,
		applied: make([]string, len(fields)), inputs: make([]textinput.Model, len(fields))}
	for i, f := range fields {
		in := textinput.New()
		in.Prompt = f.Name + " "
		in.Placeholder = f.Any
		in.CharLimit = 64
		m.inputs[i] = in
	}
	m.SetStyles(m.Styles)
	m.SetWidth(80)
	return m
}

// Open opens the form on the values applied, on its first field.
func (m Model) Open() (Model, tea.Cmd) {
	m.open, m.at, m.err = true, 0, ""
	m.inputs = slices.Clone(m.inputs)
	for i := range m.inputs {
		m.inputs[i].SetValue(m.applied[i])
		m.inputs[i].CursorEnd()
		m.inputs[i].Blur()
	}
	m.layout()
	return m, m.inputs[0].Focus()
}

// IsOpen reports whether the form has the keyboard.
func (m Model) IsOpen() bool { return m.open }

// Values are the values applied, in the fields' order; "" is any.
func (m Model) Values() []string { return slices.Clone(m.applied) }

// Value is the value applied to the field named name.
func (m Model) Value(name string) string {
	if i := m.index(name); i >= 0 {
		return m.applied[i]
	}
	return ""
}

// Active reports whether any field narrows.
func (m Model) Active() bool {
	return slices.ContainsFunc(m.applied, func(v string) bool { return v != "" })
}

// Clear is the form with every field applied empty, and closed.
func (m Model) Clear() Model {
	m.applied, m.open, m.err = make([]string, len(m.fields)), false, ""
	return m
}

// SetChoices replaces the suggestions of the field named name (the models
// seen so far, say).
func (m *Model) SetChoices(name string, choices []string) {
	if i := m.index(name); i >= 0 {
		m.fields = slices.Clone(m.fields)
		m.fields[i].Choices = choices
		m.inputs = slices.Clone(m.inputs)
		m.layout()
	}
}

// FocusedEmpty reports whether the field with the keyboard holds nothing.
func (m Model) FocusedEmpty() bool { return m.open && m.inputs[m.at].Value() == "" }

func (m Model) index(name string) int {
	return slices.IndexFunc(m.fields, func(f Field) bool { return f.Name == name })
}

// check is why value may not go in field f, naming the field and its
// rule; nil when it may.
func (f Field) check(value string) error {
	if value == "" {
		return nil
	}
	if f.Only && !slices.Contains(f.Choices, value) {
		return fmt.Errorf("%s %q: want %s (↑/↓ chooses)", f.Name, value, strings.Join(f.Choices, ", "))
	}
	if f.Check != nil {
		if err := f.Check(value); err != nil {
			return fmt.Errorf("%s %q: %w", f.Name, value, err)
		}
	}
	return nil
}

// SinceChoices are a since field's suggestions.
var SinceChoices = []string{"24h", "7d", "30d", "365d"}

// errSince is the rule of a since field.
const errSince = "want a date like 2026-11-01, or a time ago like 720h or 7d"

// Since reads a since as the filters take it: a duration ago (720h, 90m)
// or a number of days ago (7d), counted back from now, or a date
// (2026-11-01) in local time.
func Since(s string, now time.Time) (time.Time, error) {
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	if n, ok := strings.CutSuffix(s, "d"); ok {
		if days, err := strconv.Atoi(n); err == nil && days >= 0 {
			return now.AddDate(0, 0, -days), nil
		}
	}
	if t, err := time.ParseInLocation("2006-01-02", s, time.Local); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("%s", errSince)
}

// CheckSince is the rule of a since field, for Field.Check.
func CheckSince(s string) error {
	_, err := Since(s, time.Now())
	return err
}

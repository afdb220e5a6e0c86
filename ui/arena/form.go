package arena

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
)

// The form's fields, in order.
const (
	tagField = iota
	familyField
	sinceField
	fieldCount
)

var fieldNames = [fieldCount]string{"tag", "family", "since"}

var fieldHints = [fieldCount]string{"any tag", "any family", "e.g. 720h"}

// form edits a filter, one text field each, drawn in the kinds line; the
// zero form is closed. While open it takes every key (key) and hands the
// Model back only the filter applied: the fields are its own.
type form struct {
	open   bool
	at     int
	inputs [fieldCount]textinput.Model
	err    string // why the last filter was refused, naming the field
	width  int
}

func newForm(st styles) form {
	var f form
	for i := range f.inputs {
		in := textinput.New()
		in.Prompt = fieldNames[i] + " "
		in.Placeholder = fieldHints[i]
		in.CharLimit = 64
		in.SetStyles(st.Input)
		f.inputs[i] = in
	}
	return f
}

// start opens the form on the filter applied, on its first field.
func (f form) start(cur filter) (form, tea.Cmd) {
	f.open, f.at, f.err = true, 0, ""
	for i, v := range [fieldCount]string{cur.tag, cur.family, cur.since} {
		f.inputs[i].SetValue(v)
		f.inputs[i].CursorEnd()
		f.inputs[i].Blur()
	}
	f.setWidth(f.width)
	return f, f.inputs[0].Focus()
}

// move focuses the field n away, wrapping.
func (f form) move(n int) (form, tea.Cmd) {
	f.inputs[f.at].Blur()
	f.at = (f.at + n + fieldCount) % fieldCount
	return f, f.inputs[f.at].Focus()
}

// value reads the form as a filter, or says which field breaks which rule.
func (f form) value(now time.Time) (filter, error) {
	v := func(i int) string { return strings.TrimSpace(f.inputs[i].Value()) }
	out := filter{family: v(familyField), since: v(sinceField)}
	if t := v(tagField); t != "" {
		tag, err := store.NormalizeTag(t)
		if err != nil {
			return filter{}, err
		}
		out.tag = tag
	}
	if out.since != "" {
		if _, err := parseSince(out.since, now); err != nil {
			return filter{}, err
		}
	}
	return out, nil
}

// update gives the focused field what the form does not handle itself.
func (f form) update(msg tea.Msg) (form, tea.Cmd) {
	var cmd tea.Cmd
	f.inputs[f.at], cmd = f.inputs[f.at].Update(msg)
	f.err = ""
	return f, cmd
}

func (f form) focusedEmpty() bool { return f.open && f.inputs[f.at].Value() == "" }

// kindsWidth is the room the boards' names take before the fields.
const kindsWidth = 22

// setWidth shares the width after the boards' names among the three
// fields, each with its name, its cursor and a space.
func (f *form) setWidth(w int) {
	f.width = w
	each := max((w-kindsWidth)/fieldCount, 12)
	for i := range f.inputs {
		f.inputs[i].SetWidth(max(each-len(fieldNames[i])-3, 4))
	}
}

func (f *form) setStyles(st styles) {
	for i := range f.inputs {
		f.inputs[i].SetStyles(st.Input)
	}
}

// key handles a key while the form is open: enter checks the fields and
// closes on the filter they make, returned; esc closes unchanged; tab and
// the arrows move; the rest is typed into the field.
func (f form) key(msg tea.KeyPressMsg, km keyMap, now time.Time) (form, *filter, tea.Cmd) {
	var cmd tea.Cmd
	switch {
	case key.Matches(msg, km.Apply):
		v, err := f.value(now)
		if err != nil {
			f.err = err.Error()
			return f, nil, nil
		}
		f.open = false
		return f, &v, nil
	case key.Matches(msg, km.Cancel):
		f.open = false
	case key.Matches(msg, km.NextField, km.FieldDown):
		f, cmd = f.move(1)
	case key.Matches(msg, km.PrevField, km.FieldUp):
		f, cmd = f.move(-1)
	default:
		f, cmd = f.update(msg)
	}
	return f, nil, cmd
}

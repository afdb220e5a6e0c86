package form

import (
	"encoding/json"
	"strconv"
	"strings"
)

// value is what the form holds for one field: the text typed, the choice
// made, or the items of a list. The tree of values mirrors the body: a
// list holds items, an object holds one value per field of its Items.
type value struct {
	field Field
	text  string  // text fields: as typed
	pick  int     // choices: 0 unset, i+1 the i-th of choices()
	items []value // lists: the items, in order
	props []value // an object: its fields, in the spec's order
}

// shape is how a value is edited.
type shape int

const (
	textShape   shape = iota // a line of text: strings, numbers, URLs or paths
	choiceShape              // one of a few values: enums and booleans
	listShape                // a list of strings or of objects
	objectShape              // one object of an object list
)

func (v value) shape() shape {
	f := v.field
	switch {
	case f.Kind == Boolean || len(f.Enum) > 0:
		return choiceShape
	case f.Kind == StringList || f.Kind == ObjectList:
		return listShape
	case f.Kind == Object:
		return objectShape
	}
	return textShape
}

// choices are the values a choice cycles through after unset.
func (v value) choices() []string {
	if v.field.Kind == Boolean {
		return []string{"true", "false"}
	}
	return v.field.Enum
}

// chosen is the picked value as text, "" when unset.
func (v value) chosen() string {
	c := v.choices()
	if v.pick <= 0 || v.pick > len(c) {
		return ""
	}
	return c[v.pick-1]
}

// newValue is an empty value for f: nothing picked (the first choice for
// NoUnset), no items.
func newValue(f Field) value {
	v := value{field: f}
	if f.NoUnset {
		v.pick = 1
	}
	if f.Kind == Object {
		for _, it := range f.Items {
			v.props = append(v.props, newValue(it))
		}
	}
	return v
}

// newItem is a new, empty item of the list v.
func (v value) newItem() value {
	f := v.field
	if f.Kind == ObjectList {
		return newValue(Field{Kind: Object, Items: f.Items})
	}
	if f.Item != nil {
		return newValue(*f.Item)
	}
	return newValue(Field{Kind: String})
}

// FileFunc decides what a local file at a JSON path is sent as; nil sends
// the path as typed.
type FileFunc func(path, file string) any

// json returns what v sends, and whether it sends anything: an empty text
// or an unset choice is left out, so the service applies its default.
func (v value) json(path string, file FileFunc) (any, bool) {
	switch v.shape() {
	case choiceShape:
		c := v.chosen()
		if c == "" {
			return nil, false
		}
		return typed(v.field, c), true
	case listShape:
		if len(v.items) == 0 {
			return nil, false
		}
		out := make([]any, len(v.items))
		for i, it := range v.items {
			out[i], _ = it.json(itemPath(path, i), file)
			if out[i] == nil && it.shape() == textShape {
				out[i] = "" // an empty item is sent, and named by validation
			}
		}
		return out, true
	case objectShape:
		m := map[string]any{}
		for _, p := range v.props {
			if x, ok := p.json(path+"."+p.field.Name, file); ok {
				m[p.field.Name] = x
			}
		}
		return m, true
	}
	return v.textJSON(path, file)
}

func (v value) textJSON(path string, file FileFunc) (any, bool) {
	f := v.field
	s := v.text
	if f.Trim {
		s = strings.TrimSpace(s)
	}
	switch {
	case s == "" && f.Required && f.EmptyOK:
		return "", true
	case s == "":
		return nil, false
	case f.Path && file != nil && IsLocal(s):
		return file(path, s), true
	}
	return typed(f, s), true
}

// typed is text as the field's JSON type: a number for a numeric field
// when it reads as one (else the text, which validation then names), a
// boolean for a boolean, the text for a string.
func typed(f Field, s string) any {
	switch f.Kind {
	case Boolean:
		return s == "true"
	case Integer, Number:
		if isNumber(s) {
			return json.Number(s)
		}
	}
	return s
}

func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil && json.Valid([]byte(s))
}

func itemPath(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

package video

import (
	"encoding/json"
	"strconv"
	"strings"

	"atelier/client"
)

// value is what the form holds for one field of the endpoint's table: the
// text typed, the choice made, or the items of a list. The tree of values
// mirrors the request body: a list holds items, an object (one item of an
// object list) holds one value per field of its Items.
type value struct {
	field client.VideoField
	text  string  // text fields: as typed
	pick  int     // choice fields: 0 unset, i+1 the i-th of choices()
	items []value // lists: the items, in order
	props []value // an object: its fields, in the table's order
}

// kind is how a value is edited.
type kind int

const (
	textKind   kind = iota // a line of text: strings, numbers, image URLs or paths
	choiceKind             // one of a few values: enums and booleans
	listKind               // a list of strings or of objects
	objectKind             // one object of an object list
)

func (v value) kind() kind {
	f := v.field
	switch {
	case f.Kind == client.VideoBoolean || len(f.Enum) > 0:
		return choiceKind
	case f.Kind == client.VideoStringList || f.Kind == client.VideoObjectList:
		return listKind
	case f.Kind == client.VideoObject:
		return objectKind
	}
	return textKind
}

// choices are the values a choice field cycles through after unset.
func (v value) choices() []string {
	if v.field.Kind == client.VideoBoolean {
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

// newValue is an empty value for f: nothing picked, no items.
func newValue(f client.VideoField) value {
	v := value{field: f}
	if f.Kind == client.VideoObject {
		for _, it := range f.Items {
			v.props = append(v.props, newValue(it))
		}
	}
	return v
}

// newItem is a new, empty item of the list v.
func (v value) newItem() value {
	f := v.field
	if f.Kind == client.VideoObjectList {
		return newValue(client.VideoField{Kind: client.VideoObject, Items: f.Items, Closed: f.Closed})
	}
	return newValue(client.VideoField{Kind: client.VideoString, Image: f.Image, Video: f.Video, DataURI: f.DataURI})
}

// imageFn decides what a local image path at a JSON path is sent as; nil
// sends the path as typed.
type imageFn func(path, file string) any

// json returns what v sends, and whether it sends anything: an empty text
// or an unset choice is left out, so the service applies its default.
func (v value) json(path string, image imageFn) (any, bool) {
	f := v.field
	switch v.kind() {
	case choiceKind:
		c := v.chosen()
		if c == "" {
			return nil, false
		}
		return typed(f, c), true
	case listKind:
		if len(v.items) == 0 {
			return nil, false
		}
		out := make([]any, len(v.items))
		for i, it := range v.items {
			out[i], _ = it.json(itemPath(path, i), image)
			if out[i] == nil && it.kind() == textKind {
				out[i] = "" // an empty item is sent, and named by validation
			}
		}
		return out, true
	case objectKind:
		m := map[string]any{}
		for _, p := range v.props {
			if x, ok := p.json(path+"."+p.field.Name, image); ok {
				m[p.field.Name] = x
			}
		}
		return m, true
	}
	return v.textJSON(path, image)
}

func (v value) textJSON(path string, image imageFn) (any, bool) {
	f := v.field
	s := v.text
	if f.Image || f.Video || f.Kind != client.VideoString {
		s = strings.TrimSpace(s)
	}
	switch {
	case s == "" && f.Required && f.EmptyOK:
		return "", true
	case s == "":
		return nil, false
	case f.Image && image != nil && isLocal(s):
		return image(path, s), true
	}
	return typed(f, s), true
}

// typed is text as the field's JSON type: a number for a numeric field
// when it reads as one (else the text, which validation then names), a
// boolean for a boolean, the text for a string.
func typed(f client.VideoField, s string) any {
	switch f.Kind {
	case client.VideoBoolean:
		return s == "true"
	case client.VideoInteger, client.VideoNumber:
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

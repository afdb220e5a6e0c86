package form

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// load puts x, a decoded JSON value, into v. What the form cannot hold (a
// value it does not offer, an object where text goes) is left out and
// named in the notes it returns.
func (v *value) load(path string, x any) (notes []string) {
	switch v.shape() {
	case choiceShape:
		s := scalarText(x)
		i := slices.Index(v.choices(), s)
		if i < 0 {
			return []string{fmt.Sprintf("%s: %q is not offered here, left out", path, s)}
		}
		v.pick = i + 1
	case textShape:
		if _, ok := x.(map[string]any); ok {
			return []string{path + ": an object where text goes, left out"}
		}
		if _, ok := x.([]any); ok {
			return []string{path + ": a list where text goes, left out"}
		}
		v.text = scalarText(x)
	case listShape:
		return v.loadItems(path, x)
	case objectShape:
		return v.loadObject(path, x)
	}
	return nil
}

func (v *value) loadItems(path string, x any) []string {
	list, ok := x.([]any)
	if !ok {
		list = []any{x} // one object for elements, one URL for a list of URLs
	}
	var notes []string
	v.items = nil
	for i, it := range list {
		item := v.newItem()
		notes = append(notes, item.load(itemPath(path, i), it)...)
		v.items = append(v.items, item)
	}
	return notes
}

func (v *value) loadObject(path string, x any) []string {
	m, ok := x.(map[string]any)
	if !ok {
		return []string{path + ": not an object, left out"}
	}
	var notes []string
	for k, val := range m {
		i := slices.IndexFunc(v.props, func(p value) bool { return p.field.Name == k })
		if i < 0 {
			notes = append(notes, path+"."+k+": not a field of this form, left out")
			continue
		}
		notes = append(notes, v.props[i].load(path+"."+k, val)...)
	}
	slices.Sort(notes)
	return notes
}

// scalarText writes a JSON scalar as the form shows it.
func scalarText(x any) string {
	switch t := x.(type) {
	case nil:
		return ""
	case string:
		return t
	case json.Number:
		return t.String()
	case bool:
		return fmt.Sprint(t)
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	}
	return fmt.Sprint(x)
}

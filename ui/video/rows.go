package video

import (
	"slices"
	"strconv"
)

// rowKind is what a line of the form edits.
type rowKind int

const (
	modeRow    rowKind = iota // the path's {mode}
	fieldRow                  // one value: text or a choice
	listRow                   // a list's head: its name and count
	itemRow                   // the head of one object of an object list
	addRow                    // the place to add an item to a list
	webhookRow                // queue_webhook, where the endpoint allows one
)

// row is one line of the form. The rows are the value tree laid flat.
type row struct {
	kind  rowKind
	path  string // the JSON path validation names: "subjects[0].images[1]"
	at    []int  // the value's place in the tree: field, item, prop, item…
	depth int    // indentation level
	label string
}

// rows lays the form's values out flat, in the order they show.
func (f *form) layout() []row {
	var rs []row
	if len(f.ep.Modes) > 0 {
		rs = append(rs, row{kind: modeRow, path: "mode", label: "mode"})
	}
	for i, v := range f.values {
		rs = appendRows(rs, v, []int{i}, v.field.Name, 0, v.field.Name)
	}
	if f.ep.Webhook {
		rs = append(rs, row{kind: webhookRow, path: "queue_webhook", label: "webhook"})
	}
	return rs
}

// appendRows adds v's rows: one for a single value, a head, the items and
// an add row for a list.
func appendRows(rs []row, v value, at []int, path string, depth int, label string) []row {
	switch v.kind() {
	case listKind:
		rs = append(rs, row{kind: listRow, path: path, at: at, depth: depth, label: label})
		for i, it := range v.items {
			ip := itemPath(path, i)
			ia := append(append([]int(nil), at...), i)
			if it.kind() != objectKind {
				rs = append(rs, row{kind: fieldRow, path: ip, at: ia, depth: depth + 1, label: strconv.Itoa(i + 1)})
				continue
			}
			rs = append(rs, row{kind: itemRow, path: ip, at: ia, depth: depth + 1, label: "#" + strconv.Itoa(i+1)})
			for j, p := range it.props {
				pa := append(append([]int(nil), ia...), j)
				rs = appendRows(rs, p, pa, ip+"."+p.field.Name, depth+2, p.field.Name)
			}
		}
		return append(rs, row{kind: addRow, path: path, at: at, depth: depth + 1, label: "+"})
	default:
		return append(rs, row{kind: fieldRow, path: path, at: at, depth: depth, label: label})
	}
}

// value is the value at a row's place in the tree; nil for the mode and
// webhook rows.
func (f *form) value(at []int) *value {
	if len(at) == 0 {
		return nil
	}
	v := &f.values[at[0]]
	for _, i := range at[1:] {
		if v.kind() == objectKind {
			v = &v.props[i]
		} else {
			v = &v.items[i]
		}
	}
	return v
}

// listOf is the place of the list a row adds to: the list itself for its
// head and add row, else the nearest list around the row.
func (f *form) listOf(r row) []int {
	if r.kind == listRow || r.kind == addRow {
		return r.at
	}
	for n := len(r.at) - 1; n >= 1; n-- {
		if f.value(r.at[:n]).kind() == listKind {
			return r.at[:n]
		}
	}
	return nil
}

// itemOf is the place of the list item a row belongs to (the item
// removed by the remove key), nil when it belongs to none.
func (f *form) itemOf(r row) []int {
	if r.kind == listRow || r.kind == addRow {
		return nil
	}
	for n := len(r.at); n >= 2; n-- {
		if f.value(r.at[:n-1]).kind() == listKind {
			return r.at[:n]
		}
	}
	return nil
}

// editsText reports whether a row is typed into.
func (f *form) editsText(r row) bool {
	switch r.kind {
	case webhookRow:
		return true
	case fieldRow:
		return f.value(r.at).kind() == textKind
	}
	return false
}

// focusAt puts the focus on the first row at or under the place at: for
// an object item, its first field.
func (f *form) focusAt(at []int) {
	for i, r := range f.rows {
		if len(r.at) < len(at) || !slices.Equal(r.at[:len(at)], at) {
			continue
		}
		if r.kind == itemRow && i+1 < len(f.rows) {
			i++
		}
		f.focus = i
		break
	}
	f.loadInput()
}

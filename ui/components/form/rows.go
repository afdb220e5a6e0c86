package form

import (
	"slices"
	"strconv"
)

// rowKind is what a line of the form edits.
type rowKind int

const (
	fieldRow rowKind = iota // one value: text or a choice
	listRow                 // a list's head: its name and count
	itemRow                 // the head of one object of an object list
	addRow                  // the place to add an item to a list
)

// row is one line of the form. The rows are the value tree laid flat.
type row struct {
	kind  rowKind
	path  string // the JSON path validation names: "subjects[0].images[1]"
	at    []int  // the value's place in the tree: field, item, prop, item…
	depth int    // indentation level
	label string
}

// layout lays the form's values out flat, in the order they show.
func (m *Model) layout() []row {
	var rs []row
	for i, v := range m.values {
		rs = appendRows(rs, v, []int{i}, v.field.Name, 0, v.field.label())
	}
	return rs
}

// appendRows adds v's rows: one for a single value, a head, the items and
// an add row for a list.
func appendRows(rs []row, v value, at []int, path string, depth int, label string) []row {
	switch v.shape() {
	case objectShape: // a head, then its fields
		rs = append(rs, row{kind: itemRow, path: path, at: at, depth: depth, label: label})
		for j, p := range v.props {
			pa := append(append([]int(nil), at...), j)
			rs = appendRows(rs, p, pa, path+"."+p.field.Name, depth+1, p.field.label())
		}
		return rs
	case listShape:
	default:
		return append(rs, row{kind: fieldRow, path: path, at: at, depth: depth, label: label})
	}
	rs = append(rs, row{kind: listRow, path: path, at: at, depth: depth, label: label})
	for i, it := range v.items {
		ip := itemPath(path, i)
		ia := append(append([]int(nil), at...), i)
		if it.shape() != objectShape {
			rs = append(rs, row{kind: fieldRow, path: ip, at: ia, depth: depth + 1, label: strconv.Itoa(i + 1)})
			continue
		}
		rs = append(rs, row{kind: itemRow, path: ip, at: ia, depth: depth + 1, label: "#" + strconv.Itoa(i+1)})
		for j, p := range it.props {
			pa := append(append([]int(nil), ia...), j)
			rs = appendRows(rs, p, pa, ip+"."+p.field.Name, depth+2, p.field.label())
		}
	}
	return append(rs, row{kind: addRow, path: path, at: at, depth: depth + 1, label: "+"})
}

// value is the value at a place in the tree.
func (m *Model) value(at []int) *value {
	v := &m.values[at[0]]
	for _, i := range at[1:] {
		if v.shape() == objectShape {
			v = &v.props[i]
		} else {
			v = &v.items[i]
		}
	}
	return v
}

// listOf is the place of the list a row adds to: the list itself for its
// head and add row, else the nearest list around the row.
func (m *Model) listOf(r row) []int {
	if r.kind == listRow || r.kind == addRow {
		return r.at
	}
	for n := len(r.at) - 1; n >= 1; n-- {
		if m.value(r.at[:n]).shape() == listShape {
			return r.at[:n]
		}
	}
	return nil
}

// itemOf is the place of the list item a row belongs to (the item
// removed by the remove key), nil when it belongs to none.
func (m *Model) itemOf(r row) []int {
	if r.kind == listRow || r.kind == addRow {
		return nil
	}
	for n := len(r.at); n >= 2; n-- {
		if m.value(r.at[:n-1]).shape() == listShape {
			return r.at[:n]
		}
	}
	return nil
}

// editsText reports whether a row is typed into.
func (m *Model) editsText(r row) bool {
	return r.kind == fieldRow && m.value(r.at).shape() == textShape
}

// focusAt puts the focus on the first row at or under the place at: for
// an object item, its first field.
func (m *Model) focusAt(at []int) {
	for i, r := range m.rows {
		if len(r.at) < len(at) || !slices.Equal(r.at[:len(at)], at) {
			continue
		}
		if r.kind == itemRow && i+1 < len(m.rows) {
			i++
		}
		m.focus = i
		break
	}
	m.loadInput()
}

package form

import (
	"slices"
	"strings"
)

// check runs the rules over the form as it stands and files each
// violation under the row it names, then what the caller found late.
func (m *Model) check() {
	m.problems, m.alone, m.general = map[string]string{}, map[string]bool{}, nil
	if m.rules != nil {
		for _, v := range m.rules(m) {
			m.file(v)
		}
	}
	for _, v := range m.late {
		if p, ok := m.rowFor(v.Field); ok {
			m.problems[p] = strings.TrimPrefix(v.Text, v.Field+": ")
		} else {
			m.general = append(m.general, v.Text)
		}
	}
}

// file puts a violation's text under the row whose path it names, or the
// nearest row around it; one that names no row goes under the form.
func (m *Model) file(v Violation) {
	text := strings.TrimPrefix(v.Text, v.Field+": ")
	p, ok := m.rowFor(v.Field)
	if !ok {
		m.general = append(m.general, v.Field+": "+text)
		return
	}
	if p != v.Field {
		text = strings.TrimPrefix(v.Field, p) + ": " + text
	}
	if old, ok := m.problems[p]; ok {
		if m.alone[p] || strings.Contains(old, text) {
			return
		}
		text = old + "; " + text
	}
	m.problems[p] = text
	m.alone[p] = m.alone[p] || v.Alone
}

// rowFor is the path of the row a violation of field belongs to: the row
// of that path, else the deepest row whose path contains it.
func (m *Model) rowFor(field string) (string, bool) {
	best := ""
	for _, r := range m.rows {
		switch {
		case r.path == field:
			return field, true
		case len(r.path) > len(best) && (strings.HasPrefix(field, r.path+".") || strings.HasPrefix(field, r.path+"[")):
			best = r.path
		}
	}
	return best, best != ""
}

// problem is what is wrong at a row, when it should show: once its field
// was edited, or a submit was tried.
func (m *Model) problem(r row) string {
	if !m.tried && !m.touched[topName(r.path)] {
		return ""
	}
	return m.problems[r.path]
}

// Count is how many problems the form has, shown or not.
func (m Model) Count() int { return len(m.problems) + len(m.general) }

// Tried reports whether a submit was tried: every problem shows.
func (m Model) Tried() bool { return m.tried }

// Problem is what is wrong at the row of path, shown or not; "" when
// nothing is.
func (m Model) Problem(path string) string { return m.problems[path] }

// Problems are every problem, by row and then those of no row, for a
// test's failure message.
func (m Model) Problems() []string {
	var out []string
	for _, r := range m.rows {
		if p := m.problems[r.path]; p != "" {
			out = append(out, r.path+": "+p)
		}
	}
	return append(out, m.general...)
}

// Try checks the whole form for a submit: every problem shows from now
// on, and problems found late are forgotten. It returns how many there
// are.
func (m *Model) Try() int {
	m.tried = true
	m.late = nil
	m.check()
	return m.Count()
}

// SetLate adds problems found after the rules (a file that cannot be
// read, the service's refusal): they show at once, until their row is
// edited.
func (m *Model) SetLate(vs []Violation) {
	m.tried = true
	m.late = append(m.late, vs...)
	m.check()
}

// Untry hides the problems of fields not edited again, as after a submit
// that went through.
func (m *Model) Untry() { m.tried = false }

// FocusProblem puts the focus on the first row with a problem; it
// reports false, and leaves the focus, when no row has one.
func (m *Model) FocusProblem() bool {
	i := slices.IndexFunc(m.rows, func(r row) bool { return m.problems[r.path] != "" })
	if i < 0 {
		return false
	}
	m.focus = i
	m.loadInput()
	return true
}

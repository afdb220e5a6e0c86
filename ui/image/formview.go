package imagetab

import (
	"fmt"
	"path/filepath"
	"strings"

	"atelier/termtext"
)

// labelWidth is the width of the column of field names, marker included.
const labelWidth = 15

// valueWidth is the width of a field's value; the rule or the violation
// takes the rest of the line.
func (m Model) valueWidth() int { return max(16, min(50, (m.width-labelWidth)/2)) }

// formLines draws the form: a line per field while it has the keyboard,
// else the three folded lines.
func (m Model) formLines() []string {
	if m.area != formArea {
		return m.foldedForm()
	}
	var out []string
	for f := range fieldCount {
		out = append(out, m.fieldLines(f)...)
	}
	if e := m.estimateLine([]string{m.form.model()}); e != "" {
		out = append(out, strings.Repeat(" ", labelWidth)+e)
	}
	return out
}

// fieldLines draws field f: its name, its value, and beside it a violation
// (always) or its rule (under the cursor).
func (m Model) fieldLines(f field) []string {
	st := m.st.Form
	current := f == m.form.focus
	marker, label := "  ", st.Label
	if current {
		marker, label = "▸ ", st.Current
	}
	head := label.Render(pad(marker+fieldLabels[f], labelWidth))
	vw := m.valueWidth()
	nw := max(m.width-labelWidth-vw-2, 10)
	values := strings.Split(m.fieldValue(f, current), "\n")
	var notes []string
	switch ps := m.problems(f); {
	case len(ps) > 0:
		for _, l := range strings.Split(wrap("✗ "+strings.Join(ps, "; "), nw), "\n") {
			notes = append(notes, st.Problem.Render(l))
		}
	case current: // the rule whole, wrapped beside the field rather than cut
		for _, l := range strings.Split(wrap(hint(f, m.form.model()), nw), "\n") {
			notes = append(notes, st.Hint.Render(l))
		}
	}
	out := make([]string, max(len(values), len(notes)))
	for y := range out {
		lead := strings.Repeat(" ", labelWidth)
		if y == 0 {
			lead = head
		}
		out[y] = lead + pad(at(values, y), vw) + "  " + at(notes, y)
	}
	return out
}

// fieldValue draws a field's value; the field with the keyboard shows its
// cursor, or arrows where ←/→ choose.
func (m Model) fieldValue(f field, current bool) string {
	st, fm := m.st.Form, m.form
	switch {
	case f == fPrompt:
		return fm.w.prompt.View()
	case f == fInputs && fm.naming == fInputs, f == fMask && fm.naming == fMask:
		return st.Current.Render("add ▸ ") + fm.w.path.View()
	case f.kind() == textKind && current:
		return fm.w.text[f].View()
	case f.kind() == textKind:
		if v := strings.TrimSpace(fm.w.text[f].Value()); v != "" {
			return st.Value.Render(termtext.String(v))
		}
		return st.Default.Render("default")
	case f == fInputs:
		return m.inputsValue()
	case f == fMask:
		if fm.mask == nil {
			return st.Default.Render("none")
		}
		return st.Value.Render(refName(*fm.mask))
	}
	v := m.choiceText(f)
	if current {
		v = "◂ " + v + " ▸"
	}
	return v
}

// choiceText is a choice field's value, styled.
func (m Model) choiceText(f field) string {
	st, fm := m.st.Form, m.form
	switch f {
	case fStream:
		return st.Value.Render(map[bool]string{true: "on", false: "off"}[fm.stream])
	case fSendAs:
		return st.Value.Render(map[bool]string{true: "multipart", false: "JSON"}[fm.multi])
	}
	if v := fm.choice[f]; v != "" {
		return st.Value.Render(v)
	}
	return st.Default.Render("default")
}

// inputsValue lists the input images by name.
func (m Model) inputsValue() string {
	if len(m.form.images) == 0 {
		return m.st.Form.Default.Render("none")
	}
	names := make([]string, len(m.form.images))
	for i, in := range m.form.images {
		names[i] = refName(in)
	}
	return m.st.Form.Value.Render(fmt.Sprintf("%d: %s", len(names), strings.Join(names, ", ")))
}

// refName is how an input is named on screen: a file by its name, an
// earlier result as such, a URL cut short.
func refName(in inputRef) string {
	switch {
	case strings.HasPrefix(strings.ToLower(in.Ref), "data:"):
		return "data URI"
	case isURL(in.Ref):
		return termtext.String(in.Ref)
	case in.FileID != 0:
		return "result " + termtext.String(filepath.Base(in.Ref))
	}
	return termtext.String(filepath.Base(in.Ref))
}

// foldedForm is the form in three lines, for while the results have the
// keyboard.
func (m Model) foldedForm() []string {
	st := m.st.Form
	s := m.form.spec()
	if m.blindRun().hidden() { // the form's settings would name the models
		return []string{st.Headline.Render("blind comparison"), st.Label.Render("prompt ▸ ") + st.Headline.Render(oneLine(s.Prompt)), ""}
	}
	parts := []string{st.Label.Render("model ") + st.Headline.Render(termtext.String(s.Model))}
	add := func(label, v string) {
		if v = strings.TrimSpace(v); v != "" {
			parts = append(parts, st.Label.Render(label)+st.Headline.Render(termtext.String(v)))
		}
	}
	add("size ", s.Size)
	add("quality ", s.Quality)
	add("background ", s.Background)
	add("n ", s.N)
	add("format ", s.Format)
	add("compression ", s.Compression)
	if s.Stream {
		parts = append(parts, st.Headline.Render("stream")+m.partialsNote(s.Partials))
	}
	sep := st.Label.Render(" · ")
	prompt := oneLine(s.Prompt)
	if prompt == "" {
		prompt = st.Default.Render("none")
	}
	inputs := st.Label.Render("inputs ▸ ") + m.inputsValue() + st.Label.Render("   mask ▸ ") + m.fieldValue(fMask, false)
	if n := m.problemCount(); n > 0 {
		inputs += st.Problem.Render(fmt.Sprintf("   ✗ %d to fix in the form", n))
	}
	return []string{strings.Join(parts, sep), st.Label.Render("prompt ▸ ") + st.Headline.Render(prompt), inputs}
}

func (m Model) partialsNote(p string) string {
	if p = strings.TrimSpace(p); p == "" {
		return ""
	}
	return m.st.Form.Label.Render(", partials ") + m.st.Form.Headline.Render(termtext.String(p))
}

// problemCount counts the violations the form shows.
func (m Model) problemCount() int {
	n := 0
	for f := range fieldCount {
		n += len(m.problems(f))
	}
	return n
}

package video

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/textinput"

	"atelier/client"
)

// form is a request being written for one endpoint, generated from the
// client's table: a row per field, with its rule beside it and, once the
// field is touched (or a submit was tried), the violation in its place.
type form struct {
	ep      client.VideoEndpoint
	mode    int // index into ep.Modes
	values  []value
	webhook string
	extra   map[string]any // loaded fields the table does not list: sent unchanged

	rows  []row
	focus int
	input textinput.Model // the editor of the focused text row

	touched  map[string]bool   // top-level fields edited since the form opened
	tried    bool              // a submit was tried: every violation shows
	problems map[string]string // by row path: what is wrong there
	late     map[string]string // by JSON path: found by the submit command (a file that cannot be read)
	general  []string          // violations that belong to no row
}

// newForm is an empty form for e with the given mode (the first when
// mode is not one of e's).
func newForm(e client.VideoEndpoint, mode string) form {
	f := form{ep: e, mode: max(slices.Index(e.Modes, mode), 0), touched: map[string]bool{}, late: map[string]string{}}
	for _, fd := range e.Fields {
		f.values = append(f.values, newValue(fd))
	}
	f.input = textinput.New()
	f.input.Prompt = ""
	f.input.CharLimit = 1 << 16
	f.relayout()
	f.check()
	return f
}

// modeName is the chosen mode, "" for an endpoint without one.
func (f form) modeName() string {
	if len(f.ep.Modes) == 0 {
		return ""
	}
	return f.ep.Modes[f.mode]
}

// path is the endpoint with its mode, as LookupVideoEndpoint takes it.
func (f form) path() string { return f.ep.PathFor(f.modeName()) }

// carry takes from old the values of fields this form has too (the same
// name and type), so switching endpoints keeps the prompt and the rest.
func (f form) carry(old form) form {
	for i, v := range f.values {
		j := slices.IndexFunc(old.values, func(o value) bool {
			return o.field.Name == v.field.Name && o.field.Kind == v.field.Kind
		})
		if j < 0 {
			continue
		}
		o := old.values[j]
		switch v.kind() {
		case textKind:
			f.values[i].text = o.text
		case choiceKind:
			f.values[i].pick = slices.Index(v.choices(), o.chosen()) + 1
		}
	}
	f.webhook = old.webhook
	f.relayout()
	f.check()
	return f
}

// loadBody fills the form with a stored body and webhook; fields the table
// does not list are kept and sent as they are. It returns what it left out.
func (f form) loadBody(body map[string]any, webhook string) (form, []string) {
	var notes []string
	f.extra = map[string]any{}
	for k, x := range body {
		i := slices.IndexFunc(f.values, func(v value) bool { return v.field.Name == k })
		if i < 0 {
			f.extra[k] = x
			continue
		}
		notes = append(notes, f.values[i].load(k, x)...)
		f.touched[k] = true
	}
	slices.Sort(notes)
	f.webhook = webhook
	f.relayout()
	f.check()
	return f, notes
}

// relayout rebuilds the rows after a change of shape, keeping the focus
// on the same path where it still exists.
func (f *form) relayout() {
	var was row
	if f.focus < len(f.rows) {
		was = f.rows[f.focus]
	}
	f.rows = f.layout()
	for i, r := range f.rows {
		if r.kind == was.kind && r.path == was.path {
			f.focus = i
		}
	}
	f.focus = min(f.focus, len(f.rows)-1)
	f.loadInput()
}

// focused is the row with the focus.
func (f *form) focused() row { return f.rows[f.focus] }

// move gives the focus to the row delta away, stopping at either end.
func (f *form) move(delta int) {
	f.focus = max(min(f.focus+delta, len(f.rows)-1), 0)
	f.loadInput()
}

// loadInput points the text editor at the focused row.
func (f *form) loadInput() {
	f.input.Blur()
	if len(f.rows) == 0 || !f.editsText(f.focused()) {
		return
	}
	r := f.focused()
	f.input.SetValue(f.textAt(r))
	f.input.Placeholder = f.placeholder(r)
	f.input.CursorEnd()
	f.input.Focus()
}

// textAt is the text of a text row.
func (f *form) textAt(r row) string {
	if r.kind == webhookRow {
		return f.webhook
	}
	return f.value(r.at).text
}

// placeholder is what an empty text row shows: its default.
func (f *form) placeholder(r row) string {
	if r.kind == webhookRow {
		return "https://… (optional)"
	}
	fd := f.value(r.at).field
	switch {
	case fd.Default != "":
		return "default " + fd.Default
	case fd.Image && fd.DataURI:
		return "image URL or local file"
	case fd.Image:
		return "image URL"
	}
	return ""
}

// setText stores what the editor holds into the focused row.
func (f *form) setText(s string) {
	r := f.focused()
	if r.kind == webhookRow {
		f.webhook = s
	} else {
		f.value(r.at).text = s
	}
	delete(f.late, r.path)
	f.touch(r)
}

// touch marks the top-level field of r as edited: its violations show.
func (f *form) touch(r row) { f.touched[topName(r.path)] = true }

// topName is the top-level field of a JSON path.
func topName(path string) string {
	if i := strings.IndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return path
}

// focusFirstText puts the focus on the first row typed into, if any.
func (f *form) focusFirstText() {
	if i := slices.IndexFunc(f.rows, f.editsText); i >= 0 {
		f.focus = i
	}
	f.loadInput()
}

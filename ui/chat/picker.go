package chat

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// picker is the target picker: the family, the model and that family's
// settings, each with its rule beside it, drawn by ui/components/form from
// the rows the client's rule table gives (settingsTable). It works on a
// copy of the target, which the tab adopts when the picker closes; what
// breaks a documented limit shows in red at once, as it is typed, before
// anything is sent.
type picker struct {
	open    bool
	target  client.ChatTarget
	was     client.ChatTarget // the target when the picker opened: a second esc goes back to it
	leaving bool              // esc was refused for a rule the target breaks: esc again drops the changes
	editing bool              // a text or number row is open for typing
	form    form.Model        // the rows; while editing, the value typed
	width   int
	height  int
	st      pickerStyles
}

func newPicker() picker { return picker{} }

func (p picker) restyle(st styles) picker {
	p.st = st.Picker
	p.form.SetStyles(st.Picker.Form)
	return p
}

func (p picker) resize(w, h int) picker {
	p.width, p.height = w, h
	p.form.SetSize(w, h)
	return p
}

// typing reports whether the picker's text field has the keyboard.
func (p picker) typing() bool { return p.open && p.editing }

// load takes t as the target to work on.
func (p picker) load(t client.ChatTarget) picker {
	p.target, p.editing = t, false
	return p.rebuild()
}

// rows are the settings the target's family offers.
func (p picker) rows() []setting { return settingsOf(p.target.Family) }

// row is the setting under the cursor.
func (p picker) row() setting {
	rows := p.rows()
	if i := slices.IndexFunc(rows, func(s setting) bool { return s.name == p.form.Path() }); i >= 0 {
		return rows[i]
	}
	return rows[0]
}

// broken reports whether a problem is about the row named name.
func (p picker) broken(name string) bool { return p.form.Problem(name) != "" }

// rebuild lays the form out from the target, browsing, the cursor on the
// row it was on (the family's rows change with the family).
func (p picker) rebuild() picker {
	at := p.form.Path()
	fam := p.target.Family
	var spec []form.Field
	values := map[string]any{}
	for _, s := range p.rows() {
		spec = append(spec, fieldOf(s, fam))
		values[s.name] = formText(s, s.get(&p.target))
	}
	p.form = form.New(spec, rulesOf(p.target))
	p.form.Browse()
	p.form, _ = p.form.Load(values)
	p.form.Try() // the target's problems show at once, every one
	p.form.SetStyles(p.st.Form)
	p.form.SetSize(p.width, p.height)
	if i := slices.Index(p.form.Paths(), at); i >= 0 {
		p.form.Goto(i)
		p.form.Browse()
	}
	return p
}

// fieldOf is a setting as a row of the form: a choice cycles through the
// family's values (unset is "default"), a switch is a boolean, the rest
// is typed.
func fieldOf(s setting, fam client.Group) form.Field {
	f := form.Field{Name: s.name, Kind: form.String, Doc: s.hint[fam], Empty: "not set", Trim: true}
	switch s.kind {
	case choiceSetting:
		f.Enum, f.Unset = slices.DeleteFunc(slices.Clone(s.choices[fam]), func(c string) bool { return c == "" }), "default"
		f.NoUnset = !slices.Contains(s.choices[fam], "")
	case boolSetting:
		f.Kind, f.NoUnset = form.Boolean, true
	case intSetting:
		f.Kind = form.Integer
	case floatSetting:
		f.Kind = form.Number
	}
	return f
}

// formText is a setting's value as the form holds it: a switch's on and
// off are a boolean's true and false.
func formText(s setting, v string) string {
	if s.kind == boolSetting {
		return map[bool]string{true: "true", false: "false"}[v == "on"]
	}
	return v
}

// rulesOf checks the target with the text rows as typed, as a one-prompt
// request would be: a text that is no value names its row, and every
// violation of the request the row its wire field belongs to.
func rulesOf(base client.ChatTarget) form.Rules {
	return func(f *form.Model) []form.Violation {
		t := base
		var vs []form.Violation
		for _, s := range settingsOf(t.Family) {
			if s.kind == choiceSetting || s.kind == boolSetting {
				continue
			}
			if err := s.set(&t, strings.TrimSpace(f.Value(s.name))); err != nil {
				vs = append(vs, form.Violation{Field: s.name, Text: err.Error()})
			}
		}
		_, _, err := client.NativeChatRequest(t, []client.ChatTurn{{Role: "user", Text: "…"}}, true)
		if err == nil {
			return vs
		}
		found := client.Violations(err)
		for _, v := range found {
			vs = append(vs, form.Violation{Field: rowOf(v.Field), Text: v.Error()})
		}
		if len(found) == 0 {
			vs = append(vs, form.Violation{Text: err.Error()})
		}
		return vs
	}
}

// show opens the picker on target t.
func (p picker) show(t client.ChatTarget) picker {
	p = p.load(t)
	p.open, p.was, p.leaving = true, t, false
	return p
}

// close is esc: the target is used when it keeps its rules. One that
// breaks a rule is refused, with why (thinking budget over max
// tokens was taken without a word); esc again leaves the picker with the
// target as it was when it opened.
func (p picker) close() (picker, tea.Cmd, bool) {
	p.form.Try()
	broken := p.form.Problems()
	if p.target.Model == "" { // no model yet: incomplete, not wrong; sending says to choose one
		broken = slices.DeleteFunc(broken, func(s string) bool { return strings.HasPrefix(s, "model: ") })
	}
	if len(broken) == 0 {
		p.open = false
		return p, nil, true
	}
	if !p.leaving {
		p.leaving = true
		return p, tab.Warn("this target breaks a rule: " + strings.Join(broken, "; ") +
			" — fix it, or esc again to keep the target as it was"), false
	}
	p.open, p.target = false, p.was
	return p, tab.Info("the target is as it was: the changes broke a rule"), true
}

// key handles a key while the picker is open; closed reports that it
// closed, and the tab adopts p.target as it stands.
func (p picker) key(msg tea.KeyPressMsg, k keyMap, defaultModel func(client.Group) string) (next picker, cmd tea.Cmd, closed bool) {
	if p.editing {
		p, cmd = p.editKey(msg, k)
		return p, cmd, false
	}
	if !key.Matches(msg, k.Close) {
		p.leaving = false
	}
	switch {
	case key.Matches(msg, k.Close):
		return p.close()
	case key.Matches(msg, k.Up):
		p.form.Step(-1)
	case key.Matches(msg, k.Down):
		p.form.Step(1)
	case key.Matches(msg, k.PageUp, k.Top):
		p.form.Goto(0) // a page is the whole picker
	case key.Matches(msg, k.PageDown, k.Bottom):
		p.form.Goto(-1)
	case key.Matches(msg, k.Change):
		p = p.change(msg.String() == "left" || msg.String() == "h", defaultModel)
	case key.Matches(msg, k.Save):
		p, cmd = p.enter(defaultModel)
		return p, cmd, false
	case key.Matches(msg, k.TypeNumber) && p.numeric():
		p, cmd = p.typeNumber(msg, defaultModel)
		return p, cmd, false
	}
	return p, nil, false
}

// numeric reports whether the row under the cursor takes a number.
func (p picker) numeric() bool {
	k := p.row().kind
	return k == intSetting || k == floatSetting
}

// typeNumber is a digit on a number's row: the row's field opens empty
// with the digit in it, as a spreadsheet's cell does.
func (p picker) typeNumber(msg tea.KeyPressMsg, defaultModel func(client.Group) string) (picker, tea.Cmd) {
	p, focus := p.enter(defaultModel)
	p.form.Set(p.row().name, "")
	var cmd tea.Cmd
	p, cmd = p.update(msg)
	return p, tea.Batch(focus, cmd)
}

// enter edits a text or number, and changes a choice or a switch.
func (p picker) enter(defaultModel func(client.Group) string) (picker, tea.Cmd) {
	if s := p.row(); s.kind == choiceSetting || s.kind == boolSetting {
		return p.change(false, defaultModel), nil
	}
	p.editing = true
	return p, p.form.Edit()
}

// editKey: enter sets the value typed, esc leaves it as it was.
func (p picker) editKey(msg tea.KeyPressMsg, k keyMap) (picker, tea.Cmd) {
	switch {
	case key.Matches(msg, k.Save):
		s := p.row()
		if err := s.set(&p.target, strings.TrimSpace(p.form.Value(s.name))); err != nil {
			return p, nil // not a value: the field stays open, saying why
		}
		p.editing = false
		return p.rebuild(), nil
	case key.Matches(msg, k.Cancel):
		p.editing = false
		return p.rebuild(), nil
	case key.Matches(msg, p.form.KeyMap.Up, p.form.KeyMap.Down):
		return p, nil // the field stays open until enter or esc
	}
	return p.update(msg)
}

func (p picker) update(msg tea.Msg) (picker, tea.Cmd) {
	var cmd tea.Cmd
	p.form, cmd = p.form.Update(msg)
	return p, cmd
}

// change moves a choice to its next (or previous) value, or flips a
// switch. A new family takes its default model and drops the settings it
// does not have.
func (p picker) change(back bool, defaultModel func(client.Group) string) picker {
	s := p.row()
	switch s.kind {
	case boolSetting:
		s.set(&p.target, map[bool]string{true: "off", false: "on"}[s.get(&p.target) == "on"])
	case choiceSetting:
		choices := s.choices[p.target.Family]
		i := slices.Index(choices, s.get(&p.target))
		step := 1
		if back {
			step = len(choices) - 1
		}
		s.set(&p.target, choices[(i+step+len(choices))%len(choices)])
	default:
		return p
	}
	if s.name == "family" {
		p.target.Model = defaultModel(p.target.Family)
		p.target = forFamily(p.target)
	}
	return p.rebuild()
}

// footer is what goes under the rows: the whole rule of the row under the
// cursor, then each problem, wrapped to the width rather than cut.
func (p picker) footer() []string {
	w := max(p.width, 10)
	s := p.row()
	var out []string
	for _, l := range strings.Split(ansi.Wrap(s.name+": "+s.hint[p.target.Family], w, " ,"), "\n") {
		out = append(out, p.st.Rule.Render(l))
	}
	for _, pr := range p.problems() {
		for _, l := range strings.Split(ansi.Wrap("✗ "+oneLine(pr), w, " "), "\n") {
			out = append(out, p.st.Problem.Render(l))
		}
	}
	return out[:min(len(out), max(p.height-3, 0))]
}

// problems are every problem in full, a row's first: as the request's
// violation names it (its wire field first), or after the row's name.
func (p picker) problems() []string {
	var out []string
	named := map[string]bool{}
	for _, s := range p.rows() {
		text := p.form.Problem(s.name)
		if text == "" {
			continue
		}
		named[s.name+": "+text] = true
		if field, _, ok := strings.Cut(text, ": "); !ok || strings.ContainsAny(field, " \"") {
			text = s.name + ": " + text
		}
		out = append(out, text)
	}
	for _, pr := range p.form.Problems() {
		if !named[pr] {
			out = append(out, strings.TrimPrefix(pr, ": "))
		}
	}
	return out
}

// view draws the picker in exactly height lines.
func (p picker) view() []string {
	out := []string{pad(p.st.Title.Render("Target")+p.st.Rule.Render(" · the model the next prompt goes to"), p.width), pad("", p.width)}
	foot := p.footer()
	for _, l := range p.form.Lines(max(p.height-2-len(foot), 0)) {
		out = append(out, pad(l, p.width))
	}
	for len(out) < p.height-len(foot) {
		out = append(out, pad("", p.width))
	}
	for _, l := range foot {
		out = append(out, pad(l, p.width))
	}
	return out[:min(len(out), p.height)]
}

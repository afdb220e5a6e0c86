package chat

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
)

// picker is the target picker: the family, the model and that family's
// settings, each with its rule beside it. It works on a copy of the target,
// which the tab adopts when the picker closes; what breaks a documented
// limit shows in red at once, before anything is sent.
type picker struct {
	open     bool
	target   client.ChatTarget
	cursor   int
	offset   int
	editing  bool
	input    textinput.Model
	problems []problem // the request's violations, and a value typed that is not one
	width    int
	height   int
	st       pickerStyles
	inStyle  textinput.Styles
}

func newPicker() picker { return picker{input: textinput.New()} }

func (p picker) restyle(st styles) picker {
	p.st, p.inStyle = st.Picker, st.Input
	p.input.SetStyles(st.Input)
	return p
}

func (p picker) resize(w, h int) picker {
	p.width, p.height = w, h
	p.input.SetWidth(max(w-labelWidth-4, 8))
	return p.follow()
}

// typing reports whether the picker's text field has the keyboard.
func (p picker) typing() bool { return p.open && p.editing }

// load takes t as the target to work on.
func (p picker) load(t client.ChatTarget) picker {
	p.target = t
	p.cursor, p.offset = min(p.cursor, len(settingsOf(t.Family))-1), 0
	return p.check()
}

// rows are the settings the target's family offers.
func (p picker) rows() []setting { return settingsOf(p.target.Family) }

// problem is a rule the target breaks, and the row it is about ("" when
// no row is).
type problem struct {
	row  string
	text string
}

// check validates the target as a one-prompt request would be.
func (p picker) check() picker {
	p.problems = nil
	_, _, err := client.NativeChatRequest(p.target, []client.ChatTurn{{Role: "user", Text: "…"}}, true)
	if err == nil {
		return p
	}
	for _, v := range client.Violations(err) {
		p.problems = append(p.problems, problem{row: rowOf(v.Field), text: v.Error()})
	}
	if len(p.problems) == 0 {
		p.problems = []problem{{text: err.Error()}}
	}
	return p
}

// live checks the value being typed as if it were set, so a broken one
// shows in red before enter (issue 19, bug 4).
func (p picker) live() picker {
	s := p.rows()[p.cursor]
	t := p.target
	if err := s.set(&t, strings.TrimSpace(p.input.Value())); err != nil {
		others := slices.DeleteFunc(p.check().problems, func(pr problem) bool { return pr.row == s.name })
		p.problems = append([]problem{{row: s.name, text: s.name + ": " + err.Error()}}, others...)
		return p
	}
	q := p
	q.target = t
	p.problems = q.check().problems
	return p
}

// broken reports whether a problem is about the row named name.
func (p picker) broken(name string) bool {
	return slices.ContainsFunc(p.problems, func(pr problem) bool { return pr.row == name })
}

// openPicker shows the picker on the current target.
func (m Model) openPicker() Model {
	m.pick = m.pick.load(m.target)
	m.pick.open = true
	return m
}

// pickerKey handles a key while the picker is open; closing it adopts the
// target as it stands.
func (m Model) pickerKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.pick.editing {
		var cmd tea.Cmd
		m.pick, cmd = m.pick.editKey(msg, m.km)
		return m, cmd
	}
	k := m.km
	switch {
	case key.Matches(msg, k.Close):
		m.pick.open = false
		m.target = m.pick.target
		return m, nil
	case key.Matches(msg, k.Up):
		m.pick.cursor = max(m.pick.cursor-1, 0)
	case key.Matches(msg, k.Down):
		m.pick.cursor = min(m.pick.cursor+1, len(m.pick.rows())-1)
	case key.Matches(msg, k.Change):
		m.pick = m.pick.change(msg.String() == "left" || msg.String() == "h", m.defaultModel)
	case key.Matches(msg, k.Save):
		return m.pickEnter()
	case key.Matches(msg, k.TypeNumber) && m.pick.numeric():
		return m.typeNumber(msg)
	}
	m.pick = m.pick.follow()
	return m, nil
}

// numeric reports whether the row under the cursor takes a number.
func (p picker) numeric() bool {
	k := p.rows()[p.cursor].kind
	return k == intSetting || k == floatSetting
}

// typeNumber is a digit on a number's row: the row's field opens empty
// with the digit in it, as a spreadsheet's cell does.
func (m Model) typeNumber(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	m, focus := m.pickEnter()
	m.pick.input.SetValue("")
	var cmd tea.Cmd
	m.pick, cmd = m.pick.update(msg)
	m.pick = m.pick.live()
	return m, tea.Batch(focus, cmd)
}

// pickEnter edits a text or number, and changes a choice or a switch.
func (m Model) pickEnter() (Model, tea.Cmd) {
	s := m.pick.rows()[m.pick.cursor]
	if s.kind == choiceSetting || s.kind == boolSetting {
		m.pick = m.pick.change(false, m.defaultModel)
		return m, nil
	}
	m.pick.editing = true
	m.pick.input = textinput.New()
	m.pick.input.Prompt = ""
	m.pick.input.SetStyles(m.pick.inStyle)
	m.pick.input.SetWidth(max(m.pick.width-labelWidth-4, 8))
	m.pick.input.SetValue(s.get(&m.pick.target))
	m.pick.input.CursorEnd()
	return m, m.pick.input.Focus()
}

// editKey: enter sets the value typed, esc leaves it as it was.
func (p picker) editKey(msg tea.KeyPressMsg, k keyMap) (picker, tea.Cmd) {
	switch {
	case key.Matches(msg, k.Save):
		s := p.rows()[p.cursor]
		if err := s.set(&p.target, strings.TrimSpace(p.input.Value())); err != nil {
			return p.live(), nil // not a value: the field stays open, saying why
		}
		p.editing = false
		return p.check(), nil
	case key.Matches(msg, k.Cancel):
		p.editing = false
		return p.check(), nil
	}
	p, cmd := p.update(msg)
	return p.live(), cmd
}

func (p picker) update(msg tea.Msg) (picker, tea.Cmd) {
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return p, cmd
}

// change moves a choice to its next (or previous) value, or flips a
// switch. A new family takes its default model and drops the settings it
// does not have.
func (p picker) change(back bool, defaultModel func(client.Group) string) picker {
	s := p.rows()[p.cursor]
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
	return p.check()
}

// labelWidth is the column the values start at.
const labelWidth = 20

// follow keeps the cursor's row in view.
func (p picker) follow() picker {
	rows := max(p.height-2-len(p.footer()), 1)
	p.offset = max(min(max(p.offset, p.cursor-rows+1), p.cursor), 0)
	return p
}

// footer is what goes under the rows: the whole rule of the row under the
// cursor, then each problem, wrapped to the width rather than cut.
func (p picker) footer() []string {
	w := max(p.width, 10)
	var out []string
	if rows := p.rows(); p.cursor < len(rows) {
		s := rows[p.cursor]
		for _, l := range strings.Split(ansi.Wrap(s.name+": "+s.hint[p.target.Family], w, " ,"), "\n") {
			out = append(out, p.st.Rule.Render(l))
		}
	}
	for _, pr := range p.problems {
		for _, l := range strings.Split(ansi.Wrap("✗ "+oneLine(pr.text), w, " "), "\n") {
			out = append(out, p.st.Problem.Render(l))
		}
	}
	return out[:min(len(out), max(p.height-3, 0))]
}

// view draws the picker in exactly height lines.
func (p picker) view() []string {
	fam := p.target.Family
	out := []string{pad(p.st.Title.Render("Target")+p.st.Label.Render(" · the model the next prompt goes to"), p.width), pad("", p.width)}
	rows := p.rows()
	foot := p.footer()
	room := max(p.height-2-len(foot), 0)
	for i := p.offset; i < len(rows) && i-p.offset < room; i++ {
		out = append(out, pad(p.row(rows[i], i == p.cursor, fam), p.width))
	}
	for len(out) < p.height-len(foot) {
		out = append(out, pad("", p.width))
	}
	for _, l := range foot {
		out = append(out, pad(l, p.width))
	}
	return out[:min(len(out), p.height)]
}

// row is one setting: a marker, its name, its value and its rule; a value
// that breaks a rule is marked ✗ and drawn in red, rule and all.
func (p picker) row(s setting, at bool, fam client.Group) string {
	bad := p.broken(s.name)
	value, rule := p.st.Value, p.st.Rule
	mark := "  "
	name := p.st.Label.Render(s.name)
	if bad {
		value, rule = p.st.Problem, p.st.Problem
		mark = p.st.Problem.Render("✗ ")
	}
	if at {
		mark = p.st.Cursor.Render("▸ ")
		name = p.st.Cursor.Render(s.name)
		if bad {
			name = p.st.Problem.Bold(true).Render(s.name)
		}
	}
	line := mark + name + strings.Repeat(" ", max(labelWidth-2-len(s.name), 1))
	if at && p.editing {
		return line + p.input.View()
	}
	v := oneLine(s.get(&p.target))
	shown := value.Render(v)
	switch {
	case s.kind == choiceSetting:
		if v == "" {
			v = "default"
			shown = p.st.Unset.Render(v)
		}
		shown = p.st.Rule.Render("◂ ") + shown + p.st.Rule.Render(" ▸")
		v = "◂ " + v + " ▸"
	case v == "":
		v = "not set"
		shown = p.st.Unset.Render(v)
	}
	valueW := min(max((p.width-labelWidth)/2, 12), 32)
	if ansi.StringWidth(v) > valueW {
		shown = value.Render(ansi.Truncate(v, valueW, "…"))
		v = ansi.Truncate(v, valueW, "…")
	}
	line += shown + strings.Repeat(" ", max(valueW-ansi.StringWidth(v), 1)) + " "
	return line + rule.Render(ansi.Truncate(s.hint[fam], max(p.width-ansi.StringWidth(line), 0), "…"))
}

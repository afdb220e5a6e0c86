package compare

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/ui/tab"
)

// maxLanes is how many targets a comparison has at most.
const maxLanes = 4

// families are what a row of the form cycles through; "" leaves it out.
var families = []client.Group{"", client.Alpha, client.Beta, client.Gamma}

// The fields of a row of the form.
const (
	familyField = iota
	modelField
	settingsField
	fieldCount
)

// form is the targets being chosen: a row per target, each a family, a
// model, and settings written key=value,key=value as `atelier compare -t`
// takes them.
type form struct {
	rows       [maxLanes]formRow
	row, field int
}

type formRow struct {
	family   int // index in families
	model    textinput.Model
	settings textinput.Model
	err      string // why the row was refused
}

// openForm fills the form with the current targets.
func (m Model) openForm() (Model, tea.Cmd) {
	f := &form{}
	for i := range f.rows {
		r := formRow{model: newField("model", 0), settings: newField("key=value,key=value", 0)}
		if i < len(m.targets) {
			t := m.targets[i]
			t.Settings.System = ""
			r.family = max(slices.Index(families, t.Family), 0)
			r.model.SetValue(t.Model)
			r.settings.SetValue(client.FormatChatSettings(t.Settings))
		}
		f.rows[i] = r
	}
	f.restyle(m.st)
	m.form = f
	m.mode = targeting
	m = m.sizeForm()
	return m, tea.Batch(m.layout()...)
}

func newField(placeholder string, w int) textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = placeholder
	in.CharLimit = 4000
	in.SetWidth(w)
	return in
}

func (f *form) restyle(st *styles) {
	for i := range f.rows {
		f.rows[i].model.SetStyles(st.Input)
		f.rows[i].settings.SetStyles(st.Input)
	}
}

// sizeForm fits the fields to the width: the model a third, the settings
// the rest.
func (m Model) sizeForm() Model {
	room := max(m.width-formFixed, 20)
	for i := range m.form.rows {
		m.form.rows[i].model.SetWidth(room / 3)
		m.form.rows[i].settings.SetWidth(room - room/3)
	}
	return m
}

func (m Model) formKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k, f := m.km, m.form
	switch {
	case key.Matches(msg, k.Cancel):
		m.mode, m.form = browsing, nil
		return m, tea.Batch(m.layout()...)
	case key.Matches(msg, k.Apply):
		return m.applyForm()
	case key.Matches(msg, k.FormNext):
		return m, f.moveTo(f.row+(f.field+1)/fieldCount, (f.field+1)%fieldCount)
	case key.Matches(msg, k.FormPrev):
		return m, f.moveTo(f.row-btoi(f.field == 0), (f.field+fieldCount-1)%fieldCount)
	case key.Matches(msg, k.FormUp):
		return m, f.moveTo(f.row-1, f.field)
	case key.Matches(msg, k.FormDown):
		return m, f.moveTo(f.row+1, f.field)
	case f.field == familyField && key.Matches(msg, k.Family):
		by := 1
		if msg.String() == "left" {
			by = len(families) - 1
		}
		r := &f.rows[f.row]
		r.family = (r.family + by) % len(families)
		r.check()
		return m, nil
	}
	m, cmd := m.updateField(msg)
	f.rows[f.row].check()
	return m, cmd
}

// target is the row's target; off is true for a row without a family.
func (r *formRow) target() (t client.ChatTarget, off bool, err error) {
	if families[r.family] == "" {
		return t, true, nil
	}
	spec := string(families[r.family]) + ":" + r.model.Value() + ":" + r.settings.Value()
	t, err = client.ParseChatTarget(spec)
	if err == nil {
		_, _, err = client.NativeChatRequest(t, []client.ChatTurn{{Role: "user", Text: "x"}}, true)
	}
	return t, false, err
}

// check says under the row, as it is typed, what rule its target breaks
// (issue 19, bug 4: the rule showed only once applied).
func (r *formRow) check() {
	r.err = ""
	if _, _, err := r.target(); err != nil {
		r.err = strings.TrimPrefix(err.Error(), "chat: ")
	}
}

// moveTo puts the cursor on a field, the rows going round.
func (f *form) moveTo(row, field int) tea.Cmd {
	f.rows[f.row].model.Blur()
	f.rows[f.row].settings.Blur()
	f.row, f.field = (row+maxLanes)%maxLanes, field
	switch field {
	case modelField:
		return f.rows[f.row].model.Focus()
	case settingsField:
		return f.rows[f.row].settings.Focus()
	}
	return nil
}

func (f *form) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	r := &f.rows[f.row]
	switch f.field {
	case modelField:
		r.model, cmd = r.model.Update(msg)
	case settingsField:
		r.settings, cmd = r.settings.Update(msg)
	}
	return cmd
}

// applyForm reads every row that has a family; the rows refused say why
// and the form stays open.
func (m Model) applyForm() (Model, tea.Cmd) {
	var targets []client.ChatTarget
	bad := false
	for i := range m.form.rows {
		r := &m.form.rows[i]
		r.check()
		t, off, err := r.target()
		switch {
		case off:
		case err != nil:
			bad = true
		default:
			targets = append(targets, t)
		}
	}
	if bad {
		return m, nil
	}
	if len(targets) < 2 {
		return m, tab.Error(errTargets)
	}
	m.targets, m.mode, m.form, m.defaulted = targets, browsing, nil, false
	note := fmt.Sprintf("compare: %s set; ctrl+r runs them", plural(len(targets), "target"))
	return m, tea.Batch(append(m.layout(), tab.Notice(note))...)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

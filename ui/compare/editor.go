package compare

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	launcher "atelier/ui/components/editor"
	"atelier/ui/tab"
)

// editorRows is the height of the prompt field.
const editorRows = 5

// editor holds the prompt and the system prompt while they are typed.
type editor struct {
	prompt textarea.Model
	system textinput.Model
	onSys  bool           // the system prompt has the keyboard
	ext    launcher.Model // the prompt in $VISUAL or $EDITOR
}

func newEditor(st *styles) *editor {
	p := textarea.New()
	p.Placeholder = "the prompt every target gets; enter runs, shift+enter or ctrl+j for a new line"
	p.ShowLineNumbers = false
	p.Prompt = "▌ "
	p.CharLimit = 0
	p.KeyMap.InsertNewline = key.NewBinding(key.WithKeys("shift+enter", "ctrl+j"))
	p.SetHeight(editorRows)
	s := textinput.New()
	s.Prompt = "› "
	s.Placeholder = "a system prompt for every target (optional)"
	s.CharLimit = 0
	e := &editor{prompt: p, system: s, ext: launcher.New(result)}
	e.restyle(st)
	return e
}

func (e *editor) restyle(st *styles) {
	e.prompt.SetStyles(st.Area)
	e.system.SetStyles(st.Input)
}

// open fills the fields with prompt and system, for typing in the prompt
// once laid out (focus gives it the keyboard), and gives the mode after:
// prompting.
func (e *editor) open(prompt, system string) mode {
	e.prompt.SetValue(prompt)
	e.system.SetValue(system)
	e.onSys = false
	e.system.Blur()
	return prompting
}

// focus gives the keyboard to the prompt.
func (e *editor) focus() tea.Cmd { return e.prompt.Focus() }

// editorDone says what a key did to the editor: nothing yet, or closed
// it, the prompt to be sent or not.
type editorDone int

const (
	editing editorDone = iota
	sending
	closing
)

// key handles the editor's keys: enter sends, tab goes to the other
// field, the launcher's key opens $EDITOR, esc closes; the rest is typed.
func (e *editor) key(msg tea.KeyPressMsg, k *keyMap) (tea.Cmd, editorDone) {
	switch {
	case key.Matches(msg, k.Send):
		return nil, sending
	case key.Matches(msg, k.FormNext, k.FormPrev): // two fields: either goes to the other
		return e.switchField(), editing
	case key.Matches(msg, k.Editor):
		return e.ext.Open(e.prompt.Value()), editing
	case key.Matches(msg, k.Close):
		return nil, closing
	}
	return e.update(msg), editing
}

// update gives msg to the field that has the keyboard.
func (e *editor) update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	if e.onSys {
		e.system, cmd = e.system.Update(msg)
	} else {
		e.prompt, cmd = e.prompt.Update(msg)
	}
	return cmd
}

// edited puts what was written in $EDITOR in the prompt field, which takes
// the keyboard while the editor is open. It reports whether there is a
// text to keep for the next run: the editor closed meanwhile.
func (e *editor) edited(msg launcher.EditedMsg, open bool) (tea.Cmd, bool) {
	if msg.Err != nil {
		return tab.Error(msg.Err), false
	}
	e.prompt.SetValue(msg.Text)
	if !open {
		return nil, true
	}
	if e.onSys {
		return e.switchField(), false
	}
	return nil, false
}

// close blurs the fields and gives back what was typed, kept for the next
// run, and the mode after: browsing.
func (e *editor) close() (prompt, system string, after mode) {
	e.prompt.Blur()
	e.system.Blur()
	return e.prompt.Value(), e.system.Value(), browsing
}

// switchField gives the keyboard to the other field.
func (e *editor) switchField() tea.Cmd {
	e.onSys = !e.onSys
	if e.onSys {
		e.prompt.Blur()
		return e.system.Focus()
	}
	e.system.Blur()
	return e.prompt.Focus()
}

// updateField gives msg to the field that has the keyboard, if any.
func (m Model) updateField(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch m.mode {
	case prompting:
		cmd = m.editor.update(msg)
	case noting, lining:
		m.line.input, cmd = m.line.input.Update(msg)
	case targeting:
		f := *m.form
		f, cmd = f.Update(msg)
		m.form = &f
	}
	return m, cmd
}

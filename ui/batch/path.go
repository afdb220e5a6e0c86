package batch

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// pathField is where the path of a batch file is typed (n in the list):
// enter reads the file as a batch, ctrl+o opens it in the editor first.
// It keeps the last path typed when it closes: a batch is often run again
// after an edit of its file. It is apart from the Model because what it
// decides — the path, read or edited — needs nothing else of the tab.
type pathField struct {
	input  textinput.Model
	typing bool               // the field has the keyboard
	read   engine.ReadOptions // a file's target_set from the history, the Settings' judge
}

func newPathField() pathField {
	in := textinput.New()
	in.Prompt = "batch file: "
	in.Placeholder = "~/prompts/eval.toml"
	in.CharLimit = 1024
	return pathField{input: in}
}

// open gives the field the keyboard, the cursor after the last path.
func (f pathField) open() (pathField, tea.Cmd) {
	f.typing = true
	f.input.CursorEnd()
	cmd := f.input.Focus()
	return f, cmd
}

// close takes the keyboard back, keeping the path.
func (f *pathField) close() {
	f.typing = false
	f.input.Blur()
}

// key edits the path; enter reads the file it names, ctrl+o edits it,
// esc closes the field.
func (f pathField) key(msg tea.KeyPressMsg, k keyMap) (pathField, tea.Cmd) {
	switch {
	case key.Matches(msg, k.Cancel):
		f.close()
		return f, nil
	case key.Matches(msg, k.Start):
		return f.take(func(path string) tea.Cmd { return planCmd(path, f.read) }, "type the path of a batch file (TOML; see the README's \"Batch runs\")")
	case key.Matches(msg, k.Edit):
		return f.take(editCmd, "type where the batch file is, or is to be written, then ctrl+o")
	}
	return f.update(msg)
}

// take closes the field and hands the path typed to next; an empty path
// is refused with a word on what to type.
func (f pathField) take(next func(path string) tea.Cmd, empty string) (pathField, tea.Cmd) {
	path := strings.TrimSpace(f.input.Value())
	if path == "" {
		return f, tab.Warn(empty)
	}
	f.close()
	return f, next(path)
}

// update hands the field a key or a paste.
func (f pathField) update(msg tea.Msg) (pathField, tea.Cmd) {
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(msg)
	return f, cmd
}

// resize fits the field to a width of w.
func (f *pathField) resize(w int) { f.input.SetWidth(max(w-len(f.input.Prompt)-2, 10)) }

// restyle picks the field's styles for a dark or light background.
func (f *pathField) restyle(dark bool) { f.input.SetStyles(style.Input(dark)) }

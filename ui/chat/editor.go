package chat

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/budget"
	"atelier/ui/tab"
)

// The steps of writing the prompt in $EDITOR.
type (
	// editorReadyMsg: the prompt is in a file the editor can open.
	editorReadyMsg struct {
		path string
		argv []string
		err  error
	}
	// editedMsg: the editor closed; text is the file as it left it.
	editedMsg struct {
		text string
		err  error
	}
)

// editor writes the prompt to a temporary file, to open in $VISUAL or
// $EDITOR (vi when neither is set).
func (m Model) editor() (Model, tea.Cmd) {
	text := m.comp.ta.Value()
	return m, func() tea.Msg {
		argv := strings.Fields(os.Getenv("VISUAL"))
		if len(argv) == 0 {
			argv = strings.Fields(os.Getenv("EDITOR"))
		}
		if len(argv) == 0 {
			argv = []string{"vi"}
		}
		f, err := os.CreateTemp("", "atelier-prompt-*.md")
		if err != nil {
			return result(editorReadyMsg{err: err})
		}
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return result(editorReadyMsg{path: f.Name(), argv: argv, err: err})
	}
}

// editorReady hands the terminal to the editor; the program resumes when
// it exits, and the file is read back then.
func (m Model) editorReady(msg editorReadyMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(fmt.Errorf("editor: %w", msg.err))
	}
	path := msg.path
	c := exec.Command(msg.argv[0], append(msg.argv[1:], path)...)
	return m, tea.ExecProcess(c, func(err error) tea.Msg {
		defer os.Remove(path)
		if err != nil {
			return result(editedMsg{err: fmt.Errorf("editor %s: %w", msg.argv[0], err)})
		}
		b, err := budget.ReadFile(path, budget.Prompt, "prompt")
		return result(editedMsg{text: string(b), err: err})
	})
}

// edited puts what was written in the editor in the composer.
func (m Model) edited(msg editedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	m.comp = m.comp.withText(strings.TrimRight(msg.text, "\n"))
	m = m.focusOn(onComposer)
	m.relayout()
	return m, nil
}

// attached adds an image read from a path to the next prompt.
func (m Model) attached(msg attachedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	m.comp.images = append(m.comp.images, msg.att)
	m.relayout()
	return m, tab.Notice("image attached to the next prompt: " + msg.att.name)
}

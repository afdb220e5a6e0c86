package imagetab

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/budget"
	"atelier/ui/tab"
	"atelier/ui/termtext"
)

// The steps of editing the prompt in $EDITOR: a temporary file is written,
// the editor runs with the terminal to itself (tea.ExecProcess), then the
// file is read back and removed.
type (
	editorReadyMsg struct {
		path string
		cmd  *exec.Cmd
	}
	editorClosedMsg struct {
		path string
		err  error
	}
	promptEditedMsg struct {
		text string
		err  error
	}
)

// openEditor writes the prompt to a temporary file for the editor.
func (m Model) openEditor() tea.Cmd {
	text, getenv := m.form.w.prompt.Value(), m.getenv
	return func() tea.Msg {
		f, err := os.CreateTemp("", "atelier-prompt-*.txt")
		if err != nil {
			return tab.ErrorMsg{Err: fmt.Errorf("editor: %w", err)}
		}
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(f.Name())
			return tab.ErrorMsg{Err: fmt.Errorf("editor: %w", err)}
		}
		name, args := editorCommand(getenv)
		return result(editorReadyMsg{path: f.Name(), cmd: exec.Command(name, append(args, f.Name())...)})
	}
}

// editorCommand is $VISUAL, else $EDITOR, else vi, split into words as a
// shell would split a plain command ("code --wait").
func editorCommand(getenv func(string) string) (string, []string) {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if words := strings.Fields(getenv(v)); len(words) > 0 {
			return words[0], words[1:]
		}
	}
	return "vi", nil
}

// runEditor hands the terminal to the editor until it exits.
func (m Model) runEditor(msg editorReadyMsg) tea.Cmd {
	path := msg.path
	return tea.ExecProcess(msg.cmd, func(err error) tea.Msg {
		return result(editorClosedMsg{path: path, err: err})
	})
}

// readEdited reads the edited prompt back and removes the file.
func (m Model) readEdited(msg editorClosedMsg) tea.Cmd {
	return func() tea.Msg {
		defer os.Remove(msg.path)
		if msg.err != nil {
			return result(promptEditedMsg{err: msg.err})
		}
		b, err := budget.ReadFile(msg.path, budget.Prompt, "prompt")
		return result(promptEditedMsg{text: strings.TrimRight(string(b), "\n"), err: err})
	}
}

// promptEdited puts the edited prompt in the form.
func (m Model) promptEdited(msg promptEditedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(fmt.Errorf("editor: %w", msg.err))
	}
	m.form.w.prompt.SetValue(termtext.String(msg.text))
	m = m.revalidate()
	return m.toForm(fPrompt)
}

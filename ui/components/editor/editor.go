// Package editor opens text in the person's own editor and brings it back:
// the text goes to a temporary file, the editor runs with the terminal to
// itself (tea.ExecProcess), and what it leaves in the file comes back as an
// EditedMsg, read with a cap, the file removed.
//
// It is shaped like a bubbles component, as far as a launcher has a shape:
// New, a KeyMap with DefaultKeyMap, and Open, which returns the command.
// There is no Update: nothing waits between messages that a tab would have
// to pass back in, since the file lives within one chain of commands.
package editor

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/internal/limits"
	"atelier/ui/components/keys"
)

// KeyMap is the key that opens the editor, for a tab's key map and help.
type KeyMap struct {
	Open key.Binding
}

// DefaultKeyMap opens the editor with ctrl+o, as every tab does.
func DefaultKeyMap() KeyMap {
	return KeyMap{Open: keys.Bind("ctrl+o", "editor", "ctrl+o")}
}

// EditedMsg is the text as the editor left it, trailing newlines dropped
// (an editor adds one on save), or why there is none.
type EditedMsg struct {
	Text string
	Err  error
}

// Model launches the editor. The zero value is not ready; use New.
type Model struct {
	KeyMap KeyMap

	// What names the text in errors and the size cap: "prompt".
	What string
	// Ext is the temporary file's extension, for the editor's highlighting.
	Ext string
	// Limit caps what is read back, in bytes.
	Limit int64
	// Getenv reads $VISUAL and $EDITOR; nil means os.Getenv.
	Getenv func(string) string
	// Route addresses the EditedMsg, as a tab addresses its results to
	// itself; nil sends it as it is.
	Route func(tea.Msg) tea.Msg
	// Exec runs the editor; nil means tea.ExecProcess, which pauses the
	// program and hands the editor the terminal. Tests run it in place.
	Exec func(*exec.Cmd, tea.ExecCallback) tea.Cmd
}

// New returns a launcher for a prompt (what is "prompt" and the cap
// limits.Prompt), its messages addressed by route.
func New(route func(tea.Msg) tea.Msg) Model {
	return Model{KeyMap: DefaultKeyMap(), What: "prompt", Ext: ".md", Limit: limits.Prompt, Route: route}
}

// Open returns the command that edits text. The temporary file is written
// off the UI loop, inside the command; the editor's exit then starts
// another command that reads the file back, so no file is read on the
// loop either.
func (m Model) Open(text string) tea.Cmd {
	return func() tea.Msg {
		f, err := os.CreateTemp("", "atelier-"+m.What+"-*"+m.Ext)
		if err != nil {
			return m.done("", fmt.Errorf("editor: %w", err))
		}
		path := f.Name()
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
			return m.done("", fmt.Errorf("editor: %w", err))
		}
		c := m.command(path, text)
		run := m.Exec
		if run == nil {
			run = tea.ExecProcess
		}
		// The exec message goes to the program as if Update had returned
		// it: Bubble Tea runs it on the loop, which must be paused anyway.
		return run(c, func(err error) tea.Msg {
			return tea.BatchMsg{m.readBack(path, c.Args[0], err)}
		})()
	}
}

// readBack reads the file the editor closed, and removes it.
func (m Model) readBack(path, name string, ran error) tea.Cmd {
	return func() tea.Msg {
		defer os.Remove(path)
		if ran != nil {
			return m.done("", fmt.Errorf("editor %s: %w", name, ran))
		}
		b, err := limits.ReadFile(path, m.Limit, m.What)
		if err != nil {
			return m.done("", fmt.Errorf("editor: %w", err))
		}
		return m.done(strings.TrimRight(string(b), "\r\n"), nil)
	}
}

func (m Model) done(text string, err error) tea.Msg {
	var msg tea.Msg = EditedMsg{Text: text, Err: err}
	if m.Route != nil {
		msg = m.Route(msg)
	}
	return msg
}

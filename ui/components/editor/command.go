package editor

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	xeditor "github.com/charmbracelet/x/editor"
)

// command is the editor's command line for the file at path holding text.
//
// Which editor runs is chosen here: $VISUAL, else $EDITOR, else vi, as a
// shell splits a plain command ("code --wait"). x/editor's own Command
// reads only $EDITOR, from the process's environment, and falls back to
// nano; the README promises $VISUAL first and vi, and the tabs' tests set
// the environment per model (TestCommandPrefersVisual shows the
// difference). What x/editor knows is kept: how each editor is told where
// to put the cursor, here at the end of the text, where one goes on typing.
func (m Model) command(path, text string) *exec.Cmd {
	words := editorWords(m.getenv())
	name := filepath.Base(words[0])
	args := words[1:]
	line := strings.Count(strings.TrimRight(text, "\n"), "\n") + 1
	appendPath := true
	for _, opt := range []xeditor.Option{xeditor.LineNumber(line), xeditor.EndOfLine()} {
		more, inArgs := opt(name, path)
		args = append(args, more...)
		appendPath = appendPath && !inArgs
	}
	if appendPath {
		args = append(args, path)
	}
	return exec.Command(words[0], args...)
}

func (m Model) getenv() func(string) string {
	if m.Getenv != nil {
		return m.Getenv
	}
	return os.Getenv
}

// editorWords is $VISUAL, else $EDITOR, else vi, split into words.
func editorWords(getenv func(string) string) []string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if words := strings.Fields(getenv(v)); len(words) > 0 {
			return words
		}
	}
	return []string{"vi"}
}

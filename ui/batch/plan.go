package batch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
	"atelier/internal/homepath"
	"atelier/internal/limits"
	"atelier/ui/components/editor"
	"atelier/ui/tab"
)

// A batch is planned in the tab as well as in a file: ctrl+o in the path
// field opens the file in $VISUAL or $EDITOR (a starter when it does not
// exist yet), and what the editor leaves is saved to the path and read as
// a batch, weighed and run as enter would run it. A file that does not
// parse keeps what was written: the error names its line, and ctrl+o
// again takes up the text where it was.

// starter is a new batch file's text: a small batch that runs as it is on
// the demo, commented to be changed.
const starter = `# A batch: every prompt (with each combination of its variables' values)
# goes to every target, repeats times. See the README's "Batch runs".
name = "my batch"
targets = [
  "alpha:demo-alpha",
  "beta:demo-beta",   # FAMILY:MODEL[:k=v,...]; the same model with other settings is a sweep
]
repeats = 1

[vars]
topic = ["tea", "coffee"]

[[checks]]               # for every prompt: contains, not_contains, regex,
max_latency = "60s"      # valid_json, max_latency, max_output_tokens

[[prompts]]
name = "explain"
text = "Explain {{topic}} in three sentences."
`

// editingMsg is the file's text to edit: its own, or the starter.
type editingMsg struct {
	path string
	text string
	err  error
}

// editCmd reads the batch file at path (capped as the engine caps it), or
// gives the starter when there is none.
func editCmd(path string) tea.Cmd {
	return func() tea.Msg {
		data, err := limits.ReadFile(homepath.Expand(path), engine.MaxFile, "batch file")
		if errors.Is(err, fs.ErrNotExist) {
			return result(editingMsg{path: path, text: starter})
		}
		return result(editingMsg{path: path, text: string(data), err: err})
	}
}

// fileEdit is the batch file open in $VISUAL or $EDITOR (ctrl+o in the
// path field): the launcher, and the path what the editor leaves is saved
// to. It is apart from the Model because an edit is its own round trip:
// the file's text read, the editor run, the text saved and read as a plan.
type fileEdit struct {
	editor editor.Model
	path   string             // the path being edited; "": none
	read   engine.ReadOptions // the file's target_set from the history, the Settings' judge
}

func newFileEdit() fileEdit {
	e := editor.New(result)
	e.What, e.Ext, e.Limit = "batch file", ".toml", engine.MaxFile
	return fileEdit{editor: e}
}

// open opens the editor on the file's text.
func (f fileEdit) open(msg editingMsg) (fileEdit, tea.Cmd) {
	if msg.err != nil {
		return f, tab.Error(msg.err)
	}
	f.path = msg.path
	return f, f.editor.Open(msg.text)
}

// done saves what the editor left and reads it as a batch.
func (f fileEdit) done(msg editor.EditedMsg) (fileEdit, tea.Cmd) {
	path := f.path
	f.path = ""
	switch {
	case path == "":
		return f, nil
	case msg.Err != nil:
		return f, tab.Error(msg.Err)
	}
	return f, saveCmd(path, msg.Text, f.read)
}

// saveCmd writes text to the batch file at path (its folder made if need
// be, the file replaced whole, never half written), then reads it as
// planCmd does.
func saveCmd(path, text string, read engine.ReadOptions) tea.Cmd {
	return func() tea.Msg {
		if err := writeBatchFile(homepath.Expand(path), []byte(text+"\n")); err != nil {
			return result(plannedMsg{path: path, err: fmt.Errorf("batch file %s: %w", path, err)})
		}
		return planCmd(path, read)()
	}
}

// writeBatchFile replaces the file at path with data through a temporary
// file in the same folder, so a crash leaves the old file or the new one.
func writeBatchFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".batch-*.toml")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

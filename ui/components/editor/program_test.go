package editor

import (
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/editor/editortest"
)

// editing is a program that opens the editor at once and quits with what
// comes back.
type editing struct {
	ed  Model
	got EditedMsg
}

func (m editing) Init() tea.Cmd { return m.ed.Open("from the program") }

func (m editing) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if e, ok := msg.(EditedMsg); ok {
		m.got = e
		return m, tea.Quit
	}
	return m, nil
}

func (m editing) View() tea.View { return tea.NewView("") }

// TestInAProgram: in a real Bubble Tea program (no Exec stand-in), the
// exec message Open's command returns pauses the program, the editor runs,
// and the file comes back. The context ends the program if it never does.
func TestInAProgram(t *testing.T) {
	script := editortest.Script(t, `test "$(cat "$f")" = "from the program" || exit 9
printf 'back from the editor\n' > "$f"`)
	ed := New(nil)
	ed.Getenv = func(k string) string { return map[string]string{"EDITOR": script}[k] }
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	p := tea.NewProgram(editing{ed: ed}, tea.WithContext(ctx), tea.WithInput(&bytes.Buffer{}), tea.WithOutput(io.Discard))
	final, err := p.Run()
	if err != nil {
		t.Fatal(err)
	}
	if got := final.(editing).got; got.Err != nil || got.Text != "back from the editor" {
		t.Fatalf("edited %q, %v", got.Text, got.Err)
	}
	if left := editortest.Leftovers(script); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

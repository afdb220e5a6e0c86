package editor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	xeditor "github.com/charmbracelet/x/editor"

	"atelier/internal/limits"
	"atelier/ui/components/editor/editortest"
)

// launcher is a launcher running editor in place.
func launcher(editor string) Model {
	m := New(nil)
	m.Getenv = func(k string) string { return map[string]string{"EDITOR": editor}[k] }
	m.Exec = editortest.InPlace
	return m
}

// edit runs the launcher's command chain to its message.
func edit(t *testing.T, m Model, text string) EditedMsg {
	t.Helper()
	msg := m.Open(text)()
	if b, ok := msg.(tea.BatchMsg); ok {
		if len(b) != 1 {
			t.Fatalf("%d commands after the editor", len(b))
		}
		msg = b[0]()
	}
	e, ok := msg.(EditedMsg)
	if !ok {
		t.Fatalf("message %T", msg)
	}
	return e
}

// noTempFiles fails if a launcher's temporary file is left behind.
func noTempFiles(t *testing.T, script string) {
	t.Helper()
	if left := editortest.Leftovers(script); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

func TestRoundTrip(t *testing.T) {
	script := editortest.Script(t, `printf '%s\n' "$@" > "$0.args"
test "$(cat "$f")" = "first draft" || exit 9
printf 'a lighthouse\nin fog\n\n' > "$f"`)
	tmp := filepath.Dir(script)
	got := edit(t, launcher(script), "first draft")
	if got.Err != nil || got.Text != "a lighthouse\nin fog" {
		t.Fatalf("edited %q, %v", got.Text, got.Err)
	}
	args, _ := os.ReadFile(script + ".args")
	if lines := strings.Fields(string(args)); len(lines) != 1 || !strings.HasPrefix(lines[0], filepath.Join(tmp, "atelier-prompt-")) || !strings.HasSuffix(lines[0], ".md") {
		t.Errorf("the editor was given %q", args)
	}
	noTempFiles(t, script)
}

func TestEditorFails(t *testing.T) {
	script := editortest.Script(t, `printf 'half' > "$f"; exit 3`)
	got := edit(t, launcher(script), "draft")
	if got.Err == nil || got.Err.Error() != "editor "+script+": exit status 3" || got.Text != "" {
		t.Fatalf("edited %q, %v", got.Text, got.Err)
	}
	noTempFiles(t, script)
}

func TestReadBackIsCapped(t *testing.T) {
	script := editortest.Script(t, `head -c 5000 /dev/zero | tr '\0' x > "$f"`)
	m := launcher(script)
	m.Limit = 4 * limits.KiB
	got := edit(t, m, "")
	var le *limits.Error
	if !errors.Is(got.Err, limits.ErrLimit) || !errors.As(got.Err, &le) || le.Value != "4 KiB" || got.Text != "" {
		t.Fatalf("edited %d bytes, %v", len(got.Text), got.Err)
	}
	noTempFiles(t, script)
}

func TestMissingEditor(t *testing.T) {
	script := editortest.Script(t, "")
	got := edit(t, launcher(script+"-missing"), "draft")
	if got.Err == nil || !strings.Contains(got.Err.Error(), script+"-missing") {
		t.Fatalf("edited %q, %v", got.Text, got.Err)
	}
	noTempFiles(t, script)
}

func TestNoTempFolder(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "gone"))
	got := edit(t, launcher("true"), "draft")
	if got.Err == nil || !strings.HasPrefix(got.Err.Error(), "editor: ") {
		t.Fatalf("edited %q, %v", got.Text, got.Err)
	}
}

func TestRoute(t *testing.T) {
	type routed struct{ msg tea.Msg }
	t.Setenv("TMPDIR", t.TempDir())
	m := launcher("true")
	m.Route = func(msg tea.Msg) tea.Msg { return routed{msg} }
	msg := m.Open("kept")().(tea.BatchMsg)[0]()
	if r, ok := msg.(routed); !ok || r.msg.(EditedMsg).Text != "kept" {
		t.Fatalf("message %#v", msg)
	}
}

// TestProgramRunsTheEditor: without Exec, Open hands Bubble Tea its own
// exec message, which pauses the program for the editor.
func TestProgramRunsTheEditor(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	m := New(nil)
	m.Getenv = func(string) string { return "" }
	if got := fmt.Sprintf("%T", m.Open("x")()); got != "tea.execMsg" {
		t.Fatalf("Open gave %s", got)
	}
	// The file stays for the editor the program has not run here.
	if left, _ := filepath.Glob(filepath.Join(tmp, "atelier-prompt-*.md")); len(left) != 1 {
		t.Errorf("temporary files %v", left)
	}
}

// TestCommandPrefersVisual: $VISUAL, then $EDITOR, then vi, each told to
// open at the end of the text where x/editor knows how. x/editor's own
// Command would run $EDITOR even with $VISUAL set, and nano with neither,
// which is why the choice is made here.
func TestCommandPrefersVisual(t *testing.T) {
	const text = "one\ntwo\nthree\n"
	for _, c := range []struct {
		env  map[string]string
		want []string
	}{
		{map[string]string{}, []string{"vi", "+3", "F"}},
		{map[string]string{"EDITOR": "nano -w"}, []string{"nano", "-w", "+3", "F"}},
		{map[string]string{"EDITOR": "hx", "VISUAL": "code --wait"}, []string{"code", "--wait", "--goto", "F:3"}},
		{map[string]string{"EDITOR": "/usr/bin/vim"}, []string{"/usr/bin/vim", "+3", "+norm! $", "F"}},
		{map[string]string{"VISUAL": "  ", "EDITOR": "my-editor --flag"}, []string{"my-editor", "--flag", "F"}},
	} {
		m := New(nil)
		m.Getenv = func(k string) string { return c.env[k] }
		if got := m.command("F", text).Args; !slices.Equal(got, c.want) {
			t.Errorf("%v: %q, want %q", c.env, got, c.want)
		}
	}
	t.Setenv("VISUAL", "code --wait")
	t.Setenv("EDITOR", "")
	t.Setenv("SNAP_REVISION", "")
	if c, err := xeditor.Command("atelier", "F"); err != nil || c.Args[0] != "nano" {
		t.Errorf("x/editor now runs %q (%v): the choice could move there", c.Args, err)
	}
}

package imagetab

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi/kitty"

	"atelier/ui/components/editor/editortest"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// TestEditorRoundTrip: ctrl+o opens the prompt in $EDITOR (a script here,
// run in place of Bubble Tea's exec), and what it leaves in the file comes
// back to the prompt, control sequences stripped, the file removed.
func TestEditorRoundTrip(t *testing.T) {
	h := newHarness(t, nil)
	script := editortest.Script(t, `test "$(cat "$f")" = "first draft" || exit 9
printf 'a lighthouse\n\033[31min fog, watercolour\n' > "$f"`)
	h.m.edit.Getenv = func(k string) string { return map[string]string{"EDITOR": script}[k] }
	h.m.edit.Exec = editortest.InPlace
	h.set("prompt", "first draft").Keys("ctrl+o")
	h.NoErrors()
	if got := h.m.form.prompt.Value(); got != "a lighthouse\nin fog, watercolour" {
		t.Errorf("prompt %q", got)
	}
	if left := editortest.Leftovers(script); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	if !strings.Contains(h.view(), "in fog, watercolour") {
		t.Errorf("the second line of the prompt is not shown:\n%s", h.view())
	}
	// An editor that fails leaves the prompt as it was and says why.
	h.m.edit.Getenv = func(k string) string { return map[string]string{"EDITOR": editortest.Script(t, "exit 4")}[k] }
	h.Keys("ctrl+o")
	if errs := h.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "exit status 4") {
		t.Errorf("errors %v", errs)
	}
	if got := h.m.form.prompt.Value(); got != "a lighthouse\nin fog, watercolour" {
		t.Errorf("prompt after a failed edit %q", got)
	}
}

func TestFullScreenAndHelp(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a lamp").set(rowSize, "256x256").set(rowN, "2").Keys("enter")
	if h.m.area.mode(h.m.page.blind(), h.m.form) != viewing {
		t.Fatal("the results do not have the keyboard after a send")
	}
	keys := []string{}
	for _, b := range h.m.KeyMap().ShortHelp() {
		keys = append(keys, b.Help().Key)
	}
	if strings.Join(keys, " ") != "enter e V g r ←/→ f esc" {
		t.Errorf("results help %q", keys)
	}
	// Half blocks too fill the whole screen, the program paused meanwhile
	// (a single image, which already fills the results, gets larger).
	before := len(h.Out)
	h.Keys("f")
	paused := false
	for _, m := range h.Out[before:] {
		paused = paused || fmt.Sprintf("%T", m) == "tea.execMsg"
	}
	if !paused {
		t.Errorf("f did not take the screen over: %v", h.Out[before:])
	}
	h.Keys("tab")
	if h.m.area != formArea || h.m.form.row() != "prompt" {
		t.Error("tab from the results does not go to the prompt")
	}
}

func TestTerminalRepliesAreFolded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.m.viewer.Caps = imageview.DetectFromEnv(func(string) string { return "" })
	// The first round's DA1 sends the second round; its DA1 ends them.
	h.Send(uv.PrimaryDeviceAttributesEvent{62, 4})
	if !sentRaw(h.Out, "\x1b_Gi=5930513,") || !sentRaw(h.Out, "\x1b[16t") {
		t.Errorf("no second round of queries: %v", h.Out)
	}
	h.Send(uv.CellSizeEvent{Width: 9, Height: 18}, uv.PrimaryDeviceAttributesEvent{62, 4})
	c := h.m.viewer.Caps
	if c.CellWidth != 9 || !c.Sixel || !c.Answered() {
		t.Errorf("capabilities %+v", c)
	}
}

// sentRaw reports whether a raw write among msgs holds s.
func sentRaw(msgs []tea.Msg, s string) bool {
	for _, m := range msgs {
		if r, ok := m.(tea.RawMsg); ok && strings.Contains(fmt.Sprint(r.Msg), s) {
			return true
		}
	}
	return false
}

// TestKitty026GetsHalfBlocks: Debian 12's kitty 0.26.5 has no Unicode
// placeholders and refuses U=1 ("invalid key character: 0x55"), so its
// images are half-block previews, never a grid of placeholder boxes; f
// shows the image full screen with kitty's direct placement.
func TestKitty026GetsHalfBlocks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.m.viewer.Caps = imageview.DetectFromEnv(func(k string) string {
		return map[string]string{"TERM": "xterm-kitty", "COLORTERM": "truecolor"}[k]
	})
	h.Send(tea.TerminalVersionMsg{Name: "kitty(0.26.5)"}, uv.PrimaryDeviceAttributesEvent{62},
		uv.KittyGraphicsEvent{Options: kitty.Options{ID: 0x5a7e11}, Payload: []byte("OK")},
		uv.CellSizeEvent{Width: 9, Height: 18}, uv.PrimaryDeviceAttributesEvent{62})
	h.set("prompt", "a bell").set(rowSize, "256x256").Keys("enter")
	if sentRaw(h.Out, "U=1") || strings.Contains(h.m.View(), "\U0010EEEE") {
		t.Fatal("placeholders used with kitty 0.26")
	}
	if !strings.Contains(h.view(), "▀") {
		t.Errorf("no half-block preview:\n%s", h.view())
	}
	if p := h.m.viewer.Caps.FullScreen(); p != imageview.ProtocolKitty {
		t.Errorf("full screen with %v, want kitty's direct placement", p)
	}
}

// TestPassthroughHintOnce: inside tmux without allow-passthrough, the hint
// comes once an image is on screen and the run is over (last, so that the
// run's own notice does not cover it), whether the waits for the terminal's
// answer (the questions go again after each, up to the last) end before
// the run or after it.
func TestPassthroughHintOnce(t *testing.T) {
	t.Parallel()
	for _, deadlineFirst := range []bool{true, false} {
		h := newHarness(t, nil)
		caps := imageview.DetectFromEnv(func(k string) string { return map[string]string{"TMUX": "/t,1,0"}[k] })
		var deadline []tea.Msg
		caps.Tick = func(_ time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
			deadline = append(deadline, f(time.Time{}))
			return nil
		}
		// waitOut ends each wait in turn, the questions going again after
		// each, until the last wait is over.
		waitOut := func() {
			for len(deadline) > 0 {
				d := deadline
				deadline = nil
				h.Send(d...)
			}
		}
		h.m.viewer.Caps = caps
		// tmux answers the first round; the second, wrapped, never comes back.
		h.Send(tea.TerminalVersionMsg{Name: "tmux 3.5a"}, uv.PrimaryDeviceAttributesEvent{1, 2})
		if len(deadline) != 1 {
			t.Fatalf("%d deadlines", len(deadline))
		}
		if deadlineFirst {
			waitOut()
		}
		h.set("prompt", "a bell").set(rowSize, "256x256").set(rowN, "2").Keys("enter")
		if !deadlineFirst {
			waitOut()
		}
		if !h.m.viewer.Caps.PassthroughOff() {
			t.Fatalf("passthrough not found off: %+v", h.m.viewer.Caps)
		}
		h.Keys("right", "left") // more messages: no second hint
		notices := h.Notices()
		var hints int
		for _, n := range notices {
			if strings.Contains(n, "allow-passthrough on") {
				hints++
			}
		}
		if hints != 1 || !strings.Contains(notices[len(notices)-1], "allow-passthrough on") {
			t.Errorf("deadline first %v: %d hints, last notice %q", deadlineFirst, hints, notices[len(notices)-1])
		}
	}
}

func TestImagesOff(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.m.viewer.Caps.Override = imageview.ProtocolOff
	h.set("prompt", "a kettle").set(rowSize, "256x256").Keys("enter")
	v := h.view()
	if strings.Contains(v, "▀") || !strings.Contains(v, "(images off)") {
		t.Errorf("images off still draws:\n%s", v)
	}
	copies, _ := filepath.Glob(filepath.Join(h.outDir, "*.png"))
	if len(copies) != 1 || !strings.Contains(v, filepath.Base(copies[0])) {
		t.Errorf("the path is not shown:\n%s", v)
	}
}

func TestKittyImagesAreSentThenPlaced(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.m.viewer.Caps = imageview.Capabilities{Override: imageview.ProtocolKitty, TrueColor: true}
	h.set("prompt", "a bell").set(rowSize, "256x256").Keys("enter")
	var raws []tea.Msg
	for _, m := range h.Out {
		if r, ok := m.(tea.RawMsg); ok {
			raws = append(raws, r)
		}
	}
	if len(raws) == 0 {
		t.Fatal("no kitty transmission")
	}
	if strings.Contains(h.m.View(), "\U0010EEEE") {
		t.Error("placeholders drawn before the image was sent")
	}
	h.Send(raws...) // Bubble Tea writes them, then passes them on
	if !strings.Contains(h.m.View(), "\U0010EEEE") {
		t.Errorf("no kitty placeholders once the image was sent:\n%s", h.view())
	}
	// Back from a paused program (or resized), the image goes again: kitty
	// cleared the alternate screen's images when Bubble Tea entered it.
	// It goes once the terminal has answered a question asked first, or
	// the wait for the answer is over (here at once, with the ticks).
	before := len(h.Out)
	h.Send(tab.RedrawMsg{})
	for _, m := range h.Out[before:] {
		if r, ok := m.(tea.RawMsg); ok {
			h.Send(r)
		}
	}
	if !sentRaw(h.Out[before:], "_Ga=t,") {
		t.Error("no new transmission after a redraw")
	}
}

// TestEscLeavesTheResults: esc on the results goes one level back, to the
// form at its prompt (issue 30: the results ignored it); while images
// still arrive it stops them first.
func TestEscLeavesTheResults(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a lamp").set(rowSize, "256x256").Keys("enter")
	if h.m.area != resultsArea || h.m.page.running() {
		t.Fatalf("area %d, running %v: want the results of a finished run", h.m.area, h.m.page.running())
	}
	h.Keys("esc")
	if h.m.area != formArea || !h.m.form.onPrompt || !h.m.Focused() {
		t.Fatalf("esc on the results: area %d, on the prompt %v", h.m.area, h.m.form.onPrompt)
	}
	h.Keys("shift+tab") // from the prompt back past the form's top: the results
	h.Keys("g")
	if h.m.area != galleryArea {
		t.Fatalf("g: area %d", h.m.area)
	}
	h.Keys("esc")
	if h.m.area != resultsArea {
		t.Errorf("esc in the gallery: area %d, want the results it was opened from", h.m.area)
	}
}

package imagetab

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"atelier/ui/imageview"
	"atelier/ui/tab/tabtest"
)

func TestEditorRoundTrip(t *testing.T) {
	h := newHarness(t, nil)
	h.m.getenv = func(k string) string { return map[string]string{"EDITOR": "nano -w"}[k] }
	h.set(fPrompt, "first draft")
	ready := h.Results(h.update(tabtest.Press("ctrl+o")))
	if len(ready) != 1 {
		t.Fatalf("ctrl+o gave %v", ready)
	}
	msg := ready[0].(editorReadyMsg)
	t.Cleanup(func() { os.Remove(msg.path) })
	if b, _ := os.ReadFile(msg.path); string(b) != "first draft" {
		t.Errorf("the editor's file holds %q", b)
	}
	if args := msg.cmd.Args; len(args) != 3 || args[0] != "nano" || args[1] != "-w" || args[2] != msg.path {
		t.Errorf("editor command %q", args)
	}
	// The editor runs through tea.ExecProcess, which Bubble Tea runs; the
	// harness keeps its message. Then the person saves and quits.
	h.Send(msg)
	os.WriteFile(msg.path, []byte("a lighthouse\nin fog, watercolour\n"), 0o600)
	h.Send(editorClosedMsg{path: msg.path})
	if got := h.m.form.w.prompt.Value(); got != "a lighthouse\nin fog, watercolour" {
		t.Errorf("prompt %q", got)
	}
	if _, err := os.Stat(msg.path); !os.IsNotExist(err) {
		t.Error("the temporary file was left behind")
	}
	if !strings.Contains(h.view(), "in fog, watercolour") {
		t.Errorf("the second line of the prompt is not shown:\n%s", h.view())
	}
}

func TestEditorCommand(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want []string
	}{
		{map[string]string{}, []string{"vi"}},
		{map[string]string{"EDITOR": "hx"}, []string{"hx"}},
		{map[string]string{"EDITOR": "hx", "VISUAL": "code --wait"}, []string{"code", "--wait"}},
	} {
		name, args := editorCommand(func(k string) string { return c.env[k] })
		if got := append([]string{name}, args...); !slices.Equal(got, c.want) {
			t.Errorf("%v: %q, want %q", c.env, got, c.want)
		}
	}
}

func TestZoomAndHelp(t *testing.T) {
	h := newHarness(t, nil)
	h.set(fPrompt, "a lamp").set(fSize, "256x256").set(fN, "2").Keys("enter")
	if h.m.mode() != viewing {
		t.Fatal("the results do not have the keyboard after a send")
	}
	keys := []string{}
	for _, b := range h.m.KeyMap().ShortHelp() {
		keys = append(keys, b.Help().Key)
	}
	if strings.Join(keys, " ") != "enter e g r ←/→ f" {
		t.Errorf("results help %q", keys)
	}
	h.Keys("f") // half blocks: the selected image fills the results
	if !h.m.zoom || strings.Contains(h.view(), "image 2 of 2") {
		t.Errorf("f did not zoom:\n%s", h.view())
	}
	h.Keys("esc")
	if h.m.zoom {
		t.Error("esc did not unzoom")
	}
	h.Keys("tab")
	if h.m.area != formArea || h.m.form.focus != fPrompt {
		t.Error("tab from the results does not go to the prompt")
	}
}

func TestTerminalRepliesAreFolded(t *testing.T) {
	h := newHarness(t, nil)
	h.m.viewer.Caps = imageview.DetectFromEnv(func(string) string { return "" })
	h.Send(uv.CellSizeEvent{Width: 9, Height: 18}, uv.PrimaryDeviceAttributesEvent{62, 4})
	c := h.m.viewer.Caps
	if c.CellWidth != 9 || !c.Sixel || !c.Answered() {
		t.Errorf("capabilities %+v", c)
	}
}

func TestImagesOff(t *testing.T) {
	h := newHarness(t, nil)
	h.m.viewer.Caps.Override = imageview.ProtocolOff
	h.set(fPrompt, "a kettle").set(fSize, "256x256").Keys("enter")
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
	h := newHarness(t, nil)
	h.m.viewer.Caps = imageview.Capabilities{Override: imageview.ProtocolKitty, TrueColor: true}
	h.set(fPrompt, "a bell").set(fSize, "256x256").Keys("enter")
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
}

package imageview

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

func TestFullScreenRun(t *testing.T) {
	var out bytes.Buffer
	in := strings.NewReader("qrest")
	fs := &fullScreen{image: "<IMAGE>", caption: "~/media/img.png", rows: 24}
	fs.SetStdin(in)
	fs.SetStdout(&out)
	fs.SetStderr(nil)
	if err := fs.Run(); err != nil {
		t.Fatal(err)
	}
	want := "\x1b[?1049h\x1b[?25l\x1b[2J\x1b[H<IMAGE>\x1b[24;1H\x1b[2K~/media/img.png\x1b[2J\x1b[?25h\x1b[?1049l"
	if out.String() != want {
		t.Errorf("wrote %q, want %q", out.String(), want)
	}
	if in.Len() != 4 {
		t.Errorf("read %d bytes, want the one key", 5-in.Len())
	}
	if err := (&fullScreen{}).Run(); err == nil {
		t.Error("Run without output succeeded")
	}
}

func TestFullScreenImage(t *testing.T) {
	img := testPattern(800, 600)
	six, err := fullScreenImage(img, ProtocolSixel, Capabilities{CellWidth: 8, CellHeight: 16}, 40, 20)
	if err != nil {
		t.Fatal(err)
	}
	// At most 320×320 pixels: the 4:3 image becomes 320×240.
	if d := decodeSixel(t, six); d.w != 320 || d.h != 240 {
		t.Errorf("sixel %dx%d, want 320x240", d.w, d.h)
	}
	it, err := fullScreenImage(img, ProtocolITerm2, Capabilities{Tmux: true}, 40, 20)
	if err != nil {
		t.Fatal(err)
	}
	args, _ := parseITerm2(t, tmuxUnwrap(t, it))
	if args["width"] != "40" || args["height"] != "20" {
		t.Errorf("iTerm2 args %v", args)
	}
	for _, p := range []Protocol{ProtocolKitty, ProtocolHalfBlock, ProtocolOff, ProtocolAuto} {
		if _, err := fullScreenImage(img, p, Capabilities{}, 40, 20); err == nil {
			t.Errorf("%v accepted for a paused full screen", p)
		}
	}
}

type fullScreenDone struct{ err error }

// fullScreenModel opens the full-screen preview at start and quits when it
// is closed.
type fullScreenModel struct {
	cmd tea.Cmd
	err error
}

func (m fullScreenModel) Init() tea.Cmd { return m.cmd }

func (m fullScreenModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(fullScreenDone); ok {
		m.err = d.err
		return m, tea.Quit
	}
	return m, nil
}

func (m fullScreenModel) View() tea.View { return tea.NewView("tab view") }

// TestFullScreenCmdPausesProgram runs the command in a program: the image is
// written by the exec'd command, between the program's own frames, and the
// callback's message comes back. (Without input there is no key to wait for.)
func TestFullScreenCmdPausesProgram(t *testing.T) {
	done := func(err error) tea.Msg { return fullScreenDone{err} }
	var out syncBuffer
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := FullScreenCmd(testPattern(30, 12), ProtocolSixel, Capabilities{}, 20, 6, "img\x1b]52;c;evil\a.png", done)
	p := tea.NewProgram(fullScreenModel{cmd: cmd}, tea.WithInput(nil), tea.WithOutput(&out),
		tea.WithContext(ctx), tea.WithWindowSize(20, 6), tea.WithColorProfile(colorprofile.TrueColor),
		tea.WithoutSignalHandler())
	final, err := p.Run()
	if err != nil {
		t.Fatal(err)
	}
	if err := final.(fullScreenModel).err; err != nil {
		t.Errorf("callback error %v", err)
	}
	got := out.String()
	img := strings.Index(got, "\x1bP0;1;0q")
	if img < 0 || !strings.Contains(got[:img], "\x1b[?1049h") {
		t.Fatalf("sixel not written on the alternate screen: %q", got)
	}
	if !strings.Contains(got, "img.png") || strings.Contains(got, "]52;") {
		t.Errorf("caption not shown or not cleaned: %q", got)
	}

	unsupported := FullScreenCmd(testPattern(4, 4), ProtocolKitty, Capabilities{}, 20, 6, "x", done)()
	if d, ok := unsupported.(fullScreenDone); !ok || d.err == nil {
		t.Errorf("kitty full screen: %v, want an error message", unsupported)
	}
	if FullScreenCmd(testPattern(4, 4), ProtocolOff, Capabilities{}, 20, 6, "x", nil)() != nil {
		t.Error("error with no callback should give no message")
	}
}

func TestOpenArgs(t *testing.T) {
	abs, err := filepath.Abs("-rf.png")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		goos string
		name string
		args []string
	}{
		{"linux", "xdg-open", []string{abs}},
		{"freebsd", "xdg-open", []string{abs}},
		{"darwin", "open", []string{abs}},
		{"windows", "rundll32", []string{"url.dll,FileProtocolHandler", abs}},
	}
	for _, tt := range tests {
		name, args := openArgs(tt.goos, "-rf.png")
		if name != tt.name || strings.Join(args, "|") != strings.Join(tt.args, "|") {
			t.Errorf("%s: %s %q, want %s %q", tt.goos, name, args, tt.name, tt.args)
		}
	}
	if cmd := OpenCmd("/tmp/x.png"); cmd.Args[len(cmd.Args)-1] != "/tmp/x.png" || cmd.Process != nil {
		t.Errorf("OpenCmd = %v", cmd.Args)
	}
}

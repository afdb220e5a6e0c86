package imageview

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

func TestFullScreenRun(t *testing.T) {
	var out bytes.Buffer
	in := strings.NewReader("qrest")
	fs := &fullScreen{image: "<IMAGE>", caption: "~/media/img.png", rows: 24, cleanup: "<DELETE>"}
	fs.SetStdin(in)
	fs.SetStdout(&out)
	fs.SetStderr(nil)
	if err := fs.Run(); err != nil {
		t.Fatal(err)
	}
	want := "\x1b[?1049h\x1b[?25l\x1b[2J<IMAGE>\x1b[24;1H\x1b[2K~/media/img.png<DELETE>\x1b[2J\x1b[?25h\x1b[?1049l"
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

// cut splits a full-screen image after its leading cursor move.
func cut(t *testing.T, s string) (move, rest string) {
	t.Helper()
	end := strings.IndexByte(s, 'H')
	if !strings.HasPrefix(s, "\x1b[") || end < 0 {
		t.Fatalf("no cursor move first: %q", s[:min(len(s), 20)])
	}
	return s[:end+1], s[end+1:]
}

func TestFullScreenImage(t *testing.T) {
	img := testPattern(800, 600)
	six, err := fullScreenImage(img, ProtocolSixel, Capabilities{CellWidth: 8, CellHeight: 16}, 40, 20)
	if err != nil {
		t.Fatal(err)
	}
	// At most 320×320 pixels: the 4:3 image becomes 320×240, 40 cells wide.
	move, seq := cut(t, six.image)
	if d := decodeSixel(t, seq); d.w != 320 || d.h != 240 || move != "\x1b[1;1H" {
		t.Errorf("sixel %dx%d at %q, want 320x240 at the top left", d.w, d.h, move)
	}
	it, err := fullScreenImage(img, ProtocolITerm2, Capabilities{Tmux: true}, 40, 20)
	if err != nil {
		t.Fatal(err)
	}
	_, seq = cut(t, it.image)
	args, _ := parseITerm2(t, tmuxUnwrap(t, seq))
	if args["width"] != "40" || args["height"] != "20" {
		t.Errorf("iTerm2 args %v", args)
	}
	for _, p := range []Protocol{ProtocolOff, ProtocolAuto} {
		if _, err := fullScreenImage(img, p, Capabilities{}, 40, 20); err == nil {
			t.Errorf("%v accepted for a full screen", p)
		}
	}
}

// TestFullScreenSixelSize: xterm answers neither CSI 16 t nor CSI 14 t by
// default; the tty's pixels then give the cell size, and the sixel image
// fills the screen instead of assuming 10×20 cells.
func TestFullScreenSixelSize(t *testing.T) {
	img := testPattern(1000, 1000)
	tests := []struct {
		name string
		caps Capabilities
		h    int // the image's height: it is as tall as the screen allows
	}{
		{"cell size answered", Capabilities{CellWidth: 7, CellHeight: 15}, 23 * 15},
		{"window pixels answered", Capabilities{pixelW: 80 * 6, pixelH: 24 * 13, Window: Window{Cols: 80, Rows: 24}}, 23 * 13},
		{"the tty's pixels", Capabilities{Window: Window{Cols: 80, Rows: 24, PixelW: 484, PixelH: 316}}, 23 * 13},
		{"nothing said", Capabilities{}, 23 * 20},
	}
	for _, tt := range tests {
		fs, err := fullScreenImage(img, ProtocolSixel, tt.caps, 80, 23)
		if err != nil {
			t.Fatal(err)
		}
		_, seq := cut(t, fs.image)
		if d := decodeSixel(t, seq); d.h != tt.h || d.w != tt.h {
			t.Errorf("%s: sixel %dx%d, want %dx%d", tt.name, d.w, d.h, tt.h, tt.h)
		}
	}
}

// TestFullScreenKitty: outside tmux the image is placed where the cursor
// is (every kitty has that, 0.26 too); inside tmux, through placeholders.
// Either way it is deleted when the screen closes.
func TestFullScreenKitty(t *testing.T) {
	img := testPattern(300, 200)
	caps := Capabilities{CellWidth: 10, CellHeight: 20}
	fs, err := fullScreenImage(img, ProtocolKitty, caps, 80, 23)
	if err != nil {
		t.Fatal(err)
	}
	move, seq := cut(t, fs.image)
	cmds := parseKitty(t, seq)
	k := cmds[0].keys
	// 300×200 in 80×23 cells of 10×20: 460 pixels tall, 69 columns by 23 rows.
	if k["a"] != "T" || k["U"] != "" || k["C"] != "1" || k["c"] != "69" || k["r"] != "23" || k["p"] == "" || move != "\x1b[1;6H" {
		t.Errorf("direct placement %v at %q", k, move)
	}
	if fs.cleanup != (Kitty{}).Delete(fullScreenKittyID) {
		t.Errorf("cleanup %q", fs.cleanup)
	}
	caps.Tmux, caps.TrueColor = true, true
	fs, err = fullScreenImage(img, ProtocolKitty, caps, 80, 23)
	if err != nil {
		t.Fatal(err)
	}
	// The transmission waits for a probe to get through (waitKey); the
	// screen holds the placeholders.
	_, place := transmission(t, tmuxUnwrapAll(t, fs.tmuxImage))
	keys := place.keys
	if _, quiet := keys["q"]; keys["U"] != "1" || keys["p"] == "" || quiet {
		t.Errorf("in tmux: keys %v, want an answered virtual placement", keys)
	}
	if strings.Contains(fs.image, "\x1b_G") || !strings.Contains(fs.image, cellRune(22, 68)) ||
		fs.cleanup != (Kitty{Tmux: true}).Delete(fullScreenKittyID) {
		t.Error("in tmux: the image with the screen, no placeholder text, or no wrapped delete")
	}
	// Written to tmux directly: the image id a palette index, the
	// placement a 24-bit underline colour (tmux rewrites a palette one),
	// whatever the renderer's profile.
	for _, tc := range []bool{true, false} {
		caps.TrueColor = tc
		fs, _ = fullScreenImage(img, ProtocolKitty, caps, 80, 23)
		if !strings.Contains(fs.image, "\x1b[38;5;255;58;2;0;0;1m") {
			t.Errorf("in tmux (true colour %v): placeholder colours not in the form tmux passes on", tc)
		}
	}
}

// TestFullScreenHalfBlock: half blocks over the whole screen, each line
// placed on its own, in the colours the terminal has.
func TestFullScreenHalfBlock(t *testing.T) {
	img := testPattern(200, 100)
	for _, tt := range []struct {
		caps Capabilities
		sgr  string
	}{
		{Capabilities{TrueColor: true}, "38;2;"},
		{Capabilities{Profile: colorprofile.ANSI256}, "38;5;"},
		{Capabilities{Profile: colorprofile.ANSI}, "\x1b[9"},
	} {
		fs, err := fullScreenImage(img, ProtocolHalfBlock, tt.caps, 40, 12)
		if err != nil {
			t.Fatal(err)
		}
		// 200×100 in 40×12 cells of 1:2: 40 columns by 10 rows.
		if n := strings.Count(fs.image, "H"); n != 10 || !strings.HasPrefix(fs.image, "\x1b[1;1H") || !strings.Contains(fs.image, "\x1b[10;1H") {
			t.Errorf("%d lines placed: %q", n, fs.image[:30])
		}
		if !strings.Contains(fs.image, tt.sgr) {
			t.Errorf("profile %v: no %q in the colours", tt.caps.Profile, tt.sgr)
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
	cmd := FullScreenCmd(testPattern(30, 12), ProtocolSixel, Capabilities{Title: "atelier\x1b]0;x\a"}, 20, 6, "img\x1b]52;c;evil\a.png", done)
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
	// Bubble Tea clears the window title while the program is paused
	// (tmux's status line showed ""): the full screen sets it again.
	if title := strings.Index(got, "\x1b]2;atelier\x1b\\"); title < strings.LastIndex(got[:img], "\x1b]2;\x1b\\") || title > img ||
		strings.Contains(got, "]0;x") {
		t.Errorf("window title not set again, cleaned, before the image: %q", got[:img])
	}

	unsupported := FullScreenCmd(testPattern(4, 4), ProtocolAuto, Capabilities{}, 20, 6, "x", done)()
	if d, ok := unsupported.(fullScreenDone); !ok || d.err == nil {
		t.Errorf("no protocol: %v, want an error message", unsupported)
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

// TestTmuxDelivery is the full screen's decision inside tmux, where tmux
// drops passthrough until it has redrawn the pane: probes until one is
// answered, then the image; probing again when the image gets no answer or
// a refusal; ackTries images at most; the image anyway when no probe is
// ever answered.
func TestTmuxDelivery(t *testing.T) {
	type step struct {
		event        string // "probe", "ok", "refused", "timeout"
		image, probe bool   // what goes next
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"answered at once", []step{{"probe", true, false}, {"ok", false, false}, {"timeout", false, false}}},
		{"probe lost once", []step{{"timeout", false, true}, {"probe", true, false}, {"ok", false, false}}},
		{"image lost", []step{{"probe", true, false}, {"timeout", false, true}, {"probe", true, false}, {"ok", false, false}}},
		{"image refused", []step{{"probe", true, false}, {"refused", false, true}, {"probe", true, false}, {"ok", false, false}}},
		{"a late probe answer while sending", []step{{"probe", true, false}, {"probe", false, false}, {"ok", false, false}}},
		{"images never answered", []step{
			{"probe", true, false}, {"timeout", false, true},
			{"probe", true, false}, {"timeout", false, true},
			{"probe", true, false}, {"timeout", false, false},
			{"probe", false, false}, {"timeout", false, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := tmuxDelivery{probes: 1, probeWait: probeWait, ackWait: ackWait}
			for i, s := range tt.steps {
				var image, probe bool
				switch s.event {
				case "probe":
					image, probe = d.answer(probeID, true)
				case "ok":
					image, probe = d.answer(int(fullScreenKittyID), true)
				case "refused":
					image, probe = d.answer(int(fullScreenKittyID), false)
				case "timeout":
					image, probe = d.timeout()
				}
				if image != s.image || probe != s.probe {
					t.Fatalf("step %d (%s): image %v probe %v, want %v %v", i, s.event, image, probe, s.image, s.probe)
				}
			}
		})
	}
	// No probe ever answered: probeTries of them, then the image.
	d := tmuxDelivery{probes: 1, probeWait: probeWait, ackWait: ackWait}
	probes := 1
	for {
		image, probe := d.timeout()
		if image {
			break
		}
		if !probe || probes > probeTries {
			t.Fatalf("after %d probes: nothing goes", probes)
		}
		probes++
	}
	if probes != probeTries || d.wait() != ackWait {
		t.Errorf("%d probes before the image, wait %v", probes, d.wait())
	}
	if id, ok := parseKittyAnswer([]byte("\x1b_Gi=4278190335,p=1;OK")); id != int(fullScreenKittyID) || !ok {
		t.Errorf("answer read as %d %v", id, ok)
	}
	if id, ok := parseKittyAnswer([]byte("\x1b_Gi=x;ENOENT")); id != 0 || ok {
		t.Errorf("bad answer read as %d %v", id, ok)
	}
}

// writes is a writer that hands each write to a channel.
type writes chan string

func (w writes) Write(p []byte) (int, error) {
	w <- string(p)
	return len(p), nil
}

// TestFullScreenDeliversThroughTmux runs waitKey on a pipe: probe, answer,
// image, answer (read in two parts), then the key that closes the screen;
// and with no answers at all, ackTries images before only a key is awaited.
func TestFullScreenDeliversThroughTmux(t *testing.T) {
	run := func(wait time.Duration) (*os.File, writes, chan error) {
		t.Helper()
		in, keys, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { in.Close(); keys.Close() })
		out := make(writes, 100)
		f := &fullScreen{tmuxImage: "IMAGE", probeWait: wait, ackWait: wait, in: in, out: out}
		done := make(chan error, 1)
		go func() { done <- f.waitKey() }()
		return keys, out, done
	}
	keys, out, done := run(time.Hour)
	if got := <-out; !strings.Contains(got, "a=q") {
		t.Fatalf("first wrote %q, want the probe", got)
	}
	_, _ = keys.WriteString("\x1b_Gi=" + strconv.Itoa(probeID) + ";OK\x1b\\")
	if got := <-out; got != "IMAGE" {
		t.Fatalf("wrote %q once the probe was answered", got)
	}
	_, _ = keys.WriteString("\x1b_Gi=4278190335,p=1;O")
	_, _ = keys.WriteString("K\x1b\\")
	_, _ = keys.WriteString("q")
	if err := <-done; err != nil || len(out) != 0 {
		t.Errorf("closed with %v after %d more writes", err, len(out))
	}

	keys, out, done = run(time.Millisecond)
	images := 0
	for images < ackTries {
		if <-out == "IMAGE" {
			images++
		}
	}
	_, _ = keys.WriteString(" ")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for w := range len(out) {
		if <-out == "IMAGE" {
			t.Errorf("image %d written after %d", ackTries+w+1, ackTries)
		}
	}
}

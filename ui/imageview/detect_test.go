package imageview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi/kitty"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// envList lists the variables of getenv that decide a colour profile.
func envList(getenv func(string) string) []string {
	var out []string
	for _, k := range []string{"TERM", "COLORTERM", "NO_COLOR"} {
		if v := getenv(k); v != "" {
			out = append(out, k+"="+v)
		}
	}
	return out
}

func TestDetectFromEnv(t *testing.T) {
	tests := []struct {
		name         string
		env          func(string) string
		inline, full Protocol
		tmux, sixel  bool
	}{
		{"nothing known", env(), ProtocolHalfBlock, ProtocolHalfBlock, false, false},
		{"xterm", env("TERM", "xterm-256color"), ProtocolHalfBlock, ProtocolHalfBlock, false, false},
		// Which kitty it is, and so whether it has placeholders, only its
		// XTVERSION reply says; every kitty places images at the cursor.
		{"kitty TERM", env("TERM", "xterm-kitty"), ProtocolHalfBlock, ProtocolKitty, false, false},
		{"kitty window", env("TERM", "xterm-256color", "KITTY_WINDOW_ID", "3"), ProtocolHalfBlock, ProtocolKitty, false, false},
		{"ghostty program", env("TERM_PROGRAM", "ghostty"), ProtocolKitty, ProtocolKitty, false, false},
		{"ghostty TERM", env("TERM", "xterm-ghostty"), ProtocolKitty, ProtocolKitty, false, false},
		{"ghostty resources", env("GHOSTTY_RESOURCES_DIR", "/usr/share/ghostty"), ProtocolKitty, ProtocolKitty, false, false},
		{"wezterm program", env("TERM_PROGRAM", "WezTerm"), ProtocolHalfBlock, ProtocolITerm2, false, true},
		{"wezterm pane", env("WEZTERM_PANE", "0"), ProtocolHalfBlock, ProtocolITerm2, false, true},
		{"iterm2", env("TERM_PROGRAM", "iTerm.app"), ProtocolHalfBlock, ProtocolITerm2, false, false},
		{"iterm2 over ssh", env("LC_TERMINAL", "iTerm2", "TERM", "xterm-256color"), ProtocolHalfBlock, ProtocolITerm2, false, false},
		{"iterm2 session", env("ITERM_SESSION_ID", "w0t0p0:ABC"), ProtocolHalfBlock, ProtocolITerm2, false, false},
		{"konsole", env("KONSOLE_VERSION", "230804"), ProtocolHalfBlock, ProtocolSixel, false, true},
		{"foot", env("TERM", "foot"), ProtocolHalfBlock, ProtocolSixel, false, true},
		{"foot direct", env("TERM", "foot-direct"), ProtocolHalfBlock, ProtocolSixel, false, true},
		{"mlterm", env("TERM", "mlterm"), ProtocolHalfBlock, ProtocolSixel, false, true},
		{"tmux alone", env("TMUX", "/tmp/tmux-1000/default,42,0", "TERM", "tmux-256color", "TERM_PROGRAM", "tmux"), ProtocolHalfBlock, ProtocolHalfBlock, true, false},
		// Through tmux only an answer shows the graphics get through.
		{"tmux in kitty", env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color", "KITTY_WINDOW_ID", "1"), ProtocolHalfBlock, ProtocolHalfBlock, true, false},
		{"tmux in foot: sixel is tmux's call", env("TMUX", "/tmp/t,1,0", "TERM", "foot"), ProtocolHalfBlock, ProtocolHalfBlock, true, false},
		{"override off", env("TERM", "xterm-kitty", "ATELIER_IMAGES", "off"), ProtocolOff, ProtocolOff, false, false},
		{"override halfblock", env("TERM", "xterm-kitty", "ATELIER_IMAGES", "halfblock"), ProtocolHalfBlock, ProtocolHalfBlock, false, false},
		{"override kitty", env("ATELIER_IMAGES", "KITTY"), ProtocolKitty, ProtocolKitty, false, false},
		{"override sixel", env("TERM", "xterm-kitty", "ATELIER_IMAGES", "sixel"), ProtocolHalfBlock, ProtocolSixel, false, false},
		{"override iterm2", env("ATELIER_IMAGES", " iterm2 "), ProtocolHalfBlock, ProtocolITerm2, false, false},
		{"override auto", env("TERM", "xterm-ghostty", "ATELIER_IMAGES", "auto"), ProtocolKitty, ProtocolKitty, false, false},
		{"bad override ignored", env("TERM", "xterm-ghostty", "ATELIER_IMAGES", "jpeg"), ProtocolKitty, ProtocolKitty, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := DetectFromEnv(tt.env)
			if got := c.Inline(); got != tt.inline {
				t.Errorf("Inline() = %v, want %v", got, tt.inline)
			}
			if got := c.FullScreen(); got != tt.full {
				t.Errorf("FullScreen() = %v, want %v", got, tt.full)
			}
			if c.Tmux != tt.tmux || c.Sixel != tt.sixel {
				t.Errorf("Tmux %v Sixel %v, want %v %v", c.Tmux, c.Sixel, tt.tmux, tt.sixel)
			}
		})
	}
}

func TestDetectTrueColor(t *testing.T) {
	for _, v := range []string{"truecolor", "24bit", "TrueColor"} {
		if !DetectFromEnv(env("COLORTERM", v)).TrueColor {
			t.Errorf("COLORTERM=%s: not true colour", v)
		}
	}
	if DetectFromEnv(env("COLORTERM", "yes")).TrueColor {
		t.Error("COLORTERM=yes taken for true colour")
	}
}

func TestParseProtocol(t *testing.T) {
	for p := ProtocolAuto; p <= ProtocolITerm2; p++ {
		got, err := ParseProtocol(p.String())
		if err != nil || got != p {
			t.Errorf("ParseProtocol(%q) = %v, %v", p.String(), got, err)
		}
	}
	if p, err := ParseProtocol(""); err != nil || p != ProtocolAuto {
		t.Errorf("empty: %v, %v", p, err)
	}
	if _, err := ParseProtocol("png"); err == nil {
		t.Error("png accepted")
	}
	if s := Protocol(42).String(); s != "Protocol(42)" {
		t.Errorf("String() = %q", s)
	}
}

func kittyReply(id int, payload string) uv.KittyGraphicsEvent {
	return uv.KittyGraphicsEvent{Options: kitty.Options{ID: id}, Payload: []byte(payload)}
}

func TestCapabilitiesUpdate(t *testing.T) {
	type step struct {
		msg    tea.Msg
		folded bool
	}
	tests := []struct {
		name   string
		env    func(string) string
		steps  []step
		check  func(c Capabilities) bool
		inline Protocol
		full   Protocol
	}{
		{"kitty reply OK", env(), []step{{kittyReply(kittyQueryID, "OK"), true}},
			func(c Capabilities) bool { return c.Kitty }, ProtocolKitty, ProtocolKitty},
		{"kitty reply error", env(), []step{{kittyReply(kittyQueryID, "EINVAL:bad"), true}},
			func(c Capabilities) bool { return !c.Kitty }, ProtocolHalfBlock, ProtocolHalfBlock},
		{"someone else's kitty reply", env(), []step{{kittyReply(7, "OK"), false}},
			func(c Capabilities) bool { return !c.Kitty }, ProtocolHalfBlock, ProtocolHalfBlock},
		{"DA1 with sixel", env(), []step{{uv.PrimaryDeviceAttributesEvent{62, 4, 22}, true}},
			func(c Capabilities) bool { return c.Sixel && !c.Answered() }, ProtocolHalfBlock, ProtocolSixel},
		{"DA1 without sixel", env(), []step{{uv.PrimaryDeviceAttributesEvent{62, 22}, true}},
			func(c Capabilities) bool { return !c.Sixel }, ProtocolHalfBlock, ProtocolHalfBlock},
		{"kitty named over ssh", env("TERM", "xterm-256color"), []step{
			{tea.TerminalVersionMsg{Name: "kitty(0.36.2)"}, true},
		}, func(c Capabilities) bool { return c.Kitty && c.Terminal == "kitty(0.36.2)" }, ProtocolKitty, ProtocolKitty},
		{"iTerm2 named", env(), []step{{tea.TerminalVersionMsg{Name: "iTerm2 3.5.0"}, true}},
			func(c Capabilities) bool { return c.ITerm2 }, ProtocolHalfBlock, ProtocolITerm2},
		{"tmux named", env(), []step{{tea.TerminalVersionMsg{Name: "tmux 3.4"}, true}},
			func(c Capabilities) bool { return c.Tmux }, ProtocolHalfBlock, ProtocolHalfBlock},
		{"cell size", env(), []step{{uv.CellSizeEvent{Width: 9, Height: 19}, true}},
			func(c Capabilities) bool { return c.CellWidth == 9 && c.CellHeight == 19 }, ProtocolHalfBlock, ProtocolHalfBlock},
		{"colour profile", env("COLORTERM", "truecolor"), []step{{tea.ColorProfileMsg{Profile: colorprofile.ANSI256}, true}},
			func(c Capabilities) bool { return !c.TrueColor }, ProtocolHalfBlock, ProtocolHalfBlock},
		{"true colour profile", env(), []step{{tea.ColorProfileMsg{Profile: colorprofile.TrueColor}, true}},
			func(c Capabilities) bool { return c.TrueColor }, ProtocolHalfBlock, ProtocolHalfBlock},
		{"override survives replies", env("ATELIER_IMAGES", "halfblock"), []step{{kittyReply(kittyQueryID, "OK"), true}},
			func(c Capabilities) bool { return c.Kitty }, ProtocolHalfBlock, ProtocolHalfBlock},
		{"unrelated message", env(), []step{{tea.KeyPressMsg{Code: 'a'}, false}, {tea.RawMsg{Msg: "x"}, false}},
			func(c Capabilities) bool { return !c.Answered() }, ProtocolHalfBlock, ProtocolHalfBlock},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := DetectFromEnv(tt.env)
			for i, s := range tt.steps {
				if _, got := c.Update(s.msg); got != s.folded {
					t.Errorf("step %d: Update = %v, want %v", i, got, s.folded)
				}
			}
			if !tt.check(c) {
				t.Errorf("unexpected capabilities %+v", c)
			}
			if c.Inline() != tt.inline || c.FullScreen() != tt.full {
				t.Errorf("Inline %v FullScreen %v, want %v %v", c.Inline(), c.FullScreen(), tt.inline, tt.full)
			}
		})
	}
}

// terminalSim answers atelier's queries as a terminal does: the first
// round's, then the second round that Update sends. Inside tmux, tmux
// answers the first round and drops the second, or (with passthrough on)
// hands it, unwrapped, to the terminal outside.
type terminalSim struct {
	version     string // XTVERSION; "" answers none
	da1         uv.PrimaryDeviceAttributesEvent
	kitty       bool // answers the kitty graphics query
	cell        uv.CellSizeEvent
	graphic     [2]int // answers XTSMGRAPHICS with this geometry; zero: no answer
	sgr         string // answers DECRQSS for SGR with this; "": no answer
	tmux        string // tmux's XTVERSION when inside tmux
	tmuxDA1     uv.PrimaryDeviceAttributesEvent
	passthrough bool
	// lost, when not nil, is how many passthrough writes tmux drops
	// before it passes one on (a redraw of the window is due).
	lost *int
	// client is what tmux display-message prints about its client;
	// tmuxFails makes it fail.
	client    string
	tmuxFails bool
}

// display is the sim's tmux display-message.
func (s terminalSim) display(format string) (string, error) {
	if s.tmuxFails {
		return "", errors.New("no server running")
	}
	if format != tmuxClientFormat {
		return "", fmt.Errorf("unexpected format %q", format)
	}
	return s.client, nil
}

// replies are what the terminal sends back for the bytes written.
func (s terminalSim) replies(t *testing.T, written string) []tea.Msg {
	t.Helper()
	if s.tmux != "" {
		switch {
		case written == nameQueries:
			da := s.tmuxDA1
			if da == nil {
				da = uv.PrimaryDeviceAttributesEvent{1, 2}
			}
			return []tea.Msg{tea.TerminalVersionMsg{Name: s.tmux}, da}
		case strings.HasPrefix(written, "\x1bPtmux;"):
			if !s.passthrough {
				return nil
			}
			if s.lost != nil && *s.lost > 0 {
				*s.lost--
				return nil
			}
			written = tmuxUnwrap(t, written)
		default:
			if strings.Contains(written, "\x1b_G") {
				t.Fatalf("an APC written to tmux unwrapped, which tmux takes for the pane's title: %q", written)
			}
			return nil
		}
	}
	var out []tea.Msg
	for written != "" {
		switch {
		case strings.HasPrefix(written, kittyQuery):
			written = written[len(kittyQuery):]
			if s.kitty {
				out = append(out, kittyReply(kittyQueryID, "OK"))
			}
		case strings.HasPrefix(written, cellSizeQuery):
			written = written[len(cellSizeQuery):]
			if s.cell.Width > 0 {
				out = append(out, s.cell)
			}
		case strings.HasPrefix(written, pixelSizeQuery):
			written = written[len(pixelSizeQuery):]
		case strings.HasPrefix(written, nameQuery):
			written = written[len(nameQuery):]
			if s.version != "" {
				out = append(out, tea.TerminalVersionMsg{Name: s.version})
			}
		case strings.HasPrefix(written, primaryDAQuery):
			written = written[len(primaryDAQuery):]
			out = append(out, s.da1)
		case strings.HasPrefix(written, graphicSizeQuery):
			written = written[len(graphicSizeQuery):]
			if s.graphic[0] > 0 {
				out = append(out, uv.UnknownCsiEvent(fmt.Sprintf("\x1b[?2;0;%d;%dS", s.graphic[0], s.graphic[1])))
			}
		case strings.HasPrefix(written, colourProbe):
			written = written[len(colourProbe):]
			if s.sgr != "" {
				out = append(out, uv.UnknownDcsEvent("\x1bP1$r"+s.sgr+"m\x1b\\"))
			}
		default:
			t.Fatalf("unknown query %q", written)
		}
	}
	return out
}

// detect runs the queries against sim from the environment env and
// returns the capabilities once nothing more comes, and what was written.
func detect(t *testing.T, sim terminalSim, environ func(string) string) (Capabilities, []string) {
	t.Helper()
	c := DetectFromEnv(environ)
	c.TmuxDisplay = sim.display
	// The wait for replies through tmux ends after every reply that comes.
	var later []tea.Msg
	c.Tick = func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
		if d <= 0 {
			t.Errorf("a wait of %v", d)
		}
		later = append(later, f(time.Time{}))
		return nil
	}
	var written []string
	var waits int
	// Bubble Tea says its colour profile first, from TERM and COLORTERM.
	queue := []tea.Msg{tea.ColorProfileMsg{Profile: colorprofile.Env(envList(environ))}}
	queue = append(queue, drain(QueryCmds())...)
	for len(queue) > 0 || len(later) > 0 {
		if len(queue) == 0 {
			queue, later = later, nil
		}
		msg := queue[0]
		queue = queue[1:]
		// Bubble Tea writes a raw message, then passes it on.
		if r, ok := msg.(tea.RawMsg); ok {
			if _, ok := r.Msg.(outerAgain); ok {
				waits++
			} else if w := fmt.Sprint(r.Msg); w != "" {
				written = append(written, w)
				queue = append(queue, sim.replies(t, w)...)
			}
		}
		cmd, _ := c.Update(msg)
		queue = append(queue, drain(cmd)...)
	}
	if waits > outerTries {
		t.Errorf("%d waits for the terminal outside tmux, want at most %d", waits, outerTries)
	}
	if !c.Answered() {
		t.Errorf("queries never ended: %+v", c)
	}
	return c, written
}

// TestProtocolFromTerminalReplies is the choice of protocol from what the
// terminal answers, its XTVERSION reply first: kitty before 0.28 has no
// Unicode placeholders (it refuses U=1), so inline images are half blocks
// there and full screen uses kitty's direct placement; inside tmux only an
// answer through passthrough shows kitty graphics get through.
func TestProtocolFromTerminalReplies(t *testing.T) {
	kittyDA := uv.PrimaryDeviceAttributesEvent{62}
	tests := []struct {
		name         string
		sim          terminalSim
		env          func(string) string
		inline, full Protocol
		passOff      bool // PassthroughOff: the hint is due
		cell         [2]int
	}{
		{"kitty 0.26", terminalSim{version: "kitty(0.26.5)", da1: kittyDA, kitty: true, cell: uv.CellSizeEvent{Width: 9, Height: 18}},
			env("TERM", "xterm-kitty"), ProtocolHalfBlock, ProtocolKitty, false, [2]int{9, 18}},
		{"kitty 0.28", terminalSim{version: "kitty(0.28.0)", da1: kittyDA, kitty: true},
			env("TERM", "xterm-kitty"), ProtocolKitty, ProtocolKitty, false, [2]int{10, 20}},
		{"kitty 0.41", terminalSim{version: "kitty(0.41.1)", da1: kittyDA, kitty: true, cell: uv.CellSizeEvent{Width: 9, Height: 20}},
			env("TERM", "xterm-kitty"), ProtocolKitty, ProtocolKitty, false, [2]int{9, 20}},
		{"kitty 0.41 over ssh, TERM lost", terminalSim{version: "kitty(0.41.1)", da1: kittyDA, kitty: true},
			env("TERM", "xterm-256color"), ProtocolKitty, ProtocolKitty, false, [2]int{10, 20}},
		{"kitty 0.27.1", terminalSim{version: "kitty(0.27.1)", da1: kittyDA, kitty: true},
			env(), ProtocolHalfBlock, ProtocolKitty, false, [2]int{10, 20}},
		{"WezTerm", terminalSim{version: "WezTerm 20240203-110809-5046fc22", da1: uv.PrimaryDeviceAttributesEvent{65, 4, 6, 18, 22}, kitty: true},
			env("TERM", "xterm-256color"), ProtocolHalfBlock, ProtocolITerm2, false, [2]int{10, 20}},
		{"foot", terminalSim{version: "foot(1.13.1)", da1: uv.PrimaryDeviceAttributesEvent{62, 4, 22}, cell: uv.CellSizeEvent{Width: 9, Height: 22}},
			env("TERM", "foot"), ProtocolHalfBlock, ProtocolSixel, false, [2]int{9, 22}},
		{"xterm vt340", terminalSim{version: "XTerm(379)", da1: uv.PrimaryDeviceAttributesEvent{63, 1, 2, 4, 6}},
			env("TERM", "xterm"), ProtocolHalfBlock, ProtocolSixel, false, [2]int{10, 20}},
		{"ghostty", terminalSim{version: "ghostty 1.1.3", da1: kittyDA, kitty: true},
			env(), ProtocolKitty, ProtocolKitty, false, [2]int{10, 20}},
		{"tmux with passthrough in kitty 0.41", terminalSim{version: "kitty(0.41.1)", da1: kittyDA, kitty: true,
			cell: uv.CellSizeEvent{Width: 9, Height: 18}, tmux: "tmux 3.5a", passthrough: true},
			env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color"), ProtocolKitty, ProtocolKitty, false, [2]int{9, 18}},
		{"tmux with passthrough in kitty 0.26", terminalSim{version: "kitty(0.26.5)", da1: kittyDA, kitty: true,
			tmux: "tmux 3.3a", passthrough: true},
			env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color", "KITTY_WINDOW_ID", "1"), ProtocolHalfBlock, ProtocolHalfBlock, false, [2]int{10, 20}},
		{"tmux without passthrough in kitty 0.41", terminalSim{version: "kitty(0.41.1)", da1: kittyDA, kitty: true,
			tmux: "tmux 3.5a"},
			env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color", "KITTY_WINDOW_ID", "1"), ProtocolHalfBlock, ProtocolHalfBlock, true, [2]int{10, 20}},
		{"tmux unnamed by the environment", terminalSim{version: "kitty(0.41.1)", da1: kittyDA, kitty: true,
			tmux: "tmux 3.5a", passthrough: true},
			env("TERM", "screen-256color"), ProtocolKitty, ProtocolKitty, false, [2]int{10, 20}},
		{"tmux with passthrough in WezTerm", terminalSim{version: "WezTerm 20240203-110809-5046fc22", da1: kittyDA, kitty: true,
			tmux: "tmux 3.5a", passthrough: true},
			env("TMUX", "/tmp/t,1,0"), ProtocolHalfBlock, ProtocolITerm2, false, [2]int{10, 20}},
		// tmux built with sixel says so in its DA1 whatever the terminal
		// outside draws: kitty then shows a box of '+' reading "SIXEL
		// IMAGE". The terminal outside decides, as tmux describes it…
		{"tmux with sixel in kitty, passthrough off", terminalSim{version: "kitty(0.41.1)", da1: kittyDA, kitty: true,
			tmux: "tmux 3.5a", tmuxDA1: uv.PrimaryDeviceAttributesEvent{1, 2, 4},
			client: "xterm-kitty\nkitty(0.41.1)\nbpaste,ccolour,clipboard,cstyle,focus,title\n"},
			env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color"), ProtocolHalfBlock, ProtocolHalfBlock, true, [2]int{10, 20}},
		{"tmux with sixel in xterm", terminalSim{version: "XTerm(379)", da1: uv.PrimaryDeviceAttributesEvent{63, 1, 2, 4},
			tmux: "tmux 3.5a", tmuxDA1: uv.PrimaryDeviceAttributesEvent{1, 2, 4},
			client: "xterm-256color\nXTerm(379)\n256,RGB,bpaste,clipboard,mouse,strikethrough,title,ccolour,cstyle,extkeys,focus,margins,rectfill,sixel\n"},
			env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color"), ProtocolHalfBlock, ProtocolSixel, true, [2]int{10, 20}},
		{"tmux without sixel in xterm", terminalSim{version: "XTerm(379)", da1: uv.PrimaryDeviceAttributesEvent{63, 1, 2, 4},
			tmux: "tmux 3.3a", client: "xterm-256color\nXTerm(379)\nRGB,sixel\n"},
			env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color"), ProtocolHalfBlock, ProtocolHalfBlock, true, [2]int{10, 20}},
		// …or its own DA1 through passthrough…
		{"tmux with sixel in foot, passthrough on", terminalSim{version: "foot(1.13.1)", da1: uv.PrimaryDeviceAttributesEvent{62, 4, 22},
			tmux: "tmux 3.5a", tmuxDA1: uv.PrimaryDeviceAttributesEvent{1, 2, 4}, passthrough: true, tmuxFails: true},
			env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color"), ProtocolHalfBlock, ProtocolSixel, false, [2]int{10, 20}},
		// …and unknown is no sixel.
		{"tmux with sixel, nothing said of the terminal outside", terminalSim{version: "XTerm(379)",
			tmux: "tmux 3.5a", tmuxDA1: uv.PrimaryDeviceAttributesEvent{1, 2, 4}, tmuxFails: true},
			env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color"), ProtocolHalfBlock, ProtocolHalfBlock, true, [2]int{10, 20}},
		{"tmux with sixel, detached", terminalSim{tmux: "tmux 3.5a", tmuxDA1: uv.PrimaryDeviceAttributesEvent{1, 2, 4}, client: "\n\n\n"},
			env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color"), ProtocolHalfBlock, ProtocolHalfBlock, true, [2]int{10, 20}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, written := detect(t, tt.sim, tt.env)
			if c.Inline() != tt.inline || c.FullScreen() != tt.full {
				t.Errorf("Inline %v FullScreen %v, want %v %v (%+v)", c.Inline(), c.FullScreen(), tt.inline, tt.full, c)
			}
			if c.PassthroughOff() != tt.passOff {
				t.Errorf("PassthroughOff %v, want %v", c.PassthroughOff(), tt.passOff)
			}
			if w, h, _ := c.Cell(); w != tt.cell[0] || h != tt.cell[1] {
				t.Errorf("cell %d×%d, want %v", w, h, tt.cell)
			}
			if !strings.HasPrefix(written[0], nameQueries) || strings.Contains(written[0], "\x1b_G") {
				t.Errorf("the first round %q should only ask for names", written[0])
			}
			if tt.sim.tmux != "" && !c.Tmux {
				t.Error("tmux not noticed")
			}
		})
	}
}

// TestQueriesUnderScreen: GNU screen takes an APC string for its
// hardstatus line, so no kitty query goes out under it.
func TestQueriesUnderScreen(t *testing.T) {
	c := DetectFromEnv(env("TERM", "screen.xterm-256color"))
	cmd, _ := c.Update(uv.PrimaryDeviceAttributesEvent{1, 2})
	for _, w := range raws(drain(cmd)) {
		if strings.Contains(w, "\x1b_G") {
			t.Errorf("APC sent under screen: %q", w)
		}
	}
}

// TestOuterQueriesGoAgain: inside tmux with allow-passthrough on, tmux
// drops passthrough while a redraw of the window is due, as right after a
// program's first frame; the second round goes again until the terminal
// outside answers (kitty images, no hint), and a terminal that never
// answers is given up after outerTries sendings (half blocks, the hint).
func TestOuterQueriesGoAgain(t *testing.T) {
	kitty41 := func(lost int) terminalSim {
		return terminalSim{version: "kitty(0.41.1)", da1: uv.PrimaryDeviceAttributesEvent{62}, kitty: true,
			tmux: "tmux 3.5a", passthrough: true, lost: &lost}
	}
	outer := func(written []string) (n int) {
		for _, w := range written {
			if w == TmuxPassthrough(outerQueries) {
				n++
			}
		}
		return n
	}
	for _, lost := range []int{0, 1, outerTries - 1} {
		c, written := detect(t, kitty41(lost), env("TMUX", "/t,1,0", "TERM", "tmux-256color"))
		if c.Inline() != ProtocolKitty || c.PassthroughOff() {
			t.Errorf("%d lost: Inline %v, PassthroughOff %v; want kitty images", lost, c.Inline(), c.PassthroughOff())
		}
		if n := outer(written); n != lost+1 {
			t.Errorf("%d lost: the second round went %d times, want %d", lost, n, lost+1)
		}
	}
	c, written := detect(t, kitty41(outerTries), env("TMUX", "/t,1,0", "TERM", "tmux-256color"))
	if c.Inline() != ProtocolHalfBlock || !c.PassthroughOff() {
		t.Errorf("never answered: Inline %v, PassthroughOff %v; want half blocks and the hint", c.Inline(), c.PassthroughOff())
	}
	if n := outer(written); n != outerTries {
		t.Errorf("never answered: the second round went %d times, want %d", n, outerTries)
	}
	// An answer after the wait still shows passthrough on: kitty images
	// from then on, no hint.
	cmd, _ := c.Update(kittyReply(kittyQueryID, "OK"))
	drain(cmd)
	if c.Inline() != ProtocolKitty || c.PassthroughOff() {
		t.Errorf("answered late: Inline %v, PassthroughOff %v; want kitty images", c.Inline(), c.PassthroughOff())
	}
}

// TestPassthroughHint: inside tmux without passthrough, the Viewer says
// once how to turn it on; nowhere else does it say anything.
func TestPassthroughHint(t *testing.T) {
	off, _ := detect(t, terminalSim{version: "kitty(0.41.1)", kitty: true, tmux: "tmux 3.5a"}, env("TMUX", "/t,1,0"))
	v := NewViewer(off, 0)
	if h := v.Hint(); !strings.Contains(h, "allow-passthrough on") {
		t.Errorf("hint %q", h)
	}
	if h := v.Hint(); h != "" {
		t.Errorf("hint said twice: %q", h)
	}
	on, _ := detect(t, terminalSim{version: "kitty(0.41.1)", kitty: true, tmux: "tmux 3.5a", passthrough: true}, env("TMUX", "/t,1,0"))
	if h := NewViewer(on, 0).Hint(); h != "" {
		t.Errorf("hint with passthrough on: %q", h)
	}
	plain, _ := detect(t, terminalSim{version: "XTerm(379)"}, env())
	if h := NewViewer(plain, 0).Hint(); h != "" {
		t.Errorf("hint outside tmux: %q", h)
	}
	// tmux says its client is an xterm, which has no graphics passthrough
	// would reach: the hint would send the user after nothing.
	xterm, _ := detect(t, terminalSim{version: "XTerm(379)", tmux: "tmux 3.5a", client: "xterm-256color\nXTerm(379)\nRGB\n"}, env("TMUX", "/t,1,0"))
	if h := NewViewer(xterm, 0).Hint(); h != "" || !xterm.PassthroughOff() {
		t.Errorf("hint %q in xterm (passthrough off: %v)", h, xterm.PassthroughOff())
	}
	kittyOut, _ := detect(t, terminalSim{version: "kitty(0.41.1)", tmux: "tmux 3.5a", client: "xterm-kitty\nkitty(0.41.1)\ntitle\n"}, env("TMUX", "/t,1,0"))
	if h := NewViewer(kittyOut, 0).Hint(); h == "" || kittyOut.Terminal != "kitty(0.41.1)" {
		t.Errorf("no hint in kitty, which tmux named %q", kittyOut.Terminal)
	}
}

// TestGraphicSizeFromReply: the largest sixel image the terminal draws is
// its XTSMGRAPHICS answer, asked only of a terminal with sixel; the full
// screen's sixel is scaled to it (xterm draws nothing of a larger one).
func TestGraphicSizeFromReply(t *testing.T) {
	xterm := terminalSim{version: "XTerm(379)", da1: uv.PrimaryDeviceAttributesEvent{63, 1, 2, 4, 6}, graphic: [2]int{1000, 1000}}
	c, written := detect(t, xterm, env("TERM", "xterm-256color"))
	if c.MaxGraphicW != 1000 || c.MaxGraphicH != 1000 || !strings.Contains(written[1], graphicSizeQuery) {
		t.Fatalf("graphic size %d×%d from %q", c.MaxGraphicW, c.MaxGraphicH, written)
	}
	// 120×40 cells of 9×18: 1080×702 pixels on screen, but 1000 at most.
	c.CellWidth, c.CellHeight = 9, 18
	fs, err := fullScreenImage(testPattern(1536, 1024), ProtocolSixel, c, 120, 39)
	if err != nil {
		t.Fatal(err)
	}
	_, seq := cut(t, fs.image)
	if d := decodeSixel(t, seq); d.w != 1000 || d.h != 667 {
		t.Errorf("sixel %d×%d, want 1000×667", d.w, d.h)
	}
	silent := xterm
	silent.graphic = [2]int{}
	c, _ = detect(t, silent, env("TERM", "xterm-256color"))
	if w, h := sixelBounds(c, 1080, 702); c.MaxGraphicW != 0 || w != 1080 || h != 702 {
		t.Errorf("no answer, yet bounds %d×%d", w, h)
	}
	_, written = detect(t, terminalSim{version: "kitty(0.41.1)", da1: uv.PrimaryDeviceAttributesEvent{62}, kitty: true}, env("TERM", "xterm-kitty"))
	if strings.Contains(strings.Join(written, ""), graphicSizeQuery) {
		t.Error("XTSMGRAPHICS asked of a terminal without sixel")
	}
}

// TestColourDepthFromReply: where Bubble Tea settled for 256 colours, the
// terminal is asked (DECRQSS after setting a 24-bit colour) and, if it keeps
// 24 bits, Bubble Tea is told to render true colour; inside tmux, which
// takes 24-bit colour from programs whatever the terminal outside, always.
func TestColourDepthFromReply(t *testing.T) {
	xterm := func(sgr string) terminalSim {
		return terminalSim{version: "XTerm(379)", da1: uv.PrimaryDeviceAttributesEvent{63, 1, 2, 4}, sgr: sgr}
	}
	tests := []struct {
		name      string
		sim       terminalSim
		env       func(string) string
		probed    bool
		trueColor bool
	}{
		{"xterm keeps 24 bits", xterm("0;38:2::1:2:3"), env("TERM", "xterm-256color"), true, true},
		{"semicolons", xterm("0;38;2;1;2;3"), env("TERM", "xterm-256color"), true, true},
		{"a palette terminal", xterm("0;38;5;16"), env("TERM", "xterm-256color"), true, false},
		{"an error reply", xterm(""), env("TERM", "xterm-256color"), true, false},
		{"already true colour", xterm("0;38:2::1:2:3"), env("TERM", "xterm-256color", "COLORTERM", "truecolor"), false, true},
		// 16 colours were chosen by TERM: they stay (and are dithered).
		{"16 colours", xterm("0;38:2::1:2:3"), env("TERM", "xterm"), false, false},
		{"the Linux console", xterm(""), env("TERM", "linux"), false, false},
		{"GNU screen", xterm("0;38:2::1:2:3"), env("TERM", "screen-256color"), false, false},
		{"tmux", terminalSim{version: "XTerm(379)", tmux: "tmux 3.5a"}, env("TERM", "tmux-256color", "TMUX", "/t,1,0"), false, true},
		{"tmux unnamed", terminalSim{version: "XTerm(379)", tmux: "tmux 3.5a"}, env("TERM", "xterm-256color"), false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, written := detect(t, tt.sim, tt.env)
			if probed := strings.Contains(strings.Join(written, ""), colourProbe); probed != tt.probed {
				t.Errorf("probed %v, want %v: %q", probed, tt.probed, written)
			}
			if c.TrueColor != tt.trueColor {
				t.Errorf("true colour %v, want %v (profile %v)", c.TrueColor, tt.trueColor, c.Profile)
			}
		})
	}
	// Bubble Tea's own XTGETTCAP answers count too, xterm's "RGB=8" among them.
	c := DetectFromEnv(env("TERM", "xterm-256color"))
	c.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI256})
	cmd, ok := c.Update(tea.CapabilityMsg{Content: "RGB=8"})
	if msg, _ := drainOne(cmd).(tea.ColorProfileMsg); !ok || msg.Profile != colorprofile.TrueColor {
		t.Errorf("RGB=8 answered with %v", drainOne(cmd))
	}
	if cmd, _ := c.Update(tea.CapabilityMsg{Content: "Tc"}); cmd != nil {
		t.Error("true colour asked for twice")
	}
	if _, ok := c.Update(tea.CapabilityMsg{Content: "colors=256"}); ok {
		t.Error("another capability taken for an answer")
	}
}

// drainOne is the one message cmd gives, or nil.
func drainOne(cmd tea.Cmd) tea.Msg {
	msgs := drain(cmd)
	if len(msgs) != 1 {
		return nil
	}
	return msgs[0]
}

func TestParseTerminal(t *testing.T) {
	tests := []struct {
		reply string
		kind  termKind
		ver   version
		hasV  bool
	}{
		{"kitty(0.26.5)", kindKitty, version{0, 26, 5}, true},
		{"kitty(0.28)", kindKitty, version{0, 28, 0}, true},
		{"kitty", kindKitty, version{}, false},
		{"ghostty 1.1.3", kindGhostty, version{1, 1, 3}, true},
		{"tmux 3.5a", kindTmux, version{3, 5, 0}, true},
		{"foot(1.13.1)", kindOther, version{1, 13, 1}, true},
		{"XTerm(379)", kindOther, version{379, 0, 0}, true},
		{"WezTerm 20240203-110809-5046fc22", kindWezTerm, version{20240203, 0, 0}, true},
	}
	for _, tt := range tests {
		got := parseTerminal(tt.reply)
		if got.kind != tt.kind || got.ver != tt.ver || got.hasV != tt.hasV {
			t.Errorf("%q: %+v", tt.reply, got)
		}
	}
	if (terminal{kind: kindKitty}).atLeast(kittyPlaceholderVersion) {
		t.Error("a kitty of unknown version taken to have placeholders")
	}
	if !parseTerminal("kitty(1.0.0)").atLeast(kittyPlaceholderVersion) || parseTerminal("kitty(0.27.9)").atLeast(kittyPlaceholderVersion) {
		t.Error("version order")
	}
}

// detectModel runs QueryCmds in a real program and quits once the terminal
// has answered everything.
type detectModel struct{ caps Capabilities }

func (m detectModel) Init() tea.Cmd { return QueryCmds() }

func (m detectModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd, _ := m.caps.Update(msg)
	if m.caps.Answered() && (!m.caps.upgrading || m.caps.TrueColor) {
		return m, tea.Quit
	}
	return m, cmd
}

func (m detectModel) View() tea.View { return tea.NewView("") }

// syncBuffer is a bytes.Buffer safe for the program's writer goroutine.
type syncBuffer struct {
	mu   sync.Mutex
	b    bytes.Buffer
	want string        // when set, seen is closed once the output holds it
	seen chan struct{} // closed when want has been written
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.b.Write(p)
	if s.want != "" && strings.Contains(s.b.String(), s.want) {
		close(s.seen)
		s.want = ""
	}
	return n, err
}

// expect returns a channel closed once the output holds want.
func (s *syncBuffer) expect(want string) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.want, s.seen = want, make(chan struct{})
	if strings.Contains(s.b.String(), want) {
		close(s.seen)
		s.want = ""
	}
	return s.seen
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestRepliesThroughBubbleTea checks, with Bubble Tea's own input parser,
// that both rounds of queries go out and the replies of a terminal come
// back as the messages Update expects: kitty's, and xterm's (its sixel
// graphics size and its report of a 24-bit colour, after which Bubble Tea
// is told to render true colour).
func TestRepliesThroughBubbleTea(t *testing.T) {
	tests := []struct {
		name    string
		env     func(string) string
		profile colorprofile.Profile
		// first answers the first round; second the second, once the
		// output holds it whole.
		first, second, secondAnswer string
		check                       func(c Capabilities) bool
	}{
		{"kitty", env(), colorprofile.TrueColor,
			"\x1bP>|kitty(0.36.2)\x1b\\\x1b[?62;4;22c",
			kittyQuery + cellSizeQuery + pixelSizeQuery + graphicSizeQuery + primaryDAQuery,
			"\x1b_Gi=5930513;OK\x1b\\\x1b[6;20;10t\x1b[4;480;800t\x1b[?2;3S\x1b[?62;4;22c",
			func(c Capabilities) bool {
				return c.Kitty && c.kittyOK && c.Sixel && c.CellWidth == 10 && c.CellHeight == 20 && c.pixelW == 800 &&
					c.Terminal == "kitty(0.36.2)" && c.TrueColor && c.MaxGraphicW == 0
			}},
		{"xterm", env("TERM", "xterm-256color"), colorprofile.ANSI256,
			"\x1bP>|XTerm(379)\x1b\\\x1b[?63;1;2;4;6;9;15;16;22;28c",
			kittyQuery + cellSizeQuery + pixelSizeQuery + graphicSizeQuery + colourProbe + primaryDAQuery,
			"\x1b[?2;0;1000;1000S\x1bP1$r0;38:2::1:2:3m\x1b\\\x1b[?63;1;2;4;6;9;15;16;22;28c",
			func(c Capabilities) bool {
				return !c.Kitty && c.Sixel && c.MaxGraphicW == 1000 && c.MaxGraphicH == 1000 && c.rgbAnswer &&
					c.TrueColor && c.Profile == colorprofile.TrueColor
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, replies := io.Pipe()
			defer in.Close()
			// Like a real terminal, the fake one answers the queries once they
			// have been written, not before: a reply racing ahead of its query
			// could end the program before the queries were flushed.
			out := syncBuffer{want: nameQueries, seen: make(chan struct{})}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			p := tea.NewProgram(detectModel{caps: DetectFromEnv(tt.env)},
				tea.WithInput(in), tea.WithOutput(&out), tea.WithContext(ctx),
				tea.WithWindowSize(80, 24), tea.WithColorProfile(tt.profile),
				tea.WithoutSignalHandler())
			go func() {
				select {
				case <-out.seen:
				case <-ctx.Done():
					return
				}
				second := out.expect(tt.second)
				_, _ = io.WriteString(replies, tt.first)
				select {
				case <-second:
				case <-ctx.Done():
					return
				}
				_, _ = io.WriteString(replies, tt.secondAnswer)
			}()
			final, err := p.Run()
			if err != nil {
				t.Fatalf("program: %v (output %q)", err, out.String())
			}
			if c := final.(detectModel).caps; !tt.check(c) {
				t.Errorf("capabilities %+v", c)
			}
			if got := out.String(); !strings.Contains(got, nameQueries) || strings.Index(got, nameQueries) > strings.Index(got, tt.second) {
				t.Errorf("queries not written in order: %q", got)
			}
		})
	}
}

// FuzzParseTerminal: any XTVERSION reply (the terminal's bytes) is read
// without panicking, and its version compares consistently.
func FuzzParseTerminal(f *testing.F) {
	for _, s := range []string{"kitty(0.26.5)", "ghostty 1.1.3", "tmux 3.5a", "WezTerm 20240203-110809-5046fc22", "", "(", "kitty(.28)", "x 9999999999999999999999.1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		term := parseTerminal(reply)
		if term.name != reply {
			t.Errorf("name %q, want the reply", term.name)
		}
		if term.atLeast(version{}) != term.hasV {
			t.Errorf("%q: atLeast(0) %v with hasV %v", reply, term.atLeast(version{}), term.hasV)
		}
		var c Capabilities
		c.name(reply)
		c.settle()
	})
}

package imageview

import (
	"bytes"
	"context"
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

func TestDetectFromEnv(t *testing.T) {
	tests := []struct {
		name         string
		env          func(string) string
		inline, full Protocol
		tmux, sixel  bool
	}{
		{"nothing known", env(), ProtocolHalfBlock, ProtocolHalfBlock, false, false},
		{"xterm", env("TERM", "xterm-256color"), ProtocolHalfBlock, ProtocolHalfBlock, false, false},
		{"kitty TERM", env("TERM", "xterm-kitty"), ProtocolKitty, ProtocolKitty, false, false},
		{"kitty window", env("TERM", "xterm-256color", "KITTY_WINDOW_ID", "3"), ProtocolKitty, ProtocolKitty, false, false},
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
		{"tmux in kitty", env("TMUX", "/tmp/t,1,0", "TERM", "tmux-256color", "KITTY_WINDOW_ID", "1"), ProtocolKitty, ProtocolKitty, true, false},
		{"tmux in foot: sixel is tmux's call", env("TMUX", "/tmp/t,1,0", "TERM", "foot"), ProtocolHalfBlock, ProtocolHalfBlock, true, false},
		{"override off", env("TERM", "xterm-kitty", "ATELIER_IMAGES", "off"), ProtocolOff, ProtocolOff, false, false},
		{"override halfblock", env("TERM", "xterm-kitty", "ATELIER_IMAGES", "halfblock"), ProtocolHalfBlock, ProtocolHalfBlock, false, false},
		{"override kitty", env("ATELIER_IMAGES", "KITTY"), ProtocolKitty, ProtocolKitty, false, false},
		{"override sixel", env("TERM", "xterm-kitty", "ATELIER_IMAGES", "sixel"), ProtocolHalfBlock, ProtocolSixel, false, false},
		{"override iterm2", env("ATELIER_IMAGES", " iterm2 "), ProtocolHalfBlock, ProtocolITerm2, false, false},
		{"override auto", env("TERM", "xterm-kitty", "ATELIER_IMAGES", "auto"), ProtocolKitty, ProtocolKitty, false, false},
		{"bad override ignored", env("TERM", "xterm-kitty", "ATELIER_IMAGES", "jpeg"), ProtocolKitty, ProtocolKitty, false, false},
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
			func(c Capabilities) bool { return c.Sixel && c.Answered() }, ProtocolHalfBlock, ProtocolSixel},
		{"DA1 without sixel", env(), []step{{uv.PrimaryDeviceAttributesEvent{62, 22}, true}},
			func(c Capabilities) bool { return !c.Sixel && c.Answered() }, ProtocolHalfBlock, ProtocolHalfBlock},
		{"WezTerm answers kitty but has no placeholders", env(), []step{
			{kittyReply(kittyQueryID, "OK"), true},
			{tea.TerminalVersionMsg{Name: "WezTerm 20240203-110809-5046fc22"}, true},
			{uv.PrimaryDeviceAttributesEvent{65, 4, 6, 18, 22}, true},
		}, func(c Capabilities) bool { return !c.Kitty && c.ITerm2 && c.Sixel }, ProtocolHalfBlock, ProtocolITerm2},
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
		{"unrelated message", env(), []step{{tea.KeyPressMsg{Code: 'a'}, false}},
			func(c Capabilities) bool { return !c.Answered() }, ProtocolHalfBlock, ProtocolHalfBlock},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := DetectFromEnv(tt.env)
			for i, s := range tt.steps {
				if got := c.Update(s.msg); got != s.folded {
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

// detectModel runs QueryCmds in a real program and quits once the terminal
// has answered everything.
type detectModel struct{ caps Capabilities }

func (m detectModel) Init() tea.Cmd { return QueryCmds() }

func (m detectModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.caps.Update(msg)
	if m.caps.Answered() {
		return m, tea.Quit
	}
	return m, nil
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

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestRepliesThroughBubbleTea checks, with Bubble Tea's own input parser,
// that the queries go out and the replies of a kitty terminal come back as
// the messages Update expects.
func TestRepliesThroughBubbleTea(t *testing.T) {
	in, replies := io.Pipe()
	defer in.Close()
	// Like a real terminal, the fake one answers the queries once they have
	// been written, not before: a reply racing ahead of its query could end
	// the program before the queries were flushed.
	out := syncBuffer{want: allImageQueries, seen: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p := tea.NewProgram(detectModel{caps: DetectFromEnv(env())},
		tea.WithInput(in), tea.WithOutput(&out), tea.WithContext(ctx),
		tea.WithWindowSize(80, 24), tea.WithColorProfile(colorprofile.TrueColor),
		tea.WithoutSignalHandler())
	go func() {
		select {
		case <-out.seen:
		case <-ctx.Done():
			return
		}
		// What kitty answers: the graphics query, cell size, XTVERSION, DA1.
		_, _ = io.WriteString(replies, "\x1b_Gi=5930513;OK\x1b\\\x1b[6;20;10t\x1bP>|kitty(0.36.2)\x1b\\\x1b[?62;4;22c")
	}()
	final, err := p.Run()
	if err != nil {
		t.Fatalf("program: %v (output %q)", err, out.String())
	}
	c := final.(detectModel).caps
	if !c.Kitty || !c.kittyOK || !c.Sixel || c.CellWidth != 10 || c.CellHeight != 20 || c.Terminal != "kitty(0.36.2)" || !c.TrueColor {
		t.Errorf("capabilities %+v", c)
	}
	if !strings.Contains(out.String(), allImageQueries) {
		t.Errorf("queries not written in order: %q", out.String())
	}
}

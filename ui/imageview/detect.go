package imageview

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/colorprofile"
)

// EnvOverride names the environment variable that forces a protocol (any
// value ParseProtocol reads). It wins over a setting from the config file.
const EnvOverride = "ATELIER_IMAGES"

// Capabilities is what is known of the terminal's image support. Start from
// DetectFromEnv, then fold in the terminal's replies to QueryCmds with Update.
type Capabilities struct {
	// Kitty means kitty graphics with Unicode placeholders (kitty 0.28 and
	// later, Ghostty): images inline, inside views, also through tmux.
	Kitty bool
	// KittyDirect means kitty graphics placed at the cursor, which every
	// kitty-graphics terminal has (kitty before 0.28, WezTerm and Konsole
	// have nothing else): images full screen only, where Bubble Tea's
	// renderer is paused.
	KittyDirect bool
	Sixel       bool
	ITerm2      bool
	// Tmux means running inside tmux: kitty and iTerm2 commands must be
	// wrapped in passthrough, and replies come from tmux, not the terminal,
	// unless tmux passes the queries through.
	Tmux bool
	// Passthrough means tmux hands wrapped sequences to the terminal outside
	// (its allow-passthrough option is on): the terminal answered through it.
	Passthrough bool
	// TrueColor means Bubble Tea renders 24-bit colour, so kitty ids can
	// travel in 24-bit placeholder colours.
	TrueColor bool
	// Profile is the colour profile Bubble Tea reported; Unknown until then.
	Profile colorprofile.Profile
	// Terminal is the terminal's name as the environment or its XTVERSION
	// reply gave it, for diagnostics (inside tmux, the terminal outside when
	// it answered through tmux).
	Terminal string
	// CellWidth and CellHeight are a cell's size in pixels, when the
	// terminal said (CSI 16 t); zero otherwise. Cell also knows the other
	// ways of finding it.
	CellWidth, CellHeight int
	// Window is the terminal's size as the tty reported it at start (cells
	// and, when the terminal fills them in, pixels); see ReadWindow.
	Window Window
	// MaxGraphicW and MaxGraphicH are the largest sixel image, in pixels,
	// the terminal draws (its XTSMGRAPHICS answer; xterm draws nothing of
	// a larger one, and allows 1000×1000 by default); zero when unknown.
	MaxGraphicW, MaxGraphicH int
	// Override forces a protocol (EnvOverride, or a setting); ProtocolAuto if none.
	Override Protocol
	// Title is the window title the program's view sets. Bubble Tea
	// clears it while a program runs in its place, so the full screen
	// (FullScreenCmd) sets it again: tmux would show "" in its status
	// line meanwhile.
	Title string
	// Tick schedules the end of the wait for replies through tmux; nil
	// means tea.Tick. Tests swap it for one that does not wait.
	Tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	// TmuxDisplay runs `tmux display-message -p` with a format and returns
	// what tmux printed, to learn what terminal tmux runs in; nil means
	// the tmux on PATH. Tests swap it.
	TmuxDisplay func(format string) (string, error)

	named   terminal // the terminal outside, as its name tells
	kittyOK bool     // the terminal answered the kitty graphics query with OK
	screen  bool     // TERM names GNU screen (or tmux as screen): no APC queries
	// pixels is the window's size in pixels from the terminal (CSI 14 t).
	pixelW, pixelH int
	queries        queryState
	// Inside tmux: the terminal outside as tmux or its own reply named it,
	// whether tmux draws sixel (its DA1), whether the terminal outside does
	// (tmux's "sixel" feature, or its own DA1 through passthrough), and how
	// far the question to tmux has got.
	outer      terminal
	tmuxSixel  bool
	outerSixel bool
	tmuxAsked  tmuxState
	// probeColour: the second round may carry colourProbe (not under GNU
	// screen, tmux or the Linux console, and not where 24-bit colour is
	// already known); rgbAnswer: the terminal said it keeps 24-bit colour;
	// upgrading: the ColorProfileMsg saying so is on its way.
	probeColour, rgbAnswer, upgrading bool
}

// DetectFromEnv guesses capabilities from environment variables (pass
// os.Getenv): TERM, TERM_PROGRAM, KITTY_WINDOW_ID, GHOSTTY_*, WEZTERM_*,
// ITERM_SESSION_ID, LC_TERMINAL (which ssh forwards), KONSOLE_VERSION,
// COLORTERM, TMUX, and ATELIER_IMAGES. An unreadable ATELIER_IMAGES value
// counts as unset (validate settings with ParseProtocol). Inside tmux the
// variables may describe the terminal tmux was started from.
//
// A kitty named only by the environment gets placeholders once its
// XTVERSION reply shows a version that has them (0.28 or later).
func DetectFromEnv(getenv func(string) string) Capabilities {
	var c Capabilities
	term, prog := getenv("TERM"), getenv("TERM_PROGRAM")
	switch {
	case term == "xterm-kitty" || getenv("KITTY_WINDOW_ID") != "" || prog == "kitty":
		c.named = terminal{kind: kindKitty}
	case term == "xterm-ghostty" || prog == "ghostty" ||
		getenv("GHOSTTY_RESOURCES_DIR") != "" || getenv("GHOSTTY_BIN_DIR") != "":
		c.named = terminal{kind: kindGhostty}
	case prog == "WezTerm" || getenv("WEZTERM_EXECUTABLE") != "" || getenv("WEZTERM_PANE") != "":
		c.named = terminal{kind: kindWezTerm}
		c.ITerm2, c.Sixel = true, true
	case prog == "iTerm.app" || getenv("LC_TERMINAL") == "iTerm2" || getenv("ITERM_SESSION_ID") != "":
		c.named = terminal{kind: kindITerm2}
		c.ITerm2 = true
	case getenv("KONSOLE_VERSION") != "":
		c.named = terminal{kind: kindKonsole}
		c.Sixel = true
	case strings.HasPrefix(term, "foot"):
		c.named = terminal{kind: kindOther, name: "foot"}
		c.Sixel = true
	case term == "mlterm" || getenv("MLTERM") != "":
		c.named = terminal{kind: kindOther, name: "mlterm"}
		c.Sixel = true
	}
	c.Terminal = c.named.String()
	if getenv("TMUX") != "" {
		c.Tmux = true
		// tmux draws sixel itself, if it was built to: only its DA1 reply
		// can tell.
		c.Sixel = false
	}
	c.screen = strings.HasPrefix(term, "screen")
	switch strings.ToLower(getenv("COLORTERM")) {
	case "truecolor", "24bit":
		c.TrueColor = true
	}
	// The Linux console prints a DCS it cannot read; Apple's Terminal
	// garbles the screen on some replies it does not know.
	c.probeColour = !c.TrueColor && !c.Tmux && !c.screen && term != "linux" && prog != "Apple_Terminal"
	if p, err := ParseProtocol(getenv(EnvOverride)); err == nil {
		c.Override = p
	}
	c.settle()
	return c
}

// settle derives Kitty, KittyDirect and (inside tmux) Sixel from the facts
// gathered so far.
func (c *Capabilities) settle() {
	if c.Tmux {
		// tmux draws sixel itself, and only where the terminal outside
		// can: else a box of '+' saying "SIXEL IMAGE".
		c.Sixel = c.tmuxSixel && c.outerSixel
	}
	graphics := c.kittyOK || c.named.kind == kindKitty || c.named.kind == kindGhostty
	if c.Tmux {
		// Only an answer through tmux shows that the commands get through.
		graphics = c.kittyOK
	}
	var placeholders bool
	switch c.named.kind {
	case kindKitty:
		placeholders = c.named.atLeast(kittyPlaceholderVersion)
	case kindGhostty:
		placeholders = true
	case kindWezTerm, kindKonsole, kindITerm2:
		placeholders = false
	default:
		// An unnamed terminal that speaks the protocol: its current form.
		placeholders = c.kittyOK
	}
	c.Kitty = graphics && placeholders
	c.KittyDirect = graphics
}

// Inline returns how to show an image inside a view: ProtocolKitty,
// ProtocolHalfBlock or ProtocolOff.
// Sixel, iTerm2 and placeholder-less kitty images cannot live in Bubble
// Tea's cell grid, so a terminal with only those gets the half-block
// preview inline.
func (c Capabilities) Inline() Protocol {
	switch c.Override {
	case ProtocolOff, ProtocolHalfBlock, ProtocolKitty:
		return c.Override
	case ProtocolSixel, ProtocolITerm2:
		return ProtocolHalfBlock
	}
	if c.Kitty {
		return ProtocolKitty
	}
	return ProtocolHalfBlock
}

// FullScreen returns how to show one image over the whole screen: the
// override if any, else the best the terminal has (kitty graphics with
// placeholders, then iTerm2's full-colour images, then kitty's direct
// placement — not through tmux, which cannot say where its cursor is
// outside — then Sixel's 256 colours, then half blocks).
func (c Capabilities) FullScreen() Protocol {
	switch {
	case c.Override != ProtocolAuto:
		return c.Override
	case c.Kitty:
		return ProtocolKitty
	case c.ITerm2 && (!c.Tmux || c.Passthrough):
		return ProtocolITerm2
	case c.KittyDirect && !c.Tmux:
		return ProtocolKitty
	case c.Sixel:
		return ProtocolSixel
	}
	return ProtocolHalfBlock
}

package imageview

import "strings"

// EnvOverride names the environment variable that forces a protocol (any
// value ParseProtocol reads). It wins over a setting from the config file.
const EnvOverride = "ATELIER_IMAGES"

// Capabilities is what is known of the terminal's image support. Start from
// DetectFromEnv, then fold in the terminal's replies to QueryCmds with Update.
type Capabilities struct {
	Kitty  bool // kitty graphics with Unicode placeholders
	Sixel  bool
	ITerm2 bool
	// Tmux means running inside tmux: kitty and iTerm2 commands must be
	// wrapped in passthrough, and replies come from tmux, not the terminal.
	Tmux bool
	// TrueColor means Bubble Tea renders 24-bit colour, so kitty ids can
	// travel in 24-bit placeholder colours.
	TrueColor bool
	// Terminal is the terminal's name as the environment or its XTVERSION
	// reply gave it, for diagnostics.
	Terminal string
	// CellWidth and CellHeight are a cell's size in pixels, when the
	// terminal said; zero otherwise.
	CellWidth, CellHeight int
	// Override forces a protocol (EnvOverride, or a setting); ProtocolAuto if none.
	Override Protocol

	kittyNamed     bool // the environment or XTVERSION names a placeholder terminal
	kittyOK        bool // the terminal answered the kitty graphics query with OK
	noPlaceholders bool // a terminal known to speak kitty graphics without placeholders
	answered       bool // the DA1 reply, sent last, has come back
}

// DetectFromEnv guesses capabilities from environment variables (pass
// os.Getenv): TERM, TERM_PROGRAM, KITTY_WINDOW_ID, GHOSTTY_*, WEZTERM_*,
// ITERM_SESSION_ID, LC_TERMINAL (which ssh forwards), KONSOLE_VERSION,
// COLORTERM, TMUX, and ATELIER_IMAGES. An unreadable ATELIER_IMAGES value
// counts as unset (validate settings with ParseProtocol). Inside tmux the
// variables may describe the terminal tmux was started from.
func DetectFromEnv(getenv func(string) string) Capabilities {
	var c Capabilities
	term, prog := getenv("TERM"), getenv("TERM_PROGRAM")
	switch {
	case term == "xterm-kitty" || getenv("KITTY_WINDOW_ID") != "" || prog == "kitty":
		c.Terminal, c.kittyNamed = "kitty", true
	case term == "xterm-ghostty" || prog == "ghostty" ||
		getenv("GHOSTTY_RESOURCES_DIR") != "" || getenv("GHOSTTY_BIN_DIR") != "":
		c.Terminal, c.kittyNamed = "ghostty", true
	case prog == "WezTerm" || getenv("WEZTERM_EXECUTABLE") != "" || getenv("WEZTERM_PANE") != "":
		c.Terminal, c.ITerm2, c.Sixel, c.noPlaceholders = "WezTerm", true, true, true
	case prog == "iTerm.app" || getenv("LC_TERMINAL") == "iTerm2" || getenv("ITERM_SESSION_ID") != "":
		c.Terminal, c.ITerm2 = "iTerm2", true
	case getenv("KONSOLE_VERSION") != "":
		c.Terminal, c.Sixel, c.noPlaceholders = "Konsole", true, true
	case strings.HasPrefix(term, "foot"):
		c.Terminal, c.Sixel = "foot", true
	case term == "mlterm" || getenv("MLTERM") != "":
		c.Terminal, c.Sixel = "mlterm", true
	}
	if getenv("TMUX") != "" {
		c.Tmux = true
		// tmux draws sixel itself, if it was built to: only its DA1 reply
		// can tell.
		c.Sixel = false
	}
	switch strings.ToLower(getenv("COLORTERM")) {
	case "truecolor", "24bit":
		c.TrueColor = true
	}
	if p, err := ParseProtocol(getenv(EnvOverride)); err == nil {
		c.Override = p
	}
	c.settle()
	return c
}

// settle derives Kitty from the facts gathered so far.
func (c *Capabilities) settle() {
	c.Kitty = c.kittyNamed || (c.kittyOK && !c.noPlaceholders)
}

// Inline returns how to show an image inside a view: ProtocolKitty,
// ProtocolHalfBlock or ProtocolOff.
// Sixel and iTerm2 images cannot live in Bubble Tea's cell grid, so a
// terminal with only those gets the half-block preview inline.
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
// override if any, else the best the terminal has (Kitty, then iTerm2's
// full-colour images, then Sixel's 256 colours, then HalfBlock).
func (c Capabilities) FullScreen() Protocol {
	switch {
	case c.Override != ProtocolAuto:
		return c.Override
	case c.Kitty:
		return ProtocolKitty
	case c.ITerm2:
		return ProtocolITerm2
	case c.Sixel:
		return ProtocolSixel
	}
	return ProtocolHalfBlock
}

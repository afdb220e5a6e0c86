package tab

import (
	"image/color"
	"sync/atomic"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Palette is the colours of atelier's screens, named by role. The shell and
// every screen build their styles from it, so a theme change reaches all.
type Palette struct {
	Text    color.Color // ordinary text
	Muted   color.Color // secondary text: hints, sources, separators
	Subtle  color.Color // frames and rules
	Accent  color.Color // the selection, the active tab, headings
	OnFill  color.Color // text on an Accent background
	Success color.Color // a key that is set, a save that worked
	Warning color.Color // something to know: a key overridden by the environment
	Error   color.Color // failures and refused values
}

// basic is set while the terminal shows only the 16 ANSI colours. One
// program draws on one terminal, so this is the process's.
var basic atomic.Bool

// UseColorProfile tells the palettes what the terminal shows, as Bubble
// Tea reports it (tea.ColorProfileMsg): with only the 16 ANSI colours,
// NewPalette returns BasicPalette. Restyle the screens after it.
func UseColorProfile(p colorprofile.Profile) { basic.Store(p == colorprofile.ANSI) }

// BasicColors reports whether UseColorProfile was last told of a terminal
// with only the 16 ANSI colours.
func BasicColors() bool { return basic.Load() }

// NewPalette returns the colours for a dark or a light terminal background:
// BasicPalette on a 16-colour terminal, else colours chosen in 24 bits
// (which Bubble Tea brings to the nearest of 256 where it must).
func NewPalette(isDark bool) Palette {
	if BasicColors() {
		return BasicPalette()
	}
	c := lipgloss.LightDark(isDark)
	return Palette{
		Text:    c(lipgloss.Color("#1F1F24"), lipgloss.Color("#E4E4E7")),
		Muted:   c(lipgloss.Color("#6B6B76"), lipgloss.Color("#9A9AA5")),
		Subtle:  c(lipgloss.Color("#C4C4CC"), lipgloss.Color("#45454F")),
		Accent:  c(lipgloss.Color("#5B3FD1"), lipgloss.Color("#A996FF")),
		OnFill:  c(lipgloss.Color("#FFFFFF"), lipgloss.Color("#16161A")),
		Success: c(lipgloss.Color("#1E7F4F"), lipgloss.Color("#6BD69B")),
		Warning: c(lipgloss.Color("#9A6200"), lipgloss.Color("#E8B55A")),
		Error:   c(lipgloss.Color("#C22D3A"), lipgloss.Color("#FF7A85")),
	}
}

// BasicPalette is the palette for a terminal with the 16 ANSI colours only
// (TERM=xterm, xterm's default). Brought to 16 colours, the 24-bit palette
// lost its frames on white (#C4C4CC became bright white) and its hints on
// black (#9A9AA5 became blue, #0000EE in xterm). These are picked from the
// 16 so that each reaches a contrast of 3:1 on a white and on a black
// background alike, in xterm's default colours (TestBasicPaletteContrast):
// a 16-colour terminal may be light or dark, and may not say which.
// Ordinary text keeps the terminal's own foreground.
func BasicPalette() Palette {
	return Palette{
		Text:    lipgloss.NoColor{},
		Muted:   ansi.BrightBlack, // #7F7F7F: 5.3:1 on black, 4.0:1 on white
		Subtle:  ansi.BrightBlack,
		Accent:  ansi.Magenta,     // #CD00CD: 4.5:1 and 4.7:1
		OnFill:  ansi.BrightWhite, // on Accent: 4.7:1
		Success: ansi.BrightBlue,  // #5C5CFF: 4.4:1 and 4.7:1 (no green reads on white)
		Warning: ansi.Red,         // #CD0000: 3.6:1 and 5.9:1
		Error:   ansi.BrightRed,   // #FF0000: 5.3:1 and 4.0:1
	}
}

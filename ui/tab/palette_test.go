package tab_test

import (
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// roleStyles are a style per palette role as the screens use them: each
// colour as text, OnFill on Accent.
type roleStyles struct {
	Text, Muted, Subtle, Accent, Success, Warning, Error, Fill lipgloss.Style
}

// TestBasicPaletteContrast: every role of the 16-colour palette reads at
// 3:1 or better on a white and on a black background.
func TestBasicPaletteContrast(t *testing.T) {
	tabtest.CheckBasicContrast(t, func(dark bool) any {
		p := tab.NewPalette(dark)
		if p != tab.BasicPalette() {
			t.Fatal("NewPalette on a 16-colour terminal is not BasicPalette")
		}
		fg := lipgloss.NewStyle().Foreground
		return roleStyles{
			Text: fg(p.Text), Muted: fg(p.Muted), Subtle: fg(p.Subtle), Accent: fg(p.Accent),
			Success: fg(p.Success), Warning: fg(p.Warning), Error: fg(p.Error),
			Fill: fg(p.OnFill).Background(p.Accent),
		}
	})
}

// TestPaletteFollowsProfile: 256 and 16 million colours keep the 24-bit
// palette; 16 colours get the basic one.
func TestPaletteFollowsProfile(t *testing.T) {
	t.Cleanup(func() { tab.UseColorProfile(colorprofile.TrueColor) })
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI} {
		tab.UseColorProfile(p)
		if basic := tab.NewPalette(true) == tab.BasicPalette(); basic != (p == colorprofile.ANSI) {
			t.Errorf("%v: basic palette %v", p, basic)
		}
	}
}

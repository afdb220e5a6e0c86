package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestBasicPaletteContrast: on a 16-colour terminal every style here reads
// at 3:1 or better, on a light and on a dark background.
func TestBasicPaletteContrast(t *testing.T) {
	tabtest.CheckBasicContrast(t, func(dark bool) any { return newStyles(dark) })
}

// TestColorProfileRestyles: when Bubble Tea reports a 16-colour terminal,
// the shell and the tabs take the basic palette at once.
func TestColorProfileRestyles(t *testing.T) {
	t.Cleanup(func() { tab.UseColorProfile(colorprofile.TrueColor) })
	m := start(t, send(t, New(testDeps(t)), tea.WindowSizeMsg{Width: 100, Height: 30}))
	if strings.Contains(m.render(), "\x1b[90m") {
		t.Fatal("basic colours before the profile said so")
	}
	m = send(t, m, tea.ColorProfileMsg{Profile: colorprofile.ANSI})
	if c := m.styles.Frame.GetBorderTopForeground(); c != ansi.BrightBlack {
		t.Errorf("frame colour %v, want bright black", c)
	}
	if !strings.Contains(m.render(), "90m") {
		t.Errorf("the screen has no bright black:\n%q", m.render())
	}
}

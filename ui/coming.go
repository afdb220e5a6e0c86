package ui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/tab"
)

// comingTab stands in for a screen not built yet: it says, in one line,
// what the tab will hold and where the settings are, and does nothing else.
type comingTab struct {
	what          string
	width, height int
	muted         lipgloss.Style
}

func newComingTab(what string) *comingTab {
	t := &comingTab{what: what}
	t.SetDark(true)
	return t
}

func (t *comingTab) Init() tea.Cmd                    { return nil }
func (t *comingTab) Update(tea.Msg) (screen, tea.Cmd) { return t, nil }
func (t *comingTab) SetSize(w, h int)                 { t.width, t.height = w, h }
func (t *comingTab) SetDark(dark bool) {
	t.muted = lipgloss.NewStyle().Foreground(tab.NewPalette(dark).Muted)
}
func (t *comingTab) Summary() string     { return "not built yet" }
func (t *comingTab) KeyMap() help.KeyMap { return noKeys{} }
func (t *comingTab) Focused() bool       { return false }

// View is the line, and where the settings are, centred.
func (t *comingTab) View() string {
	wrap := func(s string) string { return ansi.Wordwrap(s, max(t.width-4, 20), " ") }
	text := lipgloss.JoinVertical(lipgloss.Center, wrap(t.what), "", wrap("Not built yet. Base URL, keys and models: Settings (alt+6)."))
	return lipgloss.Place(t.width, t.height, lipgloss.Center, lipgloss.Center, t.muted.Render(text))
}

// noKeys is the help of a tab without keys of its own.
type noKeys struct{}

func (noKeys) ShortHelp() []key.Binding  { return nil }
func (noKeys) FullHelp() [][]key.Binding { return nil }

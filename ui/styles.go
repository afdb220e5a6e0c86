package ui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"atelier/ui/tab"
)

// styles are the shell's looks, grouped by area and built from the shared
// palette, so each colour has a role rather than a hue.
type styles struct {
	Tabs   tabStyles
	Frame  lipgloss.Style // the border around the active tab
	Status statusStyles
	Help   helpStyles
}

type tabStyles struct {
	Brand    lipgloss.Style // the program's name, left of the tabs
	Active   lipgloss.Style
	Inactive lipgloss.Style
}

type statusStyles struct {
	Summary lipgloss.Style // the active tab's target
	Service lipgloss.Style // the base URL's host, or demo
	Tasks   lipgloss.Style // running video tasks
	Notice  lipgloss.Style // a success
	Warning lipgloss.Style // a question, or why a key did nothing
	Error   lipgloss.Style
}

// of is the style of a message of level l.
func (s statusStyles) of(l level) lipgloss.Style {
	switch l {
	case failure:
		return s.Error
	case warning, question:
		return s.Warning
	case hint:
		return s.Summary
	}
	return s.Notice
}

type helpStyles struct {
	Title lipgloss.Style
	Keys  help.Styles
}

func newStyles(isDark bool) *styles {
	p := tab.NewPalette(isDark)
	keys := tab.HelpDefaults(isDark)
	keys.ShortKey = lipgloss.NewStyle().Foreground(p.Text)
	keys.ShortDesc = lipgloss.NewStyle().Foreground(p.Muted)
	keys.ShortSeparator = lipgloss.NewStyle().Foreground(p.Subtle)
	keys.FullKey = lipgloss.NewStyle().Foreground(p.Accent)
	keys.FullDesc = lipgloss.NewStyle().Foreground(p.Text)
	keys.FullSeparator = lipgloss.NewStyle().Foreground(p.Subtle)
	keys.Ellipsis = lipgloss.NewStyle().Foreground(p.Muted)
	return &styles{
		Tabs: tabStyles{
			Brand:    lipgloss.NewStyle().Foreground(p.Accent).Bold(true).Padding(0, 1),
			Active:   lipgloss.NewStyle().Foreground(p.OnFill).Background(p.Accent).Bold(true).Padding(0, 1),
			Inactive: lipgloss.NewStyle().Foreground(p.Muted).Padding(0, 1),
		},
		Frame: lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(p.Subtle).Padding(0, 1),
		Status: statusStyles{
			Summary: lipgloss.NewStyle().Foreground(p.Muted),
			Service: lipgloss.NewStyle().Foreground(p.Text),
			Tasks:   lipgloss.NewStyle().Foreground(p.Accent),
			Notice:  lipgloss.NewStyle().Foreground(p.Success),
			Warning: lipgloss.NewStyle().Foreground(p.Warning),
			Error:   lipgloss.NewStyle().Foreground(p.Error).Bold(true),
		},
		Help: helpStyles{Title: lipgloss.NewStyle().Foreground(p.Accent).Bold(true), Keys: keys},
	}
}

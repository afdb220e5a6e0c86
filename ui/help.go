package ui

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
)

// helpKeys joins the active tab's keys and the shell's, so help is built
// from the very bindings that act.
type helpKeys struct {
	tab   help.KeyMap
	shell keyMap
}

// ShortHelp is the tab's main keys, then ? and quit.
func (h helpKeys) ShortHelp() []key.Binding {
	return append(h.tab.ShortHelp(), h.shell.ShortHelp()...)
}

// FullHelp is the tab's columns, then the shell's.
func (h helpKeys) FullHelp() [][]key.Binding {
	return append(h.tab.FullHelp(), h.shell.FullHelp()...)
}

func (m Model) helpKeys() helpKeys {
	return helpKeys{tab: m.tabs[m.active].KeyMap(), shell: m.keys}
}

// fullHelp is the help that covers the active tab after ?: the tab's keys,
// then the shell's, each block as wide as its own columns.
func (m Model) fullHelp() string {
	title := m.styles.Help.Title.Render("Keys · " + titles[m.active])
	hint := m.styles.Status.Summary.Render("? or esc closes")
	blocks := []string{title + "  " + hint, ""}
	if cols := m.tabs[m.active].KeyMap().FullHelp(); len(cols) > 0 {
		blocks = append(blocks, m.help.FullHelpView(cols), "")
	}
	blocks = append(blocks, m.styles.Help.Title.Render("Everywhere"), "", m.help.FullHelpView(m.keys.FullHelp()))
	return lipgloss.JoinVertical(lipgloss.Left, blocks...)
}

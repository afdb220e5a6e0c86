package arena

import (
	tea "charm.land/bubbletea/v2"

	"atelier/internal/share"
	"atelier/ui/components/sharepage"
)

// share writes the board shown, with its filter, as a page into the data
// folder's shares/ (ui/components/sharepage).
func (m Model) share() tea.Cmd {
	k := kinds[m.kind]
	o := share.Options{Board: share.BoardOptions{Filter: m.filter.votes(k, m.boards.now()), Rounds: m.boards.rounds}}
	return sharepage.Cmd(m.boards.db, o, share.Ref{Board: k})
}

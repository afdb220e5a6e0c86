package tab

import tea "charm.land/bubbletea/v2"

// StoreChangedMsg says the history changed: something was committed to the
// store since the shell last looked — by this TUI, another one, the command
// line, the batch runner or the poller. The shell looks twice a second (the
// store's Version, one pragma, no table read) and sends this to every tab
// at once, so every list and board follows the store within a second
// without anyone telling it what changed. A tab reads again what it shows,
// in a command, and keeps its cursor on the item it was on, by id. Shown
// is the tab on screen: one out of sight may leave its reading until it is
// shown again (see Stale).
type StoreChangedMsg struct{ Shown ID }

// Stale is what a tab remembers of the changes it heard while out of
// sight, so that it reads once when shown rather than at every change
// nobody sees.
type Stale struct{ missed bool }

// Follow reports whether tab me reads what it shows again now: msg is a
// change while it is on screen, or it is being shown (ShownMsg) after a
// change it did not see. A change out of sight is remembered.
func (s *Stale) Follow(msg tea.Msg, me ID) bool {
	switch msg := msg.(type) {
	case StoreChangedMsg:
		s.missed = msg.Shown != me
		return !s.missed
	case ShownMsg:
		missed := s.missed
		s.missed = false
		return missed
	}
	return false
}

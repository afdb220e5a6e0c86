package tab

// StoreChangedMsg says the history changed: something was committed to the
// store since the shell last looked — by this TUI, another one, the command
// line, the batch runner or the poller. The shell looks twice a second (the
// store's Version, one pragma, no table read) and sends this to every tab
// at once, so every list and board follows the store within a second
// without anyone telling it what changed. A tab reloads what it shows, in
// a command, and keeps its cursor on the item it was on, by id. Shown is
// the tab on screen: one out of sight may leave its reload until it is
// shown again (see Stale).
type StoreChangedMsg struct{ Shown ID }

// Stale is what a tab remembers of the changes it heard while out of
// sight, so that it reloads once when shown rather than at every change
// nobody sees.
type Stale struct{ missed bool }

// Changed reports whether tab me reloads now for msg: it is on screen.
// Otherwise the change is remembered for Shown.
func (s *Stale) Changed(msg StoreChangedMsg, me ID) bool {
	if msg.Shown == me {
		s.missed = false
		return true
	}
	s.missed = true
	return false
}

// Shown reports whether a change was missed while out of sight, and
// forgets it: the tab, shown now, reloads.
func (s *Stale) Shown() bool {
	missed := s.missed
	s.missed = false
	return missed
}

package chat

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/markdown"
)

// scroll moves the window for a scrolling key of s; replies above it are
// rendered ahead.
func (t transcript) scroll(msg tea.KeyPressMsg, s markdown.KeyMap, entries []entry, lk look) (transcript, tea.Cmd) {
	page := max(t.height-1, 1)
	switch {
	case key.Matches(msg, s.Up):
		return t.scrollAhead(-1, entries, lk)
	case key.Matches(msg, s.Down):
		return t.scrollAhead(1, entries, lk)
	case key.Matches(msg, s.PageUp):
		return t.scrollAhead(-page, entries, lk)
	case key.Matches(msg, s.PageDown):
		return t.scrollAhead(page, entries, lk)
	case key.Matches(msg, s.Home):
		t = t.showFrom(0, entries, lk)
	case key.Matches(msg, s.End):
		return t.scrollAhead(len(t.lines), entries, lk)
	}
	return t, nil
}

// scrollAhead moves the window by n lines, and renders ahead the replies
// above it.
func (t transcript) scrollAhead(n int, entries []entry, lk look) (transcript, tea.Cmd) {
	t = t.scrollBy(n, entries, lk)
	cmd := t.prerender(entries) // before t is returned: it notes the command under way
	return t, cmd
}

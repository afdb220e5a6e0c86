package chat

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// key handles the list's own keys: the cursor by a row, a page or to
// either end (the next page loaded as it nears the end), the question
// before a deletion, clearing the filter. h
// is the tab's height, f the field open; c is the conversation on screen,
// which is not deleted while its reply arrives. False for a key the tab
// handles.
func (l convList) key(msg tea.KeyPressMsg, k keyMap, h int, f *field, c conversation) (convList, tea.Cmd, bool) {
	var cmd tea.Cmd
	switch {
	case key.Matches(msg, k.Up):
		l = l.move(-1, l.shown(h, f))
	case key.Matches(msg, k.Down):
		l = l.move(1, l.shown(h, f))
		l, cmd = l.nextPage(h)
	case key.Matches(msg, k.PageUp):
		l = l.move(-max(l.shown(h, f)-1, 1), l.shown(h, f))
	case key.Matches(msg, k.PageDown):
		l = l.move(max(l.shown(h, f)-1, 1), l.shown(h, f))
		l, cmd = l.nextPage(h)
	case key.Matches(msg, k.Top):
		l = l.move(-len(l.Items()), l.shown(h, f))
	case key.Matches(msg, k.Bottom):
		l = l.move(len(l.Items()), l.shown(h, f))
		l, cmd = l.nextPage(h)
	case key.Matches(msg, k.Delete):
		l, cmd = l.askDelete(c)
	case key.Matches(msg, k.Cancel) && l.query() != "":
		l = l.filter("")
	default:
		return l, nil, false
	}
	return l, cmd, true
}

// askDelete asks before deleting the selected conversation, unless it is
// c and its reply is arriving.
func (l convList) askDelete(c conversation) (convList, tea.Cmd) {
	sel, ok := l.selected()
	switch {
	case !ok:
		return l, nil
	case c.run != nil && sel.ID == c.id:
		return l, c.busy()
	}
	var cmd tea.Cmd
	l.Model, cmd = l.AskDelete()
	return l, cmd
}

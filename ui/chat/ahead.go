package chat

import (
	tea "charm.land/bubbletea/v2"

	"atelier/store"
)

// ahead is the transcript's rendering ahead: the replies above what is
// laid out, rendered in a command, the nearest first, so that scrolling up
// finds them ready. One chain of such commands runs at a time; seq tells
// the chain of the conversation on screen from one of a conversation left.
type ahead struct {
	seq  int  // the conversation whose replies are rendered ahead
	busy bool // a command is under way
}

// renderedMsg is a reply's body rendered ahead, off the event loop.
type renderedMsg struct {
	seq int
	i   int
	b   body
}

// prerender starts rendering, in a command, the nearest reply above what
// is laid out whose body is stale, unless a command is under way.
func (t *transcript) prerender(entries []entry) tea.Cmd {
	if t.ahead.busy {
		return nil
	}
	i := t.from - 1
	for ; i >= 0 && i < len(entries); i-- {
		e := &entries[i]
		if e.role == store.RoleAssistant && t.stale(e, i) {
			break
		}
	}
	if i < 0 || i >= len(entries) {
		return nil
	}
	t.ahead.busy = true
	seq, text, key := t.ahead.seq, entries[i].text, entries[i].version
	width, st, styled := t.width, *t.mdStyles, t.styled
	return func() tea.Msg {
		b := renderBody(text, width, st)
		b.key, b.styled = key, styled
		return result(renderedMsg{seq: seq, i: i, b: b})
	}
}

// rendered keeps a body rendered ahead if it is still what the reply
// needs, and renders the next.
func (t transcript) rendered(msg renderedMsg, entries []entry) (transcript, tea.Cmd) {
	if msg.seq != t.ahead.seq {
		return t, nil
	}
	t.ahead.busy = false
	if i := msg.i; i < len(entries) && i < len(t.bodies) {
		e := &entries[i]
		if msg.b.key == e.version && msg.b.width == t.width && msg.b.styled == t.styled {
			t.bodies[i] = msg.b
		}
	}
	cmd := t.prerender(entries) // before t is returned: it notes the command under way
	return t, cmd
}

package chat

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/markdown"
)

// errNoStore is the answer of a command that needs history when there is
// none.
var errNoStore = errors.New("no history store: conversations are not kept")

// The results of the list's and the conversation's commands.
type (
	// listLoadedMsg is a page of the listing; replace: the whole listing.
	listLoadedMsg struct {
		seq     int
		page    []store.Conversation
		replace bool
		more    bool
		now     time.Time
		err     error
	}
	// openedMsg is a conversation read, with the bodies of its last
	// replies rendered (by index) for the width and styles it was asked for.
	openedMsg struct {
		seq     int
		id      int64
		entries []entry
		bodies  map[int]body
		stamp   store.ConversationStamp // where its messages stood, read first
		err     error
		// again: the conversation on screen read again (a step, a change
		// elsewhere): the keyboard, the prompt and the target stay, and
		// the window shows anchor (0: where it stood). same: nothing moved.
		again, same bool
		anchor      int64
	}
	renamedMsg struct {
		id    int64
		title string
		err   error
	}
	deletedMsg struct {
		id  int64
		err error
	}
)

// loadPage reads the page of the listing after before (nil: the first).
func loadPage(db *store.Store, seq int, before *store.Cursor) tea.Cmd {
	return loadFirst(db, seq, before, pageSize)
}

// loadFirst reads the n conversations of the listing after before (nil:
// from the first): a page, or as many as the list holds when the store
// changed under it.
func loadFirst(db *store.Store, seq int, before *store.Cursor, n int) tea.Cmd {
	return func() tea.Msg {
		msg := listLoadedMsg{seq: seq, replace: before == nil, now: time.Now()}
		if db == nil {
			msg.err = errNoStore
			return result(msg)
		}
		page, err := db.Conversations(context.Background(),
			store.ConversationQuery{Kind: store.KindChat, Limit: n + 1, Before: before})
		if len(page) > n {
			page, msg.more = page[:n], true
		}
		msg.page, msg.err = page, err
		return result(msg)
	}
}

// loadAll reads the whole listing, for a filter that must see every title.
func loadAll(db *store.Store, seq int) tea.Cmd {
	return func() tea.Msg {
		msg := listLoadedMsg{seq: seq, replace: true, now: time.Now()}
		if db == nil {
			msg.err = errNoStore
			return result(msg)
		}
		var before *store.Cursor
		for {
			page, err := db.Conversations(context.Background(),
				store.ConversationQuery{Kind: store.KindChat, Limit: 1000, Before: before})
			if err != nil {
				msg.err = err
				return result(msg)
			}
			msg.page = append(msg.page, page...)
			if len(page) < 1000 {
				return result(msg)
			}
			c := page[len(page)-1].Cursor()
			before = &c
		}
	}
}

// open reads a conversation with its messages and each reply's native
// response, which later turns send back, and renders the replies that
// will show first: rendering markdown is the slow part of opening.
func open(db *store.Store, seq int, id int64, sp drawSpec) tea.Cmd {
	return func() tea.Msg { return result(read(db, seq, id, sp)) }
}

// read is open's work: the conversation read and its last replies drawn.
func read(db *store.Store, seq int, id int64, sp drawSpec) openedMsg {
	msg := openedMsg{seq: seq, id: id}
	if db == nil {
		msg.err = errNoStore
		return msg
	}
	ctx := context.Background()
	stamp, err := db.Stamp(ctx, id) // before: a change meanwhile reads again later
	if err != nil {
		msg.err = err
		return msg
	}
	msg.stamp = stamp
	conv, err := db.Conversation(ctx, id)
	if err != nil {
		msg.err = err
		return msg
	}
	calls, err := db.Calls(ctx, store.CallFilter{ConversationID: id})
	if err != nil {
		msg.err = err
		return msg
	}
	natives := map[int64]json.RawMessage{}
	for _, c := range calls {
		if len(c.ResponseJSON) > 0 {
			natives[c.MessageID] = c.ResponseJSON
		}
	}
	msg.entries = entriesOf(conv.Messages, natives)
	msg.bodies = sp.renderTail(msg.entries)
	return msg
}

// drawSpec is what rendering a body ahead needs to know of the pane.
type drawSpec struct {
	width, height int
	styled        int
	st            markdown.Styles
	// kept are the bodies on screen, by the reply's id, with the text they
	// were drawn from: a reply read again as it was is not drawn again
	// (the reply just streamed, read back once it is recorded, may be
	// megabytes).
	kept map[int64]keptBody
}

// keptBody is a reply's body as drawn, and the text it was drawn from.
type keptBody struct {
	text string
	b    body
}

// drawSpec is what rendering ahead for this transcript needs to know.
func (t transcript) drawSpec() drawSpec {
	return drawSpec{width: t.width, height: t.height, styled: t.styled, st: *t.mdStyles}
}

// keptFor is e's body as drawn already, when it was drawn from the same
// text at this width and in these styles.
func (sp drawSpec) keptFor(e entry) (body, bool) {
	k, ok := sp.kept[e.id]
	if !ok || e.id == 0 || k.b.width != sp.width || k.b.styled != sp.styled || k.text != e.text {
		return body{}, false
	}
	return k.b, true
}

// renderTail renders the bodies of the last replies, enough to fill the
// window twice.
func (sp drawSpec) renderTail(entries []entry) map[int]body {
	out := map[int]body{}
	lines := 0
	for i := len(entries) - 1; i >= 0 && lines < 2*sp.height; i-- {
		lines += 3 // a header, a line of text, a blank line
		if entries[i].role != store.RoleAssistant {
			continue
		}
		b, ok := sp.keptFor(entries[i])
		if !ok {
			b = renderBody(entries[i].text, sp.width, sp.st)
			b.styled = sp.styled
		}
		out[i] = b
		lines += len(b.lines)
	}
	return out
}

func rename(db *store.Store, id int64, title string) tea.Cmd {
	return func() tea.Msg {
		err := errNoStore
		if db != nil {
			err = db.RenameConversation(context.Background(), id, title)
		}
		return result(renamedMsg{id: id, title: title, err: err})
	}
}

func remove(db *store.Store, id int64) tea.Cmd {
	return func() tea.Msg {
		err := errNoStore
		if db != nil {
			err = db.DeleteConversation(context.Background(), id)
		}
		return result(deletedMsg{id: id, err: err})
	}
}

package chat

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
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
	openedMsg struct {
		seq     int
		conv    *store.Conversation
		natives map[int64]json.RawMessage // each reply's native response
		err     error
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
	return func() tea.Msg {
		msg := listLoadedMsg{seq: seq, replace: before == nil, now: time.Now()}
		if db == nil {
			msg.err = errNoStore
			return result(msg)
		}
		page, err := db.Conversations(context.Background(),
			store.ConversationQuery{Kind: store.KindChat, Limit: pageSize + 1, Before: before})
		if len(page) > pageSize {
			page, msg.more = page[:pageSize], true
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
// response, which later turns send back.
func open(db *store.Store, seq int, id int64) tea.Cmd {
	return func() tea.Msg {
		msg := openedMsg{seq: seq}
		if db == nil {
			msg.err = errNoStore
			return result(msg)
		}
		ctx := context.Background()
		msg.conv, msg.err = db.Conversation(ctx, id)
		if msg.err != nil {
			return result(msg)
		}
		calls, err := db.Calls(ctx, store.CallFilter{ConversationID: id})
		if err != nil {
			msg.err = err
			return result(msg)
		}
		msg.natives = map[int64]json.RawMessage{}
		for _, c := range calls {
			if len(c.ResponseJSON) > 0 {
				msg.natives[c.MessageID] = c.ResponseJSON
			}
		}
		return result(msg)
	}
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

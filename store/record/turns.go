package record

import (
	"context"
	"encoding/json"
	"fmt"

	"atelier/client"
	"atelier/store"
)

// Said is one message of a conversation's path as a request sends it
// back: the Chat tab's entries and the command line's stored messages
// both become turns by Turns.
type Said struct {
	Role   string // store.RoleUser or store.RoleAssistant
	Text   string
	Images []client.ChatImage // a prompt's attachments
	Native json.RawMessage    // a reply's native final response
	Family client.Group       // the family that wrote Native
	Broken bool               // a reply failed, stopped or cut short
}

// Turns are the client turns of a path, in order, alternating as the
// protocols want: consecutive replies (a paused reply and its
// continuation) are sent as one assistant turn, with its native reply only
// when there is one complete reply; a reply that failed or was stopped
// goes as the text that arrived (its native body is partial, and a
// protocol may refuse it), and when none arrived it is left out with its
// prompt, which the model never answered: a failed turn does not poison
// the turns sent after it. A prompt whose complete reply came back empty
// joins the next prompt.
func Turns(path []Said) []client.ChatTurn {
	var out []client.ChatTurn
	for i := 0; i < len(path); i++ {
		e := path[i]
		if e.Role == store.RoleUser {
			if unanswered(path, i) {
				i++ // the prompt and its empty reply
				continue
			}
			t := client.ChatTurn{Role: "user", Text: e.Text, Images: e.Images}
			if n := len(out); n > 0 && out[n-1].Role == "user" {
				out[n-1].Text += "\n\n" + t.Text
				out[n-1].Images = append(out[n-1].Images, t.Images...)
				continue
			}
			out = append(out, t)
			continue
		}
		t := client.ChatTurn{Role: "assistant", Text: e.Text, Family: e.Family}
		if !e.Broken {
			t.Native = e.Native
		}
		for i+1 < len(path) && path[i+1].Role == store.RoleAssistant {
			i++
			t.Text += path[i].Text
			t.Native = nil
		}
		if t.Text == "" && len(t.Native) == 0 {
			continue // an empty reply is not sent back
		}
		out = append(out, t)
	}
	return out
}

// unanswered reports whether the prompt at i has one reply, which failed
// or was stopped before any text: the model said nothing to it.
func unanswered(path []Said, i int) bool {
	if i+1 >= len(path) || path[i+1].Role != store.RoleAssistant {
		return false
	}
	if i+2 < len(path) && path[i+2].Role == store.RoleAssistant {
		return false // a continuation follows
	}
	r := path[i+1]
	return r.Broken && r.Text == ""
}

// Broken reports whether a stored reply ended without completing.
func Broken(status string) bool {
	switch status {
	case store.StatusError, store.StatusInterrupted, store.StatusStreaming:
		return true
	}
	return false
}

// Natives are the native responses of a conversation's replies, by
// message id: what later turns send back.
func Natives(ctx context.Context, db *store.Store, conv int64) (map[int64]json.RawMessage, error) {
	calls, err := db.Calls(ctx, store.CallFilter{ConversationID: conv})
	if err != nil {
		return nil, err
	}
	out := map[int64]json.RawMessage{}
	for _, c := range calls {
		if len(c.ResponseJSON) > 0 {
			out[c.MessageID] = c.ResponseJSON
		}
	}
	return out, nil
}

// History is what a prompt sent after message after of chat conv follows:
// the path from the first prompt down to after (0: the end of the path
// kept) and its turns. after must be of the conversation.
func History(ctx context.Context, db *store.Store, conv, after int64) ([]store.Message, []client.ChatTurn, error) {
	c, err := db.Conversation(ctx, conv)
	if err != nil {
		return nil, nil, err
	}
	if c.Kind != store.KindChat {
		return nil, nil, fmt.Errorf("conversation %d is a %s, not a chat", conv, c.Kind)
	}
	var path []store.Message
	if after == 0 {
		for _, st := range store.KeptPath(c.Messages) {
			path = append(path, st.Message)
		}
	} else if path = store.PathTo(c.Messages, after); path == nil {
		return nil, nil, fmt.Errorf("message %d is not a prompt or reply of conversation %d", after, conv)
	}
	natives, err := Natives(ctx, db, conv)
	if err != nil {
		return nil, nil, err
	}
	said := make([]Said, len(path))
	for i, m := range path {
		said[i] = Said{Role: m.Role, Text: m.Text, Native: natives[m.ID], Family: client.Group(m.Family),
			Broken: m.Role == store.RoleAssistant && Broken(m.Status)}
	}
	return path, Turns(said), nil
}

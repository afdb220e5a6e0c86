package record

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"atelier/client"
	"atelier/internal/limits"
	"atelier/store"
)

// TestBeginChatWritesConversationPromptAndReply: a first send stores a
// chat conversation, the prompt at turn 0, and the reply as streaming with
// the native request as its call.
func TestBeginChatWritesConversationPromptAndReply(t *testing.T) {
	db := openStore(t)
	tg := target(t, "alpha:model-x:temperature=0.5")
	turns := []client.ChatTurn{{Role: "user", Text: "hello"}}
	b, err := BeginChat(context.Background(), db, Send{NewTurn: true, Prompt: "hello", WithPrompt: true,
		Target: tg, Turns: turns, Stream: true})
	if err != nil {
		t.Fatal(err)
	}
	if !b.Created || b.ConversationID == 0 || b.Turn != 0 || b.PromptID == 0 || b.Reply == nil {
		t.Fatalf("began %+v", b)
	}
	c := conversation(t, db, b.ConversationID)
	if c.Kind != store.KindChat || len(c.Messages) != 2 {
		t.Fatalf("conversation %s with %d messages", c.Kind, len(c.Messages))
	}
	p, r := c.Messages[0], c.Messages[1]
	if p.Role != store.RoleUser || p.Text != "hello" || p.Family != "alpha" || p.Model != "model-x" || p.ID != b.PromptID {
		t.Errorf("prompt %+v", p)
	}
	if r.Role != store.RoleAssistant || r.Status != store.StatusStreaming || r.ID != b.Reply.ID() ||
		!strings.Contains(string(r.SettingsJSON), "0.5") {
		t.Errorf("reply %+v", r)
	}
	calls, err := db.Calls(context.Background(), store.CallFilter{MessageID: r.ID})
	if err != nil || len(calls) != 1 {
		t.Fatalf("calls %v, %v", calls, err)
	}
	path, body, _ := client.NativeChatRequest(tg, turns, true)
	if calls[0].Endpoint != path || string(calls[0].RequestJSON) != string(body) {
		t.Errorf("call %s %s, want %s %s", calls[0].Endpoint, calls[0].RequestJSON, path, body)
	}
}

// TestBeginChatGoesOn: a prompt in a conversation opens its next turn; an
// edited prompt is stored at its own turn; a regenerated reply stores no
// prompt.
func TestBeginChatGoesOn(t *testing.T) {
	db := openStore(t)
	ctx := context.Background()
	tg := target(t, "beta:model-b")
	turns := []client.ChatTurn{{Role: "user", Text: "one"}}
	first, err := BeginChat(ctx, db, Send{NewTurn: true, Prompt: "one", WithPrompt: true, Target: tg, Turns: turns, Stream: true})
	if err != nil {
		t.Fatal(err)
	}
	first.Reply.Finish(&client.ChatResult{Complete: true}, nil, false)
	conv := first.ConversationID
	next, err := BeginChat(ctx, db, Send{ConversationID: conv, NewTurn: true, Prompt: "two", WithPrompt: true, Target: tg, Turns: turns, Stream: true})
	if err != nil || next.Created || next.Turn != 1 || next.PromptID == 0 {
		t.Fatalf("next %+v, %v", next, err)
	}
	next.Reply.Stop()
	edit, err := BeginChat(ctx, db, Send{ConversationID: conv, Turn: 1, Prompt: "two, better", WithPrompt: true, Target: tg, Turns: turns, Stream: true})
	if err != nil || edit.Turn != 1 || edit.PromptID == 0 {
		t.Fatalf("edit %+v, %v", edit, err)
	}
	edit.Reply.Stop()
	again, err := BeginChat(ctx, db, Send{ConversationID: conv, Turn: 1, Target: tg, Turns: turns, Stream: true})
	if err != nil || again.Turn != 1 || again.PromptID != 0 {
		t.Fatalf("regenerate %+v, %v", again, err)
	}
	again.Reply.Stop()
	var prompts []string
	for _, m := range conversation(t, db, conv).Messages {
		if m.Role == store.RoleUser {
			prompts = append(prompts, fmt.Sprintf("%d:%s", m.Turn, m.Text))
		}
	}
	if got := strings.Join(prompts, " "); got != "0:one 1:two 1:two, better" {
		t.Errorf("prompts %q", got)
	}
}

// TestBeginChatIgnoresCancellation: a send stopped at once is still kept.
func TestBeginChatIgnoresCancellation(t *testing.T) {
	db := openStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tg := target(t, "alpha:model-x")
	b, err := BeginChat(ctx, db, Send{NewTurn: true, Prompt: "hi", WithPrompt: true, Target: tg,
		Turns: []client.ChatTurn{{Role: "user", Text: "hi"}}, Stream: true})
	if err != nil || b.Reply == nil {
		t.Fatalf("began %+v, %v", b, err)
	}
	if err := b.Reply.Stop(); err != nil {
		t.Fatal(err)
	}
	if m := message(t, db, b.Reply.ID()); m.Status != store.StatusInterrupted || m.Error != "stopped" {
		t.Errorf("reply %s %q", m.Status, m.Error)
	}
}

// TestReplyEnds: every way a reply ends, and the row each leaves: what
// came is kept, and the reason says why it ended.
func TestReplyEnds(t *testing.T) {
	whole := &client.ChatResult{Complete: true, StopReason: "end_turn", Usage: client.ChatUsage{Input: 7, Output: 3},
		FirstToken: 20 * time.Millisecond, Total: 90 * time.Millisecond, Response: []byte(`{"id":"r1"}`)}
	cut := &client.ChatResult{Complete: false, Usage: client.ChatUsage{Input: 7, Output: 1}}
	limit := limits.Over("reply text", 8<<20, "the reply is cut there")
	for name, c := range map[string]struct {
		res        *client.ChatResult
		err        error
		stopped    bool
		status     string
		reason     string
		stopReason string
		out        int64
	}{
		"complete":              {res: whole, status: store.StatusComplete, stopReason: "end_turn", out: 3},
		"stopped":               {res: cut, err: context.Canceled, stopped: true, status: store.StatusInterrupted, reason: "stopped", out: 1},
		"stopped, other error":  {res: cut, err: errors.New("read: connection reset"), stopped: true, status: store.StatusInterrupted, reason: "stopped", out: 1},
		"cancelled by the call": {res: cut, err: fmt.Errorf("stream: %w", context.Canceled), status: store.StatusInterrupted, reason: "stopped", out: 1},
		"failed":                {res: cut, err: &client.APIError{Status: 529, Message: "overloaded"}, status: store.StatusError, reason: "overloaded", out: 1},
		"failed before a reply": {err: errors.New("dial tcp: refused"), status: store.StatusError, reason: "dial tcp: refused"},
		"incomplete":            {res: cut, status: store.StatusError, reason: client.ErrStreamIncomplete.Error(), out: 1},
		"no last event":         {res: &client.ChatResult{}, err: ErrNoEnd, status: store.StatusError, reason: ErrNoEnd.Error()},
		"budget limit":          {res: cut, err: limit, status: store.StatusInterrupted, reason: limit.Error(), out: 1},
	} {
		t.Run(name, func(t *testing.T) {
			db := openStore(t)
			b, err := BeginChat(context.Background(), db, Send{NewTurn: true, Prompt: "p", WithPrompt: true,
				Target: target(t, "gamma:model-g"), Turns: []client.ChatTurn{{Role: "user", Text: "p"}}, Stream: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range []client.ChatDelta{{Kind: client.ChatThinkingDelta, Text: "hmm "},
				{Kind: client.ChatTextDelta, Text: "part"}, {Kind: client.ChatUsageDelta}, {Kind: client.ChatTextDelta, Text: "ial"}} {
				if err := b.Reply.Add(d); err != nil {
					t.Fatal(err)
				}
			}
			if err := b.Reply.Finish(c.res, c.err, c.stopped); err != nil {
				t.Fatal(err)
			}
			if err := b.Reply.Finish(whole, nil, false); err != nil { // a second end changes nothing
				t.Fatal(err)
			}
			m := message(t, db, b.Reply.ID())
			if m.Status != c.status || !strings.Contains(m.Error, c.reason) || (c.reason == "") != (m.Error == "") {
				t.Errorf("status %s, error %q; want %s, %q", m.Status, m.Error, c.status, c.reason)
			}
			if m.Text != "partial" || m.Thinking != "hmm " {
				t.Errorf("text %q, thinking %q: what came must be kept", m.Text, m.Thinking)
			}
			if m.StopReason != c.stopReason || m.Usage.OutputTokens != c.out {
				t.Errorf("stop reason %q, output tokens %d", m.StopReason, m.Usage.OutputTokens)
			}
		})
	}
}

// TestNilReplyRecordsNothing: a caller without history calls the same
// methods.
func TestNilReplyRecordsNothing(t *testing.T) {
	var r *Reply
	if r.Add(client.ChatDelta{Kind: client.ChatTextDelta, Text: "x"}) != nil || r.Finish(nil, nil, false) != nil ||
		r.Stop() != nil || r.ID() != 0 {
		t.Error("a nil reply did something")
	}
}

// TestBeginComparison: a comparison is a compare conversation, the prompt
// once, and per target its lane and its reply in that lane.
func TestBeginComparison(t *testing.T) {
	db := openStore(t)
	targets := []client.ChatTarget{target(t, "alpha:model-x:temperature=0.1"), target(t, "alpha:model-x:temperature=0.9"),
		target(t, "gamma:model-g")}
	id, replies, err := BeginComparison(context.Background(), db, "which?", targets)
	if err != nil || id == 0 || len(replies) != 3 {
		t.Fatalf("id %d, %d replies, %v", id, len(replies), err)
	}
	replies[0].Finish(&client.ChatResult{Complete: true}, nil, false)
	replies[1].Finish(nil, errors.New("boom"), false)
	replies[2].Stop()
	c := conversation(t, db, id)
	if c.Kind != store.KindCompare || len(c.Lanes) != 3 {
		t.Fatalf("kind %s, %d lanes", c.Kind, len(c.Lanes))
	}
	if !strings.Contains(string(c.Lanes[1].SettingsJSON), "0.9") || c.Lanes[2].Family != "gamma" {
		t.Errorf("lanes %+v", c.Lanes)
	}
	var got []string
	for _, m := range c.Messages {
		got = append(got, fmt.Sprintf("%s/%d/%s/%s", m.Role, m.Lane, m.Family, m.Status))
	}
	want := "user/0/alpha/complete assistant/0/alpha/complete assistant/1/alpha/error assistant/2/gamma/interrupted"
	if strings.Join(got, " ") != want {
		t.Errorf("messages\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
}

// TestStoppedReplyKeepsItsFirstToken: a reply stopped or cut before its
// end may have no result to time it, yet its first token came when it
// came, and the screen showed it: the record keeps it (issue 30: Compare's
// export left "First token" blank for a lane that showed a figure).
func TestStoppedReplyKeepsItsFirstToken(t *testing.T) {
	db := openStore(t)
	_, replies, err := BeginComparison(context.Background(), db, "which?", []client.ChatTarget{target(t, "alpha:a"), target(t, "beta:b")})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range replies {
		at := r.started.Add(300 * time.Millisecond)
		r.AddAt(client.ChatDelta{Kind: client.ChatTextDelta, Text: "par"}, at)
		r.AddAt(client.ChatDelta{Kind: client.ChatTextDelta, Text: "tial"}, at.Add(time.Second))
	}
	replies[0].Stop()
	replies[1].Finish(nil, errors.New("read: connection reset"), false)
	for _, r := range replies {
		if m := message(t, db, r.ID()); m.TTFT != 300*time.Millisecond || m.Text != "partial" {
			t.Errorf("%s: first token %v, text %q", m.Status, m.TTFT, m.Text)
		}
	}
	// A result's own time wins.
	_, rs, _ := BeginComparison(context.Background(), db, "again", []client.ChatTarget{target(t, "alpha:a"), target(t, "beta:b")})
	rs[0].AddAt(client.ChatDelta{Kind: client.ChatTextDelta, Text: "x"}, rs[0].started.Add(time.Second))
	rs[0].Finish(&client.ChatResult{Complete: true, FirstToken: 40 * time.Millisecond}, nil, false)
	if m := message(t, db, rs[0].ID()); m.TTFT != 40*time.Millisecond {
		t.Errorf("a result's first token %v, want 40ms", m.TTFT)
	}
}

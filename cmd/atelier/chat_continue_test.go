package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"atelier/store"
	"atelier/store/storetest"
)

// `atelier chat --continue ID [--branch-from MESSAGE]` against the
// simulator: the request carries the path's turns, the prompt and reply
// are kept where they go in the conversation's tree, and what is wrong
// with the ids is exit 2 naming the flag.
func TestChatContinueAndBranchFrom(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	home := t.TempDir()
	run := c.runner(t, home)
	if r := run("chat", "-p", "alpha", "-m", "m", "first"); r.code != 0 {
		t.Fatalf("first: exit %d, %s", r.code, r.stderr)
	}
	conv, path := keptPath(t, home)
	p0, r0 := path[0], path[1]

	// Without -p/-m the path's last reply's target goes on.
	if r := run("chat", "--continue", fmt.Sprint(conv), "second"); r.code != 0 {
		t.Fatalf("--continue: exit %d, %s", r.code, r.stderr)
	}
	sent := string(c.requests()[1].body)
	if !inOrder(sent, "first", "Notes on first", "second") || !strings.Contains(sent, `"model":"m"`) {
		t.Fatalf("--continue sent %s", sent)
	}
	_, path = keptPath(t, home)
	if len(path) != 4 || path[2].Text != "second" || path[2].ParentID != r0.ID || path[2].Turn != 1 {
		t.Fatalf("kept after --continue: %+v", path)
	}
	p1 := path[2]

	// After the first reply again: a branch beside "second".
	if r := run("chat", "--continue", fmt.Sprint(conv), "--branch-from", fmt.Sprint(r0.ID), "other"); r.code != 0 {
		t.Fatalf("--branch-from a reply: exit %d, %s", r.code, r.stderr)
	}
	sent = string(c.requests()[2].body)
	if !inOrder(sent, "first", "Notes on first", "other") || strings.Contains(sent, "second") {
		t.Fatalf("--branch-from a reply sent %s", sent)
	}
	_, path = keptPath(t, home)
	if len(path) != 4 || path[2].Text != "other" || !slices.Equal(path[2].Siblings, []int64{p1.ID, path[2].ID}) {
		t.Fatalf("kept after --branch-from a reply: %+v", path)
	}

	// At the first prompt: a branch beside it, with no history.
	if r := run("chat", "--continue", fmt.Sprint(conv), "--branch-from", fmt.Sprint(p0.ID), "zero"); r.code != 0 {
		t.Fatalf("--branch-from a prompt: exit %d, %s", r.code, r.stderr)
	}
	if sent = string(c.requests()[3].body); strings.Contains(sent, "first") || !strings.Contains(sent, "zero") {
		t.Fatalf("--branch-from the first prompt sent %s", sent)
	}
	_, path = keptPath(t, home)
	if len(path) != 2 || path[0].Text != "zero" || len(path[0].Siblings) != 2 {
		t.Fatalf("kept after --branch-from the first prompt: %+v", path)
	}

	for _, bad := range []struct {
		args []string
		says string
	}{
		{[]string{"--branch-from", "1"}, "--branch-from: needs --continue"},
		{[]string{"--continue", "99"}, "--continue 99: no such conversation"},
		{[]string{"--continue", "-3"}, "--continue: a conversation id is a number above 0"},
		{[]string{"--continue", fmt.Sprint(conv), "--branch-from", "999"}, "--branch-from 999: not a message of conversation"},
	} {
		n := len(c.requests())
		r := run(append(append([]string{"chat", "-p", "alpha", "-m", "m"}, bad.args...), "x")...)
		if r.code != exitUsage || !strings.Contains(r.stderr, bad.says) || len(c.requests()) != n {
			t.Errorf("%v: exit %d, %q (want %q, nothing sent)", bad.args, r.code, r.stderr, bad.says)
		}
	}
}

// keptPath is the only conversation of the history at home, and its path
// kept.
func keptPath(t *testing.T, home string) (int64, []store.Step) {
	t.Helper()
	db := storetest.Open(t, home)
	ctx := context.Background()
	list, err := db.Conversations(ctx, store.ConversationQuery{Kind: store.KindChat})
	if err != nil || len(list) != 1 {
		t.Fatalf("conversations: %v %+v", err, list)
	}
	conv, err := db.Conversation(ctx, list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return conv.ID, store.KeptPath(conv.Messages)
}

// inOrder reports whether s holds each of parts, in that order.
func inOrder(s string, parts ...string) bool {
	for _, p := range parts {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}

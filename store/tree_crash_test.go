package store

import (
	"fmt"
	"slices"
	"testing"
)

// treeChildEnv tells a re-executed test binary to be the writer killed
// while a fourth alternative streams.
const treeChildEnv = "ATELIER_TEST_TREE_CHILD_DIR"

// treeChild writes a chat with three alternatives of its first reply, a
// branch after the second and a branch from the first prompt (a second
// first prompt, answered), then streams a fourth alternative of the first
// prompt's reply, says so once it is checkpointed, and goes on until it
// is killed.
func treeChild(dir string) error {
	s, err := Open(dir)
	if err != nil {
		return err
	}
	conv, err := childChat(s, "a haiku")
	if err != nil {
		return err
	}
	c, err := s.Conversation(bg, conv)
	if err != nil {
		return err
	}
	prompt := c.Messages[0].ID
	var alts []int64
	for _, text := range []string{"one", "two", "three"} {
		id, err := s.AddMessage(bg, Message{ConversationID: conv, ParentID: prompt, Role: RoleAssistant, Text: text})
		if err != nil {
			return err
		}
		alts = append(alts, id)
	}
	if err := s.ShowMessage(bg, alts[1]); err != nil {
		return err
	}
	for _, text := range []string{"next", "next, edited"} { // a branch
		p, err := s.AddMessage(bg, Message{ConversationID: conv, Turn: 1, ParentID: alts[1], Role: RoleUser, Text: text})
		if err != nil {
			return err
		}
		if _, err := s.AddMessage(bg, Message{ConversationID: conv, Turn: 1, ParentID: p, Role: RoleAssistant, Text: "re " + text}); err != nil {
			return err
		}
	}
	first, err := s.AddMessage(bg, Message{ConversationID: conv, Role: RoleUser, Text: "a haiku, from the first"})
	if err != nil {
		return err
	}
	if _, err := s.AddMessage(bg, Message{ConversationID: conv, ParentID: first, Role: RoleAssistant, Text: "re first"}); err != nil {
		return err
	}
	if err := s.ShowMessage(bg, prompt); err != nil { // back on the first path, which the fourth alternative joins
		return err
	}
	r, err := s.BeginReply(bg, ReplyStart{ConversationID: conv, ParentID: prompt, Family: "alpha", Model: "m",
		CheckpointBytes: 64})
	if err != nil {
		return err
	}
	return streamUntilKilled(r, fmt.Sprintf("alternative %d of conversation %d", r.ID(), conv))
}

// Killed while a fourth alternative streams, the conversation keeps the
// four, the branch after the second and the branch from the first prompt:
// the one cut short interrupted and shown (it was the last shown), the
// others as they were.
func TestKillMidAlternativeKeepsTheTree(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var replyID, conv int64
	killChild(t, treeChildEnv, dir, "alternative %d of conversation %d", &replyID, &conv)

	s := must[*Store](t)(Open(dir))
	defer s.Close()
	c := must[*Conversation](t)(s.Conversation(bg, conv))
	if len(c.Messages) != 11 {
		t.Fatalf("%d messages after the kill, want 11", len(c.Messages))
	}
	path := KeptPath(c.Messages)
	if len(path) != 2 || path[1].ID != replyID || path[1].Status != StatusInterrupted || path[1].Text == "" ||
		path[1].At != 3 || len(path[1].Siblings) != 4 || path[0].At != 0 || len(path[0].Siblings) != 2 {
		t.Fatalf("path after the kill: %+v", path)
	}
	for _, m := range c.Messages {
		if m.ID != replyID && m.Status != StatusComplete {
			t.Errorf("message %d %q: %s, want complete", m.ID, m.Text, m.Status)
		}
	}
	// The second alternative still leads to its branch.
	if err := s.ShowMessage(bg, path[1].Siblings[1]); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, st := range KeptPath(must[*Conversation](t)(s.Conversation(bg, conv)).Messages) {
		texts = append(texts, st.Text)
	}
	if !slices.Equal(texts, []string{"a haiku", "two", "next, edited", "re next, edited"}) {
		t.Fatalf("the second alternative's path: %q", texts)
	}
	// The branch from the first prompt is whole, a first prompt beside it.
	if err := s.ShowMessage(bg, path[0].Siblings[1]); err != nil {
		t.Fatal(err)
	}
	texts = nil
	for _, st := range KeptPath(must[*Conversation](t)(s.Conversation(bg, conv)).Messages) {
		texts = append(texts, fmt.Sprintf("%s %d/%d", st.Text, st.At+1, len(st.Siblings)))
	}
	if !slices.Equal(texts, []string{"a haiku, from the first 2/2", "re first 1/1"}) {
		t.Fatalf("the first prompt's branch after the kill: %q", texts)
	}
}

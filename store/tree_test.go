package store

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// pathIDs are the ids of a kept path, with "n/m" where a message forks.
func pathOf(steps []Step) (ids []int64, forks map[int64][2]int) {
	forks = map[int64][2]int{}
	for _, s := range steps {
		ids = append(ids, s.ID)
		if s.Forks() {
			forks[s.ID] = [2]int{s.At + 1, len(s.Siblings)}
		}
	}
	return ids, forks
}

// addReply stores a finished reply with parent (0: found by the turn).
func addReply(t *testing.T, s *Store, conv int64, turn int, parent int64, text string) int64 {
	t.Helper()
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Turn: turn, ParentID: parent,
		Family: "alpha", Model: "m"}))
	if err := r.Append(text, ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Finish(ReplyEnd{}); err != nil {
		t.Fatal(err)
	}
	return r.ID()
}

func TestAlternativesAndBranchesFormATree(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	conv, p0 := newConversation(t, s, KindChat, "", "a haiku")
	addReply(t, s, conv, 0, p0, "first")
	r1 := addReply(t, s, conv, 0, p0, "second") // ctrl+r: an alternative
	r2 := addReply(t, s, conv, 0, p0, "third")
	path, forks := pathOf(KeptPath(must[*Conversation](t)(s.Conversation(bg, conv)).Messages))
	if !slices.Equal(path, []int64{p0, r2}) || forks[r2] != [2]int{3, 3} {
		t.Fatalf("after three replies: path %v forks %v, want [%d %d] with 3 of 3", path, forks, p0, r2)
	}
	// Stepping back to the second keeps it, and the next prompt follows it.
	if err := s.ShowMessage(bg, r1); err != nil {
		t.Fatal(err)
	}
	p1 := must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Turn: 1, ParentID: r1, Role: RoleUser, Text: "another"}))
	r3 := addReply(t, s, conv, 1, p1, "fourth")
	// An edited prompt sent again is a branch beside p1, under r1.
	p2 := must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Turn: 1, ParentID: r1, Role: RoleUser, Text: "edited"}))
	r4 := addReply(t, s, conv, 1, p2, "fifth")
	c := must[*Conversation](t)(s.Conversation(bg, conv))
	path, forks = pathOf(KeptPath(c.Messages))
	if !slices.Equal(path, []int64{p0, r1, p2, r4}) || forks[r1] != [2]int{2, 3} || forks[p2] != [2]int{2, 2} {
		t.Fatalf("after a branch: path %v forks %v", path, forks)
	}
	if !Forked(c.Messages) || !c.Forks {
		t.Fatal("Forked: false for a conversation with alternatives")
	}
	if list := must[[]Conversation](t)(s.Conversations(bg, ConversationQuery{})); len(list) != 1 || !list[0].Forks {
		t.Fatalf("the listing does not mark the fork: %+v", list)
	}
	// Showing the first branch brings its own reply back.
	if err := s.ShowMessage(bg, p1); err != nil {
		t.Fatal(err)
	}
	path, _ = pathOf(KeptPath(must[*Conversation](t)(s.Conversation(bg, conv)).Messages))
	if !slices.Equal(path, []int64{p0, r1, p1, r3}) {
		t.Fatalf("after showing branch 1: path %v", path)
	}
	// Nothing was lost.
	if n := len(must[*Conversation](t)(s.Conversation(bg, conv)).Messages); n != 8 {
		t.Fatalf("%d messages kept, want 8", n)
	}
	// A parent from another conversation is refused, naming it.
	other := must[int64](t)(s.NewConversation(bg, KindChat, ""))
	if _, err := s.AddMessage(bg, Message{ConversationID: other, ParentID: r1, Role: RoleUser, Text: "x"}); err == nil {
		t.Fatal("a parent of another conversation was taken")
	}
	if err := s.ShowMessage(bg, 9999); err == nil {
		t.Fatal("showing a missing message: no error")
	}
}

// Within one millisecond (a frozen clock here), the path shown last still
// wins: a branch from the first prompt, the first prompt shown again, then
// an alternative begun under it and a prompt added after that, each keeps
// the path through the first prompt, not the branch that tied with it.
func TestShownPathWinsATie(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	frozen := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return frozen }
	conv, p0 := newConversation(t, s, KindChat, "", "a haiku")
	r0 := addReply(t, s, conv, 0, p0, "first")
	branch := must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Role: RoleUser, Text: "a haiku, again"}))
	addReply(t, s, conv, 0, branch, "re again")
	if err := s.ShowMessage(bg, p0); err != nil {
		t.Fatal(err)
	}
	path, _ := pathOf(KeptPath(must[*Conversation](t)(s.Conversation(bg, conv)).Messages))
	if !slices.Equal(path, []int64{p0, r0}) {
		t.Fatalf("after showing the first prompt: path %v, want [%d %d]", path, p0, r0)
	}
	r1 := addReply(t, s, conv, 0, p0, "second")
	path, _ = pathOf(KeptPath(must[*Conversation](t)(s.Conversation(bg, conv)).Messages))
	if !slices.Equal(path, []int64{p0, r1}) {
		t.Fatalf("after an alternative under the first prompt: path %v, want [%d %d]", path, p0, r1)
	}
	p1 := must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Turn: 1, ParentID: r0, Role: RoleUser, Text: "go on"}))
	path, _ = pathOf(KeptPath(must[*Conversation](t)(s.Conversation(bg, conv)).Messages))
	if !slices.Equal(path, []int64{p0, r0, p1}) {
		t.Fatalf("after a prompt under the first reply: path %v, want [%d %d %d]", path, p0, r0, p1)
	}
}

// A writer that names no parent (the command line, older code) gets the
// one the turns say: the line the Chat tab showed before 0014.
func TestParentFoundByTurn(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	conv, p0 := newConversation(t, s, KindChat, "", "q")
	addReply(t, s, conv, 0, 0, "a")
	r1 := addReply(t, s, conv, 0, 0, "b") // regenerated
	p1 := must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Turn: 1, Role: RoleUser, Text: "q2"}))
	r2 := must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Turn: 1, Role: RoleAssistant,
		Text: "paused", StopReason: "pause_turn"}))
	r3 := addReply(t, s, conv, 1, 0, " and on") // continues the paused reply
	path, forks := pathOf(KeptPath(must[*Conversation](t)(s.Conversation(bg, conv)).Messages))
	if !slices.Equal(path, []int64{p0, r1, p1, r2, r3}) || forks[r1] != [2]int{2, 2} || len(forks) != 1 {
		t.Fatalf("path %v forks %v", path, forks)
	}
}

// 0014 gives the messages of conversations kept before it their parents,
// by the rule the Chat tab showed them with: the path kept is what it
// showed, and the replaced messages are the alternatives and branches.
func TestBranchesMigrationKeepsWhatWasShown(t *testing.T) {
	t.Parallel()
	s := openThrough(t, "branches",
		`INSERT INTO conversations (id, kind, created_at, updated_at) VALUES (1, 'chat', 1, 1)`,
		`INSERT INTO messages (id, conversation_id, turn, role, text, created_at, updated_at) VALUES
			(1, 1, 0, 'user', 'q', 1, 1), (2, 1, 0, 'assistant', 'a', 2, 2), (3, 1, 0, 'assistant', 'a2', 3, 3),
			(4, 1, 1, 'user', 'q2', 4, 4), (5, 1, 1, 'assistant', 'b', 5, 5),
			(6, 1, 1, 'user', 'q2 edited', 6, 6), (7, 1, 1, 'assistant', 'c', 7, 7)`,
		`INSERT INTO conversations (id, kind, created_at, updated_at) VALUES (2, 'compare', 1, 1)`,
		`INSERT INTO messages (id, conversation_id, turn, lane, role, text, created_at, updated_at) VALUES
			(8, 2, 0, 0, 'user', 'q', 1, 1), (9, 2, 0, 1, 'assistant', 'x', 2, 2)`,
	)
	path, forks := pathOf(KeptPath(must[*Conversation](t)(s.Conversation(bg, 1)).Messages))
	if !slices.Equal(path, []int64{1, 3, 6, 7}) || forks[3] != [2]int{2, 2} || forks[6] != [2]int{2, 2} {
		t.Fatalf("migrated path %v forks %v", path, forks)
	}
	if m := must[*Message](t)(s.Message(bg, 9)); m.ParentID != 0 {
		t.Fatalf("a comparison's lane got parent %d", m.ParentID)
	}
}

// The exports of a chat that forks name the path kept and list the
// others: JSON as kept_path and forks, Markdown as the path with each
// fork's place and the messages not kept after it.
func TestExportNamesTheKeptPath(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	conv, p0 := newConversation(t, s, KindChat, "", "a haiku")
	r0 := addReply(t, s, conv, 0, p0, "first alternative")
	r1 := addReply(t, s, conv, 0, p0, "second alternative")
	r2 := addReply(t, s, conv, 0, p0, "third alternative")
	must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Turn: 1, ParentID: r2, Role: RoleUser, Text: "on the third"}))
	if err := s.ShowMessage(bg, r1); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := s.ExportJSON(bg, ItemRef{Kind: KindChat, ID: conv}, &b); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Conversation struct {
			KeptPath []int64 `json:"kept_path"`
			Forks    []Fork  `json:"forks"`
			Messages []struct {
				ID       int64 `json:"id"`
				ParentID int64 `json:"parent_id"`
			} `json:"messages"`
		} `json:"conversation"`
	}
	if err := json.Unmarshal([]byte(b.String()), &doc); err != nil {
		t.Fatal(err)
	}
	ec := doc.Conversation
	if !slices.Equal(ec.KeptPath, []int64{p0, r1}) || len(ec.Forks) != 1 || ec.Forks[0].Kept != r1 ||
		ec.Forks[0].Kind != "alternatives" || !slices.Equal(ec.Forks[0].Others, []int64{r0, r2}) ||
		len(ec.Messages) != 5 || ec.Messages[1].ParentID != p0 {
		t.Fatalf("JSON export: %s", b.String())
	}
	md := must[string](t)(s.ExportMarkdown(bg, ItemRef{Kind: KindChat, ID: conv}, t.TempDir()))
	text := string(must[[]byte](t)(os.ReadFile(md)))
	for _, want := range []string{
		fmt.Sprintf("alternative 2 of 3, kept (others: #%d, #%d)", r0, r2),
		"## Alternatives and branches not kept",
		fmt.Sprintf("· #%d · after #%d", r0, p0), "first alternative", "third alternative",
		fmt.Sprintf("after #%d\n\non the third", r2),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Markdown export lacks %q:\n%s", want, text)
		}
	}
	if i, j := strings.Index(text, "second alternative"), strings.Index(text, "first alternative"); i < 0 || i > j {
		t.Errorf("the kept alternative is not first:\n%s", text)
	}
}

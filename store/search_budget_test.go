package store

import (
	"database/sql"
	"strings"
	"testing"

	"atelier/internal/limits"
)

// A long reply is searched by its first limits.SearchedText characters:
// a word there is found, a word only past it is not, and the reply is kept
// whole.
func TestSearchReadsTheFirstMiBOfAMessage(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	filler := strings.Repeat("x", limits.SearchedText) // one long word: the index's work is per word
	text := "walrus " + filler + " narwhal"
	conv := must[int64](t)(s.NewConversation(bg, KindChat, "long"))
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "m"}))
	if err := r.Append(text, ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Finish(ReplyEnd{Text: text}); err != nil {
		t.Fatal(err)
	}
	if hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "walrus"})); len(hits) != 1 {
		t.Fatalf("a word in the first MiB: %d hits", len(hits))
	}
	if hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "narwhal"})); len(hits) != 0 {
		t.Fatalf("a word only past the first MiB was found: %+v", hits)
	}
	if m := must[*Message](t)(s.Message(bg, r.ID())); m.Text != text {
		t.Fatalf("kept %d bytes of %d", len(m.Text), len(text))
	}
	if err := s.DeleteConversation(bg, conv); err != nil {
		t.Fatal(err)
	}
	checkSearchIndex(t, s.w.DB)
}

// A message indexed whole before 0016 is indexed again by its first MiB
// as the store migrates, so that deleting it later deletes what was
// indexed, and the index stays whole.
func TestSearchBudgetMigrationReindexesLongMessages(t *testing.T) {
	t.Parallel()
	long := "walrus " + strings.Repeat("x", limits.SearchedText) + " narwhal"
	s := openThrough(t, "search_budget",
		`INSERT INTO conversations (id, kind, created_at, updated_at) VALUES (1, 'chat', 1, 1)`,
		`INSERT INTO messages (id, conversation_id, turn, role, text, status, created_at, updated_at) VALUES
			(1, 1, 0, 'user', 'a short one with a narwhal', 'complete', 1, 1),
			(2, 1, 0, 'assistant', '`+long+`', 'complete', 2, 2)`,
	)
	checkSearchIndex(t, s.w.DB)
	hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "narwhal"}))
	if len(hits) != 1 || hits[0].MessageID != 1 {
		t.Fatalf("narwhal: %+v, want the short message only", hits)
	}
	if err := s.DeleteConversation(bg, 1); err != nil {
		t.Fatal(err)
	}
	checkSearchIndex(t, s.w.DB)
	if hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "walrus"})); len(hits) != 0 {
		t.Fatalf("a deleted message still found: %+v", hits)
	}
}

// checkSearchIndex fails the test when the messages' index is damaged.
// (Its check against the content table would read long messages whole,
// past what was indexed, so only the index's own structure is checked.)
func checkSearchIndex(t *testing.T, db *sql.DB) {
	t.Helper()
	if _, err := db.Exec(`INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')`); err != nil {
		t.Fatalf("search index: %v", err)
	}
}

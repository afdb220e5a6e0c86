package store

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// crashChildEnv tells a re-executed test binary to be the crashing writer,
// and in which data directory.
const crashChildEnv = "ATELIER_TEST_CRASH_CHILD_DIR"

// crashChunk is the i-th piece of text the child streams.
func crashChunk(i int) string { return fmt.Sprintf("chunk%06d ", i) }

// crashChild is the child process of
// TestSIGKILLMidStreamLeavesInterruptedReply (see TestMain): it streams a
// reply steadily, says when the first checkpoint is written, and goes on
// until it is killed.
func crashChild(dir string) error {
	s, err := Open(dir)
	if err != nil {
		return err
	}
	conv, err := childChat(s, "tell me a long story")
	if err != nil {
		return err
	}
	r, err := s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "model-x",
		RequestJSON: []byte(`{"model":"model-x","stream":true}`), CheckpointBytes: 256})
	if err != nil {
		return err
	}
	return streamUntilKilled(r, fmt.Sprintf("checkpointed reply %d", r.ID()))
}

// streamUntilKilled is a crashing child's writing: it appends chunk after
// chunk to r, prints line (for killChild, which waits for it) once the
// first checkpoint is written, and goes on until the process is killed.
func streamUntilKilled(r *Reply, line string) error {
	announced := false
	for i := 0; ; i++ {
		if err := r.Append(crashChunk(i), ""); err != nil {
			return err
		}
		if !announced && r.Checkpoints() > 0 {
			fmt.Println(line)
			announced = true
		}
	}
}

// childChat starts a chat with one prompt, as newChat does in a test.
func childChat(s *Store, prompt string) (int64, error) {
	id, err := s.NewConversation(bg, KindChat, "")
	if err != nil {
		return 0, err
	}
	_, err = s.AddMessage(bg, Message{ConversationID: id, Role: RoleUser, Text: prompt})
	return id, err
}

func TestSIGKILLMidStreamLeavesInterruptedReply(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var replyID int64
	killChild(t, crashChildEnv, dir, "checkpointed reply %d", &replyID)

	s := must[*Store](t)(Open(dir))
	defer s.Close()
	m := must[*Message](t)(s.Message(bg, replyID))
	if m.Status != StatusInterrupted || m.Error != interruptedByCrash {
		t.Fatalf("status %q error %q, want interrupted", m.Status, m.Error)
	}
	// The text is the chunks in order from the first, cut at a checkpoint.
	if !regexp.MustCompile(`^(chunk\d{6} )+$`).MatchString(m.Text) {
		t.Fatalf("text is not whole chunks: %.80q", m.Text)
	}
	n := strings.Count(m.Text, "chunk")
	var want strings.Builder
	for i := range n {
		want.WriteString(crashChunk(i))
	}
	if m.Text != want.String() {
		t.Fatalf("text is not a prefix of what was streamed (%d chunks)", n)
	}
	if chunkCount(t, s, replyID) != 0 {
		t.Fatal("chunks left after recovery")
	}
	hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "chunk000000"}))
	if len(hits) != 1 || hits[0].MessageID != replyID {
		t.Fatalf("recovered reply not searchable: %+v", hits)
	}
	calls := must[[]Call](t)(s.Calls(bg, CallFilter{MessageID: replyID}))
	if len(calls) != 1 || !strings.Contains(string(calls[0].RequestJSON), `"stream":true`) {
		t.Fatalf("request not kept: %+v", calls)
	}
	t.Logf("recovered %d bytes (%d chunks) of the killed reply", len(m.Text), n)
}

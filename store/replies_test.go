package store

import (
	"context"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// newChat makes a conversation with one prompt.
func newChat(t testing.TB, s *Store, prompt string) int64 {
	t.Helper()
	id, _ := newConversation(t, s, KindChat, "", prompt)
	return id
}

// newConversation starts a conversation of kind (chat or compare) titled
// title with one prompt, and returns its id and the prompt's.
func newConversation(t testing.TB, s *Store, kind Kind, title, prompt string) (conv, promptID int64) {
	t.Helper()
	conv = must[int64](t)(s.NewConversation(bg, kind, title))
	promptID = must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Role: RoleUser, Text: prompt}))
	return conv, promptID
}

// chunkCount counts a message's checkpoint rows.
func chunkCount(t testing.TB, s *Store, id int64) int {
	t.Helper()
	var n int
	if err := s.r.QueryRow(`SELECT count(*) FROM message_chunks WHERE message_id = ?`, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestReplyCheckpointsBySize(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := newChat(t, s, "hello")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "model-x",
		CheckpointInterval: time.Hour, CheckpointBytes: 10}))
	steps := []struct {
		text, thinking string
		want           int // checkpoints after the append
	}{
		{"abc", "", 0},
		{"def", "gh", 0},
		{"ij", "", 1}, // 10 bytes gathered
		{"k", "", 1},
		{"", "0123456789", 2},
	}
	for i, st := range steps {
		if err := r.Append(st.text, st.thinking); err != nil {
			t.Fatal(err)
		}
		if got := r.Checkpoints(); got != st.want {
			t.Fatalf("step %d: %d checkpoints, want %d", i, got, st.want)
		}
	}
	m := must[*Message](t)(s.Message(bg, r.ID()))
	if m.Status != StatusStreaming || m.Text != "abcdefijk" || m.Thinking != "gh0123456789" {
		t.Fatalf("while streaming: %q %q %q", m.Status, m.Text, m.Thinking)
	}
	r.Append("!", "")
	if err := r.Finish(ReplyEnd{StopReason: "end_turn", Usage: Usage{InputTokens: 5, OutputTokens: 7},
		TTFT: 300 * time.Millisecond, Total: 2 * time.Second, ResponseJSON: []byte(`{"id":"m1"}`), HTTPStatus: 200}); err != nil {
		t.Fatal(err)
	}
	m = must[*Message](t)(s.Message(bg, r.ID()))
	want := Message{Text: "abcdefijk!", Thinking: "gh0123456789", Status: StatusComplete, StopReason: "end_turn",
		Usage: Usage{5, 7}, TTFT: 300 * time.Millisecond, Total: 2 * time.Second}
	if m.Text != want.Text || m.Thinking != want.Thinking || m.Status != want.Status || m.StopReason != want.StopReason ||
		m.Usage != want.Usage || m.TTFT != want.TTFT || m.Total != want.Total {
		t.Fatalf("finished: %+v", m)
	}
	if n := chunkCount(t, s, r.ID()); n != 0 {
		t.Fatalf("%d chunks left after finish", n)
	}
	calls := must[[]Call](t)(s.Calls(bg, CallFilter{MessageID: r.ID()}))
	if len(calls) != 1 || string(calls[0].ResponseJSON) != `{"id":"m1"}` || calls[0].HTTPStatus != 200 || calls[0].TTFT != want.TTFT {
		t.Fatalf("calls: %+v", calls)
	}
}

func TestReplyCheckpointsByTime(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return clock }
	conv := newChat(t, s, "hello")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, CheckpointInterval: 250 * time.Millisecond}))
	defer r.Finish(ReplyEnd{})
	r.Append("a", "")
	clock = clock.Add(249 * time.Millisecond)
	r.Append("b", "")
	if r.Checkpoints() != 0 {
		t.Fatal("checkpoint before the interval")
	}
	clock = clock.Add(time.Millisecond)
	r.Append("c", "")
	if r.Checkpoints() != 1 {
		t.Fatal("no checkpoint after the interval")
	}
}

func TestReplyTimerCommitsStalledText(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return clock } // still: only the timer can commit
	conv := newChat(t, s, "hello")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, CheckpointInterval: 20 * time.Millisecond}))
	var timers []time.Duration
	var fire func()
	r.afterFunc = func(d time.Duration, f func()) interface{ Stop() bool } {
		timers, fire = append(timers, d), f
		return time.NewTimer(time.Hour) // stopped by Finish; never fires
	}
	checkpoints := 0
	r.onCheckpoint = func() { checkpoints++ }
	if err := r.Append("only delta", ""); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(timers, []time.Duration{20 * time.Millisecond}) || checkpoints != 0 {
		t.Fatalf("after one small delta: timers %v, %d checkpoints; want one timer of the interval and none yet", timers, checkpoints)
	}
	if m := must[*Message](t)(s.Message(bg, r.ID())); m.Text != "" {
		t.Fatalf("text %q committed before the interval passed", m.Text)
	}
	fire() // the interval passes with no further delta
	if checkpoints != 1 {
		t.Fatalf("%d checkpoints when the timer fired, want 1", checkpoints)
	}
	if m := must[*Message](t)(s.Message(bg, r.ID())); m.Text != "only delta" {
		t.Fatalf("text %q", m.Text)
	}
	if err := r.Finish(ReplyEnd{}); err != nil {
		t.Fatal(err)
	}
}

func TestReplyEndStates(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := newChat(t, s, "hello")
	for _, tc := range []struct {
		err        error
		status     string
		errorText  string
		searchable bool
	}{
		{nil, StatusComplete, "", true},
		{context.Canceled, StatusInterrupted, "stopped", true},
		{errors.New("overloaded: try later"), StatusError, "overloaded: try later", true},
	} {
		r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv}))
		r.Append("partial lighthouse text", "")
		if err := r.Finish(ReplyEnd{Err: tc.err}); err != nil {
			t.Fatal(err)
		}
		m := must[*Message](t)(s.Message(bg, r.ID()))
		if m.Status != tc.status || m.Error != tc.errorText || m.Text != "partial lighthouse text" {
			t.Errorf("err %v: status %q error %q text %q", tc.err, m.Status, m.Error, m.Text)
		}
		if err := r.Append("more", ""); err == nil {
			t.Error("append after finish succeeded")
		}
		if err := r.Finish(ReplyEnd{}); err == nil {
			t.Error("second finish succeeded")
		}
	}
	hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "lighthouse"}))
	if len(hits) != 3 {
		t.Fatalf("%d hits, want the 3 ended replies", len(hits))
	}
}

func TestStreamingReplyIsNotSearchableUntilItEnds(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := newChat(t, s, "hello")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, CheckpointBytes: 1}))
	r.Append("zeppelin ", "")
	if hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "zeppelin"})); len(hits) != 0 {
		t.Fatalf("streaming reply found: %+v", hits)
	}
	r.Finish(ReplyEnd{})
	if hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "zeppelin"})); len(hits) != 1 || hits[0].MessageID != r.ID() {
		t.Fatalf("finished reply not found: %+v", hits)
	}
}

func TestCloseInterruptsUnfinishedReplies(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := must[*Store](t)(Open(dir))
	conv := newChat(t, s, "hello")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, CheckpointBytes: 4}))
	r.Append("half a rep", "ly")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2 := must[*Store](t)(Open(dir))
	defer s2.Close()
	m := must[*Message](t)(s2.Message(bg, r.ID()))
	if m.Status != StatusInterrupted || m.Text != "half a rep" || m.Thinking != "ly" {
		t.Fatalf("after close: %+v", m)
	}
}

// deadPID returns the pid of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

func TestOpenRecoversOnlyDeadWriters(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := must[*Store](t)(Open(dir))
	conv := newChat(t, s, "hello")
	self := currentProcess()
	writers := map[string]processID{
		"dead":       {pid: deadPID(t)},
		"alive":      self,                                   // this process: another Store of it may stream
		"reused pid": {pid: self.pid, start: self.start + 1}, // same pid, another start: a dead writer
		"unknown":    {},
	}
	ids := map[string]int64{}
	for name, w := range writers {
		r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, CheckpointBytes: 1}))
		r.Append(name+" text", "")
		if _, err := s.w.Exec(`UPDATE messages SET writer_pid = ?, writer_start = ? WHERE id = ?`,
			w.pid, w.start, r.ID()); err != nil {
			t.Fatal(err)
		}
		ids[name] = r.ID()
		s.mu.Lock()
		delete(s.replies, r) // as if no Close would come for it
		s.mu.Unlock()
	}
	s2 := must[*Store](t)(Open(dir)) // while s still holds its reply open
	defer s2.Close()
	for name, id := range ids {
		m := must[*Message](t)(s2.Message(bg, id))
		want := StatusInterrupted
		if name == "alive" || (name == "reused pid" && self.start == 0) { // no start time: pid alone
			want = StatusStreaming
		}
		if m.Status != want || m.Text != name+" text" {
			t.Errorf("%s writer: status %q text %q, want %q", name, m.Status, m.Text, want)
		}
	}
	s.Close()
}

func TestCheckpointWritesOnlyTheDelta(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := newChat(t, s, "hello")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, CheckpointBytes: 1 << 10}))
	big := strings.Repeat("x", 1<<10)
	for range 100 {
		r.Append(big, "")
	}
	var maxLen int
	s.r.QueryRow(`SELECT max(length(text)) FROM message_chunks WHERE message_id = ?`, r.ID()).Scan(&maxLen)
	if maxLen != 1<<10 || chunkCount(t, s, r.ID()) != 100 {
		t.Fatalf("chunks: max %d bytes, %d rows", maxLen, chunkCount(t, s, r.ID()))
	}
	r.Finish(ReplyEnd{})
	if m := must[*Message](t)(s.Message(bg, r.ID())); len(m.Text) != 100<<10 {
		t.Fatalf("folded text is %d bytes", len(m.Text))
	}
}

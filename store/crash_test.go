package store

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// crashChildEnv tells a re-executed test binary to be the crashing writer,
// and in which data directory.
const crashChildEnv = "ATELIER_TEST_CRASH_CHILD_DIR"

// crashChunk is the i-th piece of text the child streams.
func crashChunk(i int) string { return fmt.Sprintf("chunk%06d ", i) }

// TestCrashChild is not a test of its own: it is the child process of
// TestSIGKILLMidStreamLeavesInterruptedReply, and does nothing unless that
// test started it.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashChildEnv)
	if dir == "" {
		return
	}
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	conv := newChat(t, s, "tell me a long story")
	r, err := s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "model-x",
		RequestJSON: []byte(`{"model":"model-x","stream":true}`), CheckpointBytes: 256})
	if err != nil {
		t.Fatal(err)
	}
	announced := false
	// Stream steadily until killed; the bound only stops a child whose
	// parent died.
	for i, start := 0, time.Now(); time.Since(start) < time.Minute; i++ {
		if err := r.Append(crashChunk(i), ""); err != nil {
			t.Fatal(err)
		}
		if !announced && r.Checkpoints() > 0 {
			fmt.Printf("checkpointed reply %d\n", r.ID())
			announced = true
		}
	}
	t.Fatal("never killed")
}

// killChild runs the test named child in a child process (this test
// binary) with env set to dir, reads its stdout until a line scans with
// format into args, and kills it with SIGKILL. It fails the test when no
// such line came, or the child did not die of the signal.
func killChild(t *testing.T, child, env, dir, format string, args ...any) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+child+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env+"="+dir)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	seen := false
	sc := bufio.NewScanner(out)
	for !seen && sc.Scan() {
		_, err := fmt.Sscanf(sc.Text(), format, args...)
		seen = err == nil
	}
	if !seen {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the child never said %q (scan error: %v)", format, sc.Err())
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("child did not die of SIGKILL: %v", err)
	}
}

func TestSIGKILLMidStreamLeavesInterruptedReply(t *testing.T) {
	dir := t.TempDir()
	var replyID int64
	killChild(t, "TestCrashChild", crashChildEnv, dir, "checkpointed reply %d", &replyID)

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

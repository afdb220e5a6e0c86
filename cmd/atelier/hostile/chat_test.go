package hostile

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"

	"atelier/cmd/atelier/internal/clitest"
	"atelier/internal/limits"
	"atelier/store"
)

// The hostile-server suite, chat and image half: each attack ends with a
// clear error in one line and its exit status, what arrived is recorded
// as it should be, and the next command opens the history.

// histories are the histories the tests opened, by data folder (each
// test's own), open until the test ends.
var histories sync.Map

// openHistory opens the history a run left, for the test to read: once per
// test, since opening it reads its schema, which under -race cost the suite
// a second or more when each look at the history opened it again. Every
// query reads what the children committed up to then.
func openHistory(t *testing.T, env []string) *store.Store {
	t.Helper()
	dir := clitest.DataDir(env)
	if st, ok := histories.Load(dir); ok {
		return st.(*store.Store)
	}
	st, err := store.Open(dir)
	if err != nil {
		t.Fatalf("the history does not open: %v", err)
	}
	histories.Store(dir, st)
	t.Cleanup(func() {
		histories.Delete(dir)
		st.Close()
	})
	return st
}

// reply is the last message of conversation 1.
func reply(t *testing.T, env []string) store.Message {
	t.Helper()
	c, err := openHistory(t, env).Conversation(context.Background(), 1)
	if err != nil || len(c.Messages) < 2 {
		t.Fatalf("conversation 1: %v, %+v", err, c)
	}
	return c.Messages[len(c.Messages)-1]
}

// nextCommandOpensHistory runs `history list` after an attack, in a
// process of its own as a person's next command runs.
func nextCommandOpensHistory(t *testing.T, env []string, item string) {
	t.Helper()
	r := runChild(t, env, clitest.Child{Clock: "real"}, "history", "list")
	if r.Code != 0 || !strings.Contains(r.Stdout, item) {
		t.Fatalf("history list after the attack: exit %d, %q %q", r.Code, r.Stdout, r.Stderr)
	}
}

func checkRun(t *testing.T, r clitest.Ran, code int, stderr string) {
	t.Helper()
	if r.Code != code || !strings.Contains(r.Stderr, stderr) {
		t.Fatalf("exit %d (want %d), stderr %q (want %q)", r.Code, code, r.Stderr, stderr)
	}
	if strings.Count(strings.TrimSpace(r.Stderr), "\n") > 0 {
		t.Fatalf("the error is not one line: %q", r.Stderr)
	}
}

func TestHostileEndlessText(t *testing.T) {
	t.Parallel()
	h := clitest.NewHostile(t, clitest.EndlessText)
	env := h.Env(t)
	r := runHostile(t, env, nil, "real", "chat", "-p", "alpha", "-m", "m", "tell me everything")
	checkRun(t, r, 1, "reply text limit (8 MiB) reached: the reply is cut there (limits.reply_text in config.toml)")
	if r.OutBytes != limits.ReplyText+1 { // the reply, and the newline after it
		t.Fatalf("printed %d bytes, want the reply up to the limit", r.OutBytes)
	}
	m := reply(t, env)
	if m.Status != store.StatusInterrupted || len(m.Text) != limits.ReplyText || !strings.HasPrefix(m.Error, "reply text limit (8 MiB)") {
		t.Fatalf("recorded %q %q, %d bytes", m.Status, m.Error, len(m.Text))
	}
	// In a child: 8 MiB through the terminal cleaner costs seconds under
	// the race detector, and the child's memory is held to clitest.MaxResident.
	r = runHostile(t, env, nil, "real", "history", "show", "chat:1")
	if strings.Contains(r.Stdout, "interrupted: interrupted") || !strings.Contains(r.Stdout, "interrupted: reply text limit") {
		t.Fatalf("history show: %.300q", r.Stdout)
	}
	nextCommandOpensHistory(t, env, "chat:1")
	t.Logf("endless text: %s sent before the client left", limits.Size(h.Written.Load()))
}

func TestHostileQuietStreams(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{clitest.EndlessPings, clitest.Silent, clitest.OnlyComments} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			h := clitest.NewHostile(t, mode)
			env := h.Env(t)
			// The stream's idle timer is made, then reset by message_start,
			// content_block_start and the delta: the fourth arm is the wait
			// that would never end.
			r := runHostile(t, env, nil, "arm:4", "chat", "-p", "alpha", "-m", "m", "hello")
			checkRun(t, r, 1, "idle timeout (2m0s) reached: the stream sent no content (limits.idle_timeout in config.toml)")
			if r.Stdout != "partial\n" {
				t.Fatalf("printed %q", r.Stdout)
			}
			m := reply(t, env)
			if m.Text != "partial" || m.Status != store.StatusError || !strings.Contains(m.Error, "idle timeout (2m0s) reached") {
				t.Fatalf("recorded %q %q %q", m.Status, m.Error, m.Text)
			}
			nextCommandOpensHistory(t, env, "chat:1")
		})
	}
}

func TestHostileBodies(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mode, item string
		args       []string
	}{
		{clitest.HugeBody, "chat:1", []string{"chat", "--no-stream", "-p", "alpha", "-m", "m", "hi"}},
		{clitest.GzipBomb, "chat:1", []string{"chat", "--no-stream", "-p", "alpha", "-m", "m", "hi"}},
		{clitest.HugeBase64, "image:1", []string{"image", "-m", "gamma/image-2.5-flare", "a cat"}},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel()
			h := clitest.NewHostile(t, tc.mode)
			env := h.Env(t)
			args := tc.args
			if tc.mode == clitest.HugeBase64 {
				args = append(args, "-o", t.TempDir())
			}
			r := runHostile(t, env, nil, "real", args...)
			checkRun(t, r, 1, "JSON reply limit (64 MiB) reached: stopped reading there")
			st := openHistory(t, env)
			items, err := st.Items(context.Background(), store.ItemFilter{})
			if err != nil || len(items) != 1 || items[0].Status != store.StatusError && tc.mode == clitest.HugeBase64 {
				t.Fatalf("recorded %+v, %v", items, err)
			}
			if tc.mode != clitest.HugeBase64 {
				// Nothing of it was kept, but the turn is cut at a limit like a long reply.
				if m := reply(t, env); m.Status != store.StatusInterrupted || !strings.Contains(m.Error, "JSON reply limit (64 MiB)") {
					t.Fatalf("recorded %q %q", m.Status, m.Error)
				}
			}
			nextCommandOpensHistory(t, env, tc.item)
			t.Logf("%s: %s sent (decoded) before the client left", tc.mode, limits.Size(h.Written.Load()))
			// (A gzip stream's few kilobytes in the socket's buffers stand for
			// gigabytes decoded: only the client's heap tells there.)
			if tc.mode != clitest.GzipBomb && h.Written.Load() > 80*limits.MiB {
				t.Fatalf("the server wrote %s: the client read on past the limit", limits.Size(h.Written.Load()))
			}
		})
	}
}

func TestHostileImageNotBase64IsNotComplete(t *testing.T) {
	t.Parallel()
	h := clitest.NewHostile(t, clitest.BadBase64)
	env := h.Env(t)
	r := runHostile(t, env, nil, "real", "image", "-m", "gamma/image-2.5-flare", "-o", t.TempDir(), "a cat")
	checkRun(t, r, 1, "invalid base64")
	st := openHistory(t, env)
	job, err := st.ImageJob(context.Background(), 1)
	if err != nil || job.Status != store.StatusError || !strings.Contains(job.Error, "invalid base64") || len(job.Files) != 0 {
		t.Fatalf("recorded %+v, %v", job, err)
	}
	nextCommandOpensHistory(t, env, "image:1")
}

// endlessReader is stdin that never ends.
type endlessReader struct{ n int64 }

func (e *endlessReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	e.n += int64(len(p))
	return len(p), nil
}

func TestHostileInputs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		stdin  io.Reader
		args   []string
		stderr string
	}{
		{"a 200 MB prompt on stdin", &endlessReader{}, []string{"chat", "-p", "alpha", "-m", "m"},
			"stdin: prompt limit (8 MiB) reached: stopped reading there; nothing was sent"},
		{"--body /dev/zero", nil, []string{"video", "submit", "videoa/q1/text-to-video", "--body", "/dev/zero"},
			"--body /dev/zero: --body limit (16 MiB) reached"},
		{"--body - endless", &endlessReader{}, []string{"video", "submit", "videoa/q1/text-to-video", "--body", "-"},
			"--body -: --body limit (16 MiB) reached"},
		{"--image /dev/zero", nil, []string{"chat", "-p", "alpha", "-m", "m", "--image", "/dev/zero", "hi"},
			"--image /dev/zero: chat image limit (20 MiB) reached"},
		{"invalid --set JSON", nil, []string{"chat", "-p", "alpha", "-m", "m", "--set", "messages=[", "hi"},
			"--set messages: not valid JSON"},
		{"plain-http base URL", nil, []string{"--base-url", "http://gateway.example.com", "chat", "-p", "alpha", "-m", "m", "hi"},
			"refusing plain http to a host that is not loopback"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := clitest.NewHostile(t, "")
			env := h.Env(t)
			r := runHostile(t, env, tc.stdin, "real", tc.args...)
			checkRun(t, r, 2, tc.stderr)
			if h.Hits.Load() != 0 {
				t.Fatalf("%d requests sent", h.Hits.Load())
			}
			if e, ok := tc.stdin.(*endlessReader); ok && e.n > 20*limits.MiB {
				t.Fatalf("read %s of stdin", limits.Size(e.n))
			}
		})
	}
}

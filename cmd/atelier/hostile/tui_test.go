//go:build linux

package hostile

import (
	"context"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"atelier/cmd/atelier/internal/clitest"
	"atelier/internal/limits"
	"atelier/store"
)

// The hostile-server suite, the TUI: atelier's TUI in
// a child process on a pseudo-terminal, as a person runs it, against one
// event of 20 MiB in each chat family. A prompt is typed in, the test
// waits until the history holds the finished reply, quits with ctrl+c,
// and holds the child's peak resident memory to clitest.MaxResident, on a busy
// machine as on a quiet one; the same for an endless stream cut at the
// reply limit (the closest: 125-137 MiB with both cores busy, some 40 MiB
// of it SQLite's as it folds and indexes 8 MiB of reply), and for 30 MiB
// of zeros as a streamed image.

// Keys as a terminal sends them.
const (
	keyEnter = "\r"
	keyCtrlC = "\x03"
	keyCtrlT = "\x14"
	keyRight = "\x1b[C"
	keyEsc   = "\x1b"
	keyAlt3  = "\x1b3"
)

// tui is atelier's TUI running in a child process on a terminal.
type tui struct {
	term  *clitest.Terminal
	child *clitest.Started
	seen  int // how much of the terminal's output a wait has looked at
}

// startTUI runs the TUI against env's service, on a 120×40 terminal, with
// config (config.toml's text).
func startTUI(t *testing.T, env []string, config string) *tui {
	t.Helper()
	term := clitest.NewTerminal(t)
	if err := unix.IoctlSetWinsize(int(term.Tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 40, Col: 120}); err != nil {
		t.Fatal(err)
	}
	clitest.WriteFile(t, clitest.Lookup(env)("ATELIER_CONFIG"), config)
	env = append(env, "TERM=xterm-256color")
	c := startChild(t, env, clitest.Child{Clock: "real", Stdin: term.Tty, Out: term.Tty, Err: term.Tty, Terminal: true})
	return &tui{term: term, child: c}
}

// press types keys on the terminal.
func (u *tui) press(t *testing.T, keys string) {
	t.Helper()
	if _, err := u.term.Master.Write([]byte(keys)); err != nil {
		t.Fatal(err)
	}
}

// waitFor waits until the screen, since the last wait, showed text (the
// terminal's output holds it: a change of style inside text would hide it,
// so text is one short word), and fails the test when it does not within
// the child's time.
func (u *tui) waitFor(t *testing.T, text string) {
	t.Helper()
	term := u.term
	stop := time.AfterFunc(u.child.Limit, func() {
		term.Mu.Lock()
		defer term.Mu.Unlock()
		term.Grew.Broadcast()
	})
	defer stop.Stop()
	deadline := time.Now().Add(u.child.Limit)
	term.Mu.Lock()
	defer term.Mu.Unlock()
	for {
		got := term.Got.String()
		if i := strings.Index(got[u.seen:], text); i >= 0 {
			u.seen += i + len(text)
			return
		}
		select {
		case <-term.End:
			t.Fatalf("the TUI ended without showing %q; the terminal's last: %q", text, tail(got))
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the TUI did not show %q within %s; the terminal's last: %q", text, u.child.Limit, tail(got))
		}
		term.Grew.Wait()
	}
}

// tail is the end of a terminal's output, for a failure's message.
func tail(s string) string {
	return s[max(0, len(s)-2000):]
}

// quit quits the TUI with ctrl+c and checks that it ended well, its peak
// resident memory within limit.
func (u *tui) quit(t *testing.T, what string) {
	t.Helper()
	u.press(t, keyCtrlC)
	r := u.child.Wait(t)
	if r.Code != 0 {
		t.Fatalf("the TUI exited %d; the terminal's last: %q", r.Code, tail(u.term.Output()))
	}
	clitest.CheckResident(t, r.MaxRSS, []string{"TUI:", what})
}

// waitRecorded reads the history the TUI writes until done says what it
// holds is finished, and fails the test when it is not within the child's
// time. (A second process learns of a commit only by reading: this is the
// store's own way, data_version, asked every 20 ms.)
func waitRecorded(t *testing.T, u *tui, env []string, done func(*store.Store) bool) {
	t.Helper()
	st := openHistory(t, env)
	ctx, cancel := context.WithTimeout(context.Background(), u.child.Limit)
	defer cancel()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	last := int64(-1)
	for {
		v, err := st.Version(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if v != last && done(st) {
			return
		}
		last = v
		select {
		case <-ctx.Done():
			t.Fatalf("the history held no finished reply within %s; the terminal's last: %q", u.child.Limit, tail(u.term.Output()))
		case <-tick.C:
		}
	}
}

// replyEnded reports whether conversation 1 holds a reply no longer
// streaming. It asks for the status alone: the whole conversation is
// megabytes of reply, and reading it at every commit of the stream cost
// the suite seconds under -race.
func replyEnded(st *store.Store) bool {
	statuses, err := st.ConversationStatuses(context.Background(), []int64{1})
	status, ok := statuses[1]
	return err == nil && ok && status != store.StatusStreaming
}

// The models every family's target starts on, and the image model.
const tuiConfig = "[models]\nalpha = \"m\"\nbeta = \"m\"\ngamma = \"m\"\nimage = \"gamma/image-2\"\n"

func TestHostileTUIChatStreams(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		texts  func() func() (string, bool)
		fam    string
		rights int // presses of → on the picker's family row from alpha
		kept   int
	}{
		{"one 20 MiB event", oneBigEvent, "alpha", 0, len("before ")},
		{"one 20 MiB event", oneBigEvent, "beta", 1, len("before ")},
		{"one 20 MiB event", oneBigEvent, "gamma", 2, len("before ")},
		{"endless", endlessTexts, "alpha", 0, limits.ReplyText},
		{"endless", endlessTexts, "beta", 1, limits.ReplyText},
		{"endless", endlessTexts, "gamma", 2, limits.ReplyText},
	} {
		t.Run(tc.name+"/"+tc.fam, func(t *testing.T) {
			t.Parallel()
			h := streamingHostile(t, tc.texts)
			env := h.Env(t)
			u := startTUI(t, env, tuiConfig)
			u.waitFor(t, "Chat")
			if tc.rights > 0 {
				u.press(t, keyCtrlT)
				u.waitFor(t, "family")
				for range tc.rights {
					u.press(t, keyRight)
				}
				u.waitFor(t, tc.fam)
				u.press(t, keyEsc)
				u.waitFor(t, tc.fam)
			}
			u.press(t, "tell me everything"+keyEnter)
			waitRecorded(t, u, env, replyEnded)
			u.quit(t, tc.name+" "+tc.fam)
			m := reply(t, env)
			if m.Family != tc.fam || m.Status != store.StatusInterrupted || len(m.Text) != tc.kept {
				t.Fatalf("recorded %s %q %q, %d bytes", m.Family, m.Status, m.Error, len(m.Text))
			}
		})
	}
}

// 30 MiB of zeros as a streamed image's one event: the job fails with the
// reason (no image of a documented format), and the TUI holds the event
// once, decoded as it is read, within clitest.MaxResident.
func TestHostileTUIImageOfZeros(t *testing.T) {
	t.Parallel()
	h := zerosImageHostile(t)
	env := h.Env(t)
	u := startTUI(t, env, tuiConfig)
	u.waitFor(t, "Chat")
	u.press(t, keyAlt3)
	u.waitFor(t, "prompt")
	u.press(t, "a cat"+keyEnter)
	waitRecorded(t, u, env, imageEnded)
	u.quit(t, "30 MiB of zeros as a streamed image")
	job, err := openHistory(t, env).ImageJob(context.Background(), 1)
	if err != nil || job.Status != store.StatusError || !strings.Contains(job.Error, "not a PNG, JPEG or WebP image") || len(job.Files) != 0 {
		t.Fatalf("recorded %+v, %v", job, err)
	}
}

// imageEnded reports whether image job 1 is recorded and no longer
// running.
func imageEnded(st *store.Store) bool {
	j, err := st.ImageJob(context.Background(), 1)
	return err == nil && j.Status != store.StatusRunning
}

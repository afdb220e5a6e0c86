package ui

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/internal/termtext"
	"atelier/ui/tab"
)

// statusBar is what the shell shows around the tabs: the service and the
// running tasks on the top line; the latest message, else the active tab's
// summary, on the bottom line; and the log of recent messages, which
// ctrl+l shows whole.
type statusBar struct {
	service string   // "demo", the base URL's host, "connecting…" or "no service"
	running int      // video tasks running
	shown   *message // on the bottom line until it expires, esc (an error) or a newer one
	log     []message
	seq     int // numbers messages, so a late expiry leaves a newer one alone
}

// message is one line for the status bar: an error or a notice.
type message struct {
	level level
	text  string // one line, cleaned of terminal controls
	at    time.Time
	seq   int
}

// level is a message's mark and lifetime: a notice's kind, or a failure.
type level int

const (
	done     = level(tab.Done)
	hint     = level(tab.Hint)
	question = level(tab.Question)
	warning  = level(tab.Warning)
	failure  = level(tab.Warning + 1)
)

// mark is the sign before a message.
func (l level) mark() string {
	switch l {
	case hint:
		return "·"
	case question:
		return "?"
	case warning:
		return "!"
	case failure:
		return "✗"
	}
	return "✓"
}

// lifetime is how long a message stays on the bottom line: a question
// waits longer for its answer, and an error stays until esc (0).
func (l level) lifetime() time.Duration {
	switch l {
	case done:
		return 4 * time.Second
	case hint, warning:
		return 6 * time.Second
	case question:
		return 10 * time.Second
	}
	return 0
}

// logSize is how many messages the log keeps.
const logSize = 100

// post shows a message and logs it.
func (s statusBar) post(l level, text string, at time.Time) statusBar {
	s.seq++
	msg := message{level: l, text: oneLine(text), at: at, seq: s.seq}
	s.shown = &msg
	s.log = append(s.log, msg)
	if len(s.log) > logSize {
		s.log = append([]message(nil), s.log[len(s.log)-logSize:]...)
	}
	return s
}

// expired is the bar once message seq's lifetime is over: gone, unless a
// newer message took its place.
func (s statusBar) expired(seq int) statusBar {
	if s.shown != nil && s.shown.seq == seq {
		s.shown = nil
	}
	return s
}

// dismissed is the bar once esc clears an error.
func (s statusBar) dismissed() statusBar {
	if s.shown != nil && s.shown.level == failure {
		s.shown = nil
	}
	return s
}

// serviceName is what the top line calls the service.
func serviceName(demo bool, c *client.Client) string {
	switch {
	case demo:
		return "demo"
	case c == nil:
		return "no service"
	}
	if u, err := url.Parse(c.BaseURL()); err == nil && u.Host != "" {
		return u.Host
	}
	return c.BaseURL()
}

// right is the right of the top line, in at most room cells: the service,
// then the running tasks. When that is too wide the tasks get shorter, then
// the service is cut, then left out: the count matters most.
func (s statusBar) right(st *styles, room int) string {
	service := s.service
	tasks := ""
	switch {
	case s.running == 1:
		tasks = "1 task running"
	case s.running > 1:
		tasks = fmt.Sprintf("%d tasks running", s.running)
	}
	if tasks == "" {
		return st.Status.Service.Render(ansi.Truncate(service, room, "…"))
	}
	sep := " · "
	if ansi.StringWidth(service+sep+tasks) > room {
		tasks = strings.TrimSuffix(tasks, " running")
	}
	if left := room - ansi.StringWidth(sep+tasks); ansi.StringWidth(service) > left {
		service = ansi.Truncate(service, left, "…")
		if left < 4 {
			service, sep = "", ""
		}
	}
	out := st.Status.Service.Render(service) + st.Status.Summary.Render(sep) + st.Status.Tasks.Render(tasks)
	return ansi.Truncate(out, room, "…")
}

// left is the bottom line's left in at most room cells: the message shown,
// else the active tab's summary. A message cut short says which key shows
// it whole; an error says esc clears it.
func (s statusBar) left(st *styles, summary string, room int) string {
	if s.shown == nil {
		return st.Status.Summary.Render(ansi.Truncate(oneLine(summary), room, "…"))
	}
	msg := s.shown
	style := st.Status.of(msg.level)
	text := msg.level.mark() + " " + msg.text
	more := ""
	if msg.level == failure {
		more = "  esc clears"
	}
	if ansi.StringWidth(text+more) > room {
		more = "  ctrl+l more"
		text = ansi.Truncate(text, max(room-ansi.StringWidth(more), 2), "…")
	}
	return style.Render(text) + st.Status.Summary.Render(more)
}

// oneLine makes untrusted text (an error from the network) safe and flat.
func oneLine(s string) string {
	return strings.Join(strings.Fields(termtext.String(s)), " ")
}

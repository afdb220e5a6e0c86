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
// running tasks on the top line; on the bottom line the latest notice, else
// the error of the tab shown, else the active tab's summary; and the log of
// recent messages, which ctrl+l shows whole.
//
// An error belongs to the tab where it arose: it shows while
// that tab does, until esc there or the tab's next success, and the tab
// bar marks the tab meanwhile; it does not follow the person to the other
// tabs. The shell's own errors (connecting) show on every tab.
type statusBar struct {
	service string              // "demo", the base URL's host, "connecting…" or "no service"
	running int                 // video tasks running
	shown   *message            // a notice, warning or question, until it expires or a newer one
	errs    [tab.Count]*message // each tab's error
	shell   *message            // the shell's own error
	log     []message
	seq     int // numbers messages, so a late expiry leaves a newer one alone
}

// message is one line for the status bar: an error or a notice, and the
// tab it came from.
type message struct {
	level level
	text  string // one line, cleaned of terminal controls
	at    time.Time
	seq   int
	from  tab.ID // fromShell for the shell's own
}

// fromShell is where the shell's own messages come from.
const fromShell tab.ID = -1

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

// post shows a message from a tab (or the shell) and logs it: an error
// becomes that tab's, a success there clears the tab's error, anything
// else shows until it expires.
func (s statusBar) post(l level, text string, at time.Time, from tab.ID) statusBar {
	s.seq++
	msg := message{level: l, text: oneLine(text), at: at, seq: s.seq, from: from}
	switch {
	case l == failure && from == fromShell:
		s.shell = &msg
	case l == failure:
		s.errs[from] = &msg
	default:
		s.shown = &msg
		if l == done && from != fromShell {
			s.errs[from] = nil
		}
	}
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

// dismissed is the bar once esc clears the error shown on tab active.
func (s statusBar) dismissed(active tab.ID) statusBar {
	switch {
	case s.errs[active] != nil:
		s.errs[active] = nil
	default:
		s.shell = nil
	}
	return s
}

// current is the message the bottom line shows on tab active, nil for
// none: the newest of the notice, the tab's error and the shell's.
func (s statusBar) current(active tab.ID) *message {
	var out *message
	for _, m := range []*message{s.shown, s.errs[active], s.shell} {
		if m != nil && (out == nil || m.seq > out.seq) {
			out = m
		}
	}
	return out
}

// failed reports whether tab id holds an error: the tab bar marks it.
func (s statusBar) failed(id tab.ID) bool { return s.errs[id] != nil }

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

// left is the bottom line's left in at most room cells: the message shown
// on tab active, else its summary. A message cut short says which key
// shows it whole; an error says esc clears it.
func (s statusBar) left(st *styles, active tab.ID, summary string, room int) string {
	msg := s.current(active)
	if msg == nil {
		return st.Status.Summary.Render(ansi.Truncate(oneLine(summary), room, "…"))
	}
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

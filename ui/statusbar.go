package ui

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/ui/termtext"
)

// statusBar is what the shell shows around the tabs: the service and the
// running tasks on the top line; the latest error or notice, else the
// active tab's summary, on the bottom line.
type statusBar struct {
	service string // "demo", the base URL's host, "connecting…" or "no service"
	running int    // video tasks running
	err     string // the last error, one line, until esc or a newer notice
	notice  string
}

func (s statusBar) failed(err error) statusBar {
	s.err, s.notice = oneLine(err.Error()), ""
	return s
}

func (s statusBar) noted(text string) statusBar {
	s.err, s.notice = "", oneLine(text)
	return s
}

// dismissed is the bar once esc clears the error.
func (s statusBar) dismissed() statusBar {
	s.err = ""
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
func (s statusBar) right(st styles, room int) string {
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

// left is the bottom line's left: the latest error or notice, else the
// active tab's summary.
func (s statusBar) left(st styles, summary string) string {
	switch {
	case s.err != "":
		return st.Status.Error.Render("✗ "+s.err) + st.Status.Summary.Render("  esc clears")
	case s.notice != "":
		return st.Status.Notice.Render("✓ " + s.notice)
	}
	return st.Status.Summary.Render(oneLine(summary))
}

// oneLine makes untrusted text (an error from the network) safe and flat.
func oneLine(s string) string {
	return strings.Join(strings.Fields(termtext.String(s)), " ")
}

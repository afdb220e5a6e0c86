package tabtest

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// Driver is the part of a tab's test harness that every tab shares: it
// runs commands as the shell would, presses keys and types text, and keeps
// what the tab sent the shell. A harness embeds it and binds it to itself
// (H is the harness, which the chaining methods return) and to its own way
// of delivering messages, which differs from tab to tab: most deliver in
// order with Deliver, Chat can pause a stream midway, Compare runs
// commands concurrently.
type Driver[H any] struct {
	Out []tea.Msg // what the tab sent the shell: notices, errors, the rest

	t    testing.TB
	to   tab.ID
	self H
	send func(...tea.Msg)
}

// Bind ties the driver to its harness: self, and send, which gives the
// tab messages and handles what follows. Results addressed to tab to come
// back to the tab.
func (d *Driver[H]) Bind(t testing.TB, to tab.ID, self H, send func(...tea.Msg)) {
	d.t, d.to, d.self, d.send = t, to, self, send
}

// Deliver is the way most harnesses send: update takes each message in
// order, and the results of the command it returns are queued after the
// messages already waiting, until none are left.
func (d *Driver[H]) Deliver(update func(tea.Msg) tea.Cmd, msgs ...tea.Msg) {
	d.t.Helper()
	queue := msgs
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 100_000 {
			d.t.Fatal("messages keep coming")
		}
		msg := queue[0]
		queue = append(queue[1:], d.Results(update(msg))...)
	}
}

// Send gives the tab msgs through the harness's own send.
func (d *Driver[H]) Send(msgs ...tea.Msg) H {
	d.t.Helper()
	d.send(msgs...)
	return d.self
}

// Results runs cmd to its end (see the function Results): the messages for
// the tab are returned, the rest are kept in Out.
func (d *Driver[H]) Results(cmd tea.Cmd) []tea.Msg {
	d.t.Helper()
	return Results(d.t, d.to, cmd, &d.Out)
}

// Run runs cmd and sends the tab its results.
func (d *Driver[H]) Run(cmd tea.Cmd) H {
	d.t.Helper()
	return d.Send(d.Results(cmd)...)
}

// Keys presses each named key in turn (see Press), each handled to the
// end before the next.
func (d *Driver[H]) Keys(ks ...string) H {
	d.t.Helper()
	for _, k := range ks {
		d.send(Press(k))
	}
	return d.self
}

// Type types s, a key press for each character.
func (d *Driver[H]) Type(s string) H {
	d.t.Helper()
	for _, r := range s {
		d.send(Press(string(r)))
	}
	return d.self
}

// Notices are the status-bar notices the tab sent, in order.
func (d *Driver[H]) Notices() []string { return Notices(d.Out) }

// NoticesOf are the notices of kind k the tab sent, in order.
func (d *Driver[H]) NoticesOf(k tab.Kind) []string { return NoticesOf(d.Out, k) }

// Warnings are the notices the tab sent to say why a key did nothing.
func (d *Driver[H]) Warnings() []string { return Warnings(d.Out) }

// Errors are the errors the tab sent the status bar, in order.
func (d *Driver[H]) Errors() []error { return Errors(d.Out) }

// NoErrors fails the test if the tab sent the status bar an error.
func (d *Driver[H]) NoErrors() {
	d.t.Helper()
	if errs := d.Errors(); len(errs) > 0 {
		d.t.Fatalf("errors: %v", errs)
	}
}

// Model is a tab's Model as its tests drive it: an Update that returns
// its own type.
type Model[M any] interface {
	Update(tea.Msg) (M, tea.Cmd)
}

// Step is the update most harnesses Deliver with: msg to *m, which keeps
// the Model it returns.
func Step[M Model[M]](m *M) func(tea.Msg) tea.Cmd {
	return func(msg tea.Msg) tea.Cmd {
		var cmd tea.Cmd
		*m, cmd = (*m).Update(msg)
		return cmd
	}
}

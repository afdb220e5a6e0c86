// Package tabtest drives a tab's model in tests as the shell would: it runs
// the commands a tab returns, hands back the results addressed to that tab
// and keeps what goes to the shell (status-bar notices and errors), and it
// builds key presses from names. Driver bundles all of it for a tab's test
// harness to embed. Only tests import it.
package tabtest

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/keys"
	"atelier/ui/tab"
)

// Results runs cmd to its end: messages addressed to tab to are returned,
// in order; any other message (for the shell) is appended to other. A
// result addressed to another tab fails the test.
func Results(t testing.TB, to tab.ID, cmd tea.Cmd, other *[]tea.Msg) []tea.Msg {
	t.Helper()
	var out []tea.Msg
	for _, msg := range Drain(cmd) {
		r, ok := msg.(tab.ResultMsg)
		switch {
		case !ok:
			*other = append(*other, msg)
		case r.To != to:
			t.Fatalf("a result addressed to tab %d", r.To)
		default:
			out = append(out, r.Msg)
		}
	}
	return out
}

// Press builds the key press a name stands for: "a", "enter", "ctrl+n",
// "alt+shift+left", "pgdown", "space" (keys.Press); a name that is no key
// is a mistake in the test.
func Press(s string) tea.KeyPressMsg {
	k, ok := keys.Press(s)
	if !ok {
		panic("tabtest.Press: no key is named " + s)
	}
	return k
}

// Presses are the key presses of ks: a key's name (see Press) as that
// key, any other word typed a character at a time.
func Presses(ks ...string) []tea.KeyPressMsg {
	var out []tea.KeyPressMsg
	for _, k := range ks {
		if _, ok := keys.Press(k); ok {
			out = append(out, Press(k))
			continue
		}
		for _, r := range k {
			out = append(out, Press(string(r)))
		}
	}
	return out
}

// Notices are the status-bar notices among msgs, in order.
func Notices(msgs []tea.Msg) []string {
	return pick(msgs, func(n tab.NoticeMsg) (string, bool) { return n.Text, true })
}

// NoticesOf are the status-bar notices of kind k among msgs, in order.
func NoticesOf(msgs []tea.Msg, k tab.Kind) []string {
	return pick(msgs, func(n tab.NoticeMsg) (string, bool) { return n.Text, n.Kind == k })
}

// Warnings are the status-bar notices among msgs that say why a key did
// nothing (!), in order.
func Warnings(msgs []tea.Msg) []string { return NoticesOf(msgs, tab.Warning) }

// Errors are the status-bar errors among msgs, in order.
func Errors(msgs []tea.Msg) []error {
	return pick(msgs, func(e tab.ErrorMsg) (error, bool) { return e.Err, true })
}

// pick is what of returns of each message of type M among msgs that it
// keeps, in order.
func pick[M tea.Msg, V any](msgs []tea.Msg, of func(M) (V, bool)) []V {
	var out []V
	for _, m := range msgs {
		if mm, ok := m.(M); ok {
			if v, keep := of(mm); keep {
				out = append(out, v)
			}
		}
	}
	return out
}

// Line is the first line of view holding s, or "".
func Line(view, s string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// Drain runs cmd and the commands of any batch or sequence it returns, as
// Bubble Tea would, and returns all their messages in order, wherever they
// go.
func Drain(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if msg == nil {
		return nil
	}
	// tea.Batch's message is a tea.BatchMsg, tea.Sequence's an unexported
	// type: both are lists of commands.
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeFor[tea.Cmd]() {
		return []tea.Msg{msg}
	}
	var out []tea.Msg
	for i := range v.Len() {
		out = append(out, Drain(v.Index(i).Interface().(tea.Cmd))...)
	}
	return out
}

// Binds reports whether a live group of a tab's help binds the key named
// s: whether the key acts now (a bare digit no live group binds does
// nothing, the shell says).
func Binds(h help.KeyMap, s string) bool {
	th, ok := h.(tab.Help)
	return ok && key.Matches(Press(s), th.Live()...)
}

// Hung fires a minute before the test binary's -timeout (never, without
// one), so a harness waiting on commands that never end fails with its
// screen rather than a goroutine dump. It is an end to a wait, not a time
// limit on the work: a long stream under -race on a loaded machine may
// take what it takes.
func Hung(t testing.TB) <-chan time.Time {
	d, ok := t.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return nil
	}
	end, ok := d.Deadline()
	if !ok {
		return nil
	}
	return time.After(max(time.Until(end)-time.Minute, time.Until(end)/2))
}

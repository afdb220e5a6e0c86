package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/poller"
	"atelier/store"
	"atelier/store/storetest"
)

// TestPollerEventsAreDrained: the root reads the video poller's events as
// it reads Deps.Events, one per command, and waits for the next from the
// poller again; a failure to poll reaches the status bar.
func TestPollerEventsAreDrained(t *testing.T) {
	st, err := store.Open(storetest.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	st.Close() // a session cannot read the history: its one event is the error
	p := poller.New(st, poller.Options{})
	defer p.Close()
	c, err := client.New("http://127.0.0.1:1", client.Keys{})
	if err != nil {
		t.Fatal(err)
	}
	deps := testDeps(t)
	deps.Poller = p
	m := send(t, New(deps), tea.WindowSizeMsg{Width: 100, Height: 30})
	wait := m.nextPolled()
	p.Use(1, c)
	msgs := run(wait)
	if len(msgs) != 1 {
		t.Fatalf("one command gave %d messages", len(msgs))
	}
	if e, ok := msgs[0].(eventMsg); !ok || !e.polled {
		t.Fatalf("message %#v", msgs[0])
	}
	next, cmd := m.Update(msgs[0])
	m = next.(Model)
	if bottom := lines(m)[len(lines(m))-1]; !strings.Contains(bottom, "video tasks are not followed") {
		t.Errorf("bottom line %q", bottom)
	}
	if cmd == nil {
		t.Error("the root stopped reading the poller")
	}
}

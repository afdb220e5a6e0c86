package ui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// say asks a talker to return cmd, as a tab returns a command from a
// result or a key.
type say struct{ cmd tea.Cmd }

// talker is a screen that returns the commands it is asked to.
type talker struct{ fakeScreen }

func (s *talker) Update(msg tea.Msg) (screen, tea.Cmd) {
	s.got = append(s.got, msg)
	if m, ok := msg.(say); ok {
		return s, m.cmd
	}
	return s, nil
}

// talkers replaces every tab with a talker, at 100×24.
func talkers(t *testing.T) Model {
	m := New(testDeps(t))
	for id := range m.tabs {
		m.tabs[id] = &talker{}
	}
	return send(t, m, tea.WindowSizeMsg{Width: 100, Height: 24})
}

// to has tab id say cmd, as a result of its own would.
func to(id tab.ID, cmd tea.Cmd) tea.Msg { return tab.ResultMsg{To: id, Msg: say{cmd}} }

// TestErrorStaysWithItsTab: an error that arose in the Video tab while
// Chat shows is not on Chat's bottom line, the tab bar marks Video, and it
// shows there until that tab's next success clears it (issue 30: an
// error followed the person to every tab).
func TestErrorStaysWithItsTab(t *testing.T) {
	m := talkers(t)
	m = send(t, m, to(tab.Video, tab.Error(errors.New("video 7c1 failed: content policy"))))
	if b := bottom(m); strings.Contains(b, "content policy") {
		t.Fatalf("Video's error followed to Chat: %q", b)
	}
	if top := lines(m)[0]; !strings.Contains(top, "Video ✗") || strings.Contains(top, "Chat ✗") {
		t.Errorf("tab bar %q: want Video marked", top)
	}
	m = send(t, m, tabtest.Press("alt+4"))
	if b := bottom(m); !strings.Contains(b, "✗ video 7c1 failed: content policy") {
		t.Fatalf("Video's own bottom line %q", b)
	}
	m = send(t, m, to(tab.Chat, tab.Notice("reply copied")), tabtest.Press("alt+4"))
	if !m.status.failed(tab.Video) {
		t.Fatal("a success in Chat cleared Video's error")
	}
	m = send(t, m, to(tab.Video, tab.Notice("video 9d2 submitted")))
	if m.status.failed(tab.Video) || strings.Contains(lines(m)[0], "✗") {
		t.Fatalf("the next success in Video left its error: %q", lines(m)[0])
	}
	if b := bottom(m); !strings.Contains(b, "✓ video 9d2 submitted") {
		t.Errorf("bottom line %q", b)
	}
}

// TestEscClearsTheErrorOfTheTabShown: esc clears the error of the tab it
// is pressed in, and goes on to that tab; another tab keeps its own.
func TestEscClearsTheErrorOfTheTabShown(t *testing.T) {
	m := talkers(t)
	m = send(t, m, to(tab.Chat, tab.Error(errors.New("chat: 401"))), to(tab.Image, tab.Error(errors.New("image: 500"))))
	if b := bottom(m); !strings.Contains(b, "✗ chat: 401") || strings.Contains(b, "image") {
		t.Fatalf("Chat's bottom line %q", b)
	}
	m = send(t, m, tabtest.Press("esc"))
	if m.status.failed(tab.Chat) || !m.status.failed(tab.Image) {
		t.Fatalf("esc in Chat: Chat %v, Image %v", m.status.failed(tab.Chat), m.status.failed(tab.Image))
	}
	if !m.tabs[tab.Chat].(*talker).received(tabtest.Press("esc")) {
		t.Error("esc did not go on to the tab")
	}
	m = send(t, m, tabtest.Press("alt+3"))
	if b := bottom(m); !strings.Contains(b, "✗ image: 500") {
		t.Errorf("Image's bottom line %q", b)
	}
}

// TestNoticesAboveTheTabsError: a warning shows over the tab's error for
// its lifetime, then the error is back; the shell's own error (connecting)
// shows on every tab.
func TestNoticesAboveTheTabsError(t *testing.T) {
	deps := testDeps(t)
	var clock expiries
	deps.Tick = clock.tick
	m := New(deps)
	for id := range m.tabs {
		m.tabs[id] = &talker{}
	}
	m = send(t, m, tea.WindowSizeMsg{Width: 100, Height: 24}, to(tab.Chat, tab.Error(errors.New("chat: 401"))))
	m = send(t, m, tabtest.Press("5"))
	if b := bottom(m); !strings.Contains(b, "! 5 chooses nothing here") {
		t.Fatalf("bottom line %q", b)
	}
	m = send(t, m, clock.ends[len(clock.ends)-1])
	if b := bottom(m); !strings.Contains(b, "✗ chat: 401") {
		t.Errorf("after the warning, bottom line %q", b)
	}
	m = send(t, m, tab.ErrorMsg{Err: errors.New("no service configured")}, tabtest.Press("alt+5"))
	if b := bottom(m); !strings.Contains(b, "✗ no service configured") {
		t.Errorf("the shell's error on History: %q", b)
	}
}

// TestTaggedThroughBatchesAndSequences: a tab's message to the status bar
// is its own however its command nests it.
func TestTaggedThroughBatchesAndSequences(t *testing.T) {
	m := talkers(t)
	nested := tea.Batch(nil, tea.Sequence(tab.Info("first"), tea.Batch(tab.Error(errors.New("deep")))))
	m = send(t, m, to(tab.Batch, nested))
	if !m.status.failed(tab.Batch) || m.status.failed(tab.Chat) || m.status.shell != nil {
		t.Errorf("Batch %v, Chat %v, shell %v", m.status.failed(tab.Batch), m.status.failed(tab.Chat), m.status.shell)
	}
}

// TestWritingNothingIsNoFailure: Compare's ctrl+r with nothing to run
// says why with ! and stays no error (issue 30: "write a prompt first"
// was marked ✗ and stayed until esc).
func TestWritingNothingIsNoFailure(t *testing.T) {
	m := inTerminal(t, New(testDeps(t)))
	m = send(t, m, tabtest.Press("alt+2"), tabtest.Press("ctrl+r"))
	if b := bottom(m); !strings.Contains(b, "! compare: ") || strings.Contains(b, "✗") {
		t.Errorf("bottom line %q", b)
	}
	if m.status.failed(tab.Compare) {
		t.Error("Compare holds an error")
	}
}

package ui

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// expiries is a status-bar clock that keeps each lifetime asked for, so a
// test can end it by delivering its message, without waiting.
type expiries struct {
	lives []time.Duration
	ends  []tea.Msg
}

func (e *expiries) tick(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	e.lives = append(e.lives, d)
	e.ends = append(e.ends, fn(testNow.Add(d)))
	return nil
}

func bottom(m Model) string { ls := lines(m); return ls[len(ls)-1] }

// TestNoticesExpire: a notice goes when its lifetime is over, a newer one
// is not cut short by an older one's end, and an error stays until esc
// (issue 19, bug 6).
func TestNoticesExpire(t *testing.T) {
	deps := testDeps(t)
	var clock expiries
	deps.Tick = clock.tick
	m, _ := withFakes(New(deps))
	m = send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24}, tab.NoticeMsg{Text: "reply copied"})
	if !strings.Contains(bottom(m), "✓ reply copied") || len(clock.ends) != 1 || clock.lives[0] <= 0 {
		t.Fatalf("bottom %q, lifetimes %v", bottom(m), clock.lives)
	}
	m = send(t, m, clock.ends[0])
	if strings.Contains(bottom(m), "reply copied") || !strings.Contains(bottom(m), "fake summary") {
		t.Fatalf("the notice outlived its lifetime: %q", bottom(m))
	}

	m = send(t, m, tab.NoticeMsg{Text: "first"}, tab.NoticeMsg{Text: "second"})
	m = send(t, m, clock.ends[1]) // the first's end
	if !strings.Contains(bottom(m), "✓ second") {
		t.Fatalf("an older notice's end took the newer one: %q", bottom(m))
	}
	m = send(t, m, clock.ends[2])
	if strings.Contains(bottom(m), "second") {
		t.Fatalf("the second notice stayed: %q", bottom(m))
	}

	m = send(t, m, tab.ErrorMsg{Err: errors.New("boom")})
	if len(clock.ends) != 3 {
		t.Fatalf("an error was given a lifetime: %v", clock.lives)
	}
	if !strings.Contains(bottom(m), "✗ boom") {
		t.Fatalf("bottom %q", bottom(m))
	}
}

// TestMessagesCarryTheirMark: success ✓, question ?, failure ✗, warning !
// (issue 19, bug 6: a question was marked ✓).
func TestMessagesCarryTheirMark(t *testing.T) {
	cases := []struct {
		cmd  tea.Cmd
		want string
	}{
		{tab.Notice("reply copied"), "✓ reply copied"},
		{tab.Ask("copy which code block? 1–3"), "? copy which code block? 1–3"},
		{tab.Warn("no reply to copy"), "! no reply to copy"},
		{tab.Info("editing this image"), "· editing this image"},
		{tab.Error(errors.New("chat: 401")), "✗ chat: 401"},
	}
	for _, c := range cases {
		m, _ := withFakes(New(testDeps(t)))
		m = send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
		m = send(t, m, run(c.cmd)...)
		if !strings.Contains(bottom(m), c.want) {
			t.Errorf("bottom %q, want %q", bottom(m), c.want)
		}
	}
}

// TestLongErrorShowsWholeInTheLog: an error cut on the bottom line says
// ctrl+l shows it; the log shows it whole, with the messages before it,
// newest first (issue 19, bug 6).
func TestLongErrorShowsWholeInTheLog(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	long := "open /home/someone/Pictures/atelier/2026-11-21/lighthouse-in-fog-watercolor-8f2c.png: " +
		"exec: \"xdg-open\": executable file not found in $PATH, and no other viewer was found"
	m = send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24}, tab.NoticeMsg{Text: "reply copied"}, tab.ErrorMsg{Err: errors.New(long)})
	if b := bottom(m); !strings.Contains(b, "ctrl+l more") || strings.Contains(b, "not found in $PATH") {
		t.Fatalf("bottom line %q", b)
	}
	m = send(t, m, tabtest.Press("ctrl+l"))
	if m.cover != logCover || fakes[tab.Chat].received(tabtest.Press("ctrl+l")) {
		t.Fatal("ctrl+l did not open the messages")
	}
	squeeze := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "│", "")), "") }
	body := squeeze(screenText(m))
	if !strings.Contains(body, "Messages") || !strings.Contains(body, squeeze("12:04:05 ✗ "+long)) {
		t.Fatalf("the log lacks the whole error:\n%s", screenText(m))
	}
	if e, n := strings.Index(body, "✗open"), strings.Index(body, "✓replycopied"); e < 0 || n < e {
		t.Errorf("not newest first:\n%s", screenText(m))
	}
	m = send(t, m, tabtest.Press("x"), tabtest.Press("esc"))
	if m.cover != noCover || fakes[tab.Chat].received(tabtest.Press("x")) {
		t.Fatal("a key reached the tab under the log, or esc did not close it")
	}
}

// TestHelpFromAField: f1 opens help wherever the keyboard is; ? does too in
// an empty field, and is text in one holding text (issue 19: ? typed a ?
// on a screen that opens in a text field).
func TestHelpFromAField(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	m = send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	fakes[tab.Chat].focused = true
	if !strings.Contains(bottom(m), "f1 help") {
		t.Errorf("a field with text offers ? for help: %q", bottom(m))
	}
	m = send(t, m, tabtest.Press("?"))
	if m.cover != noCover || !fakes[tab.Chat].received(tabtest.Press("?")) {
		t.Fatal("? in a field with text was not text")
	}
	m = send(t, m, tabtest.Press("f1"))
	if m.cover != helpCover {
		t.Fatal("f1 did not open help from a field")
	}
	m = send(t, m, tabtest.Press("f1"))
	fakes[tab.Chat].empty = true
	if !strings.Contains(bottom(m), "? help") {
		t.Errorf("an empty field does not offer ?: %q", bottom(m))
	}
	m = send(t, m, tabtest.Press("?"))
	if m.cover != helpCover {
		t.Fatal("? in an empty field did not open help")
	}
}

// TestHelpIsGroupedByContext: the full help names each group of keys, the
// tab's first, and scrolls when it does not fit.
func TestHelpIsGroupedByContext(t *testing.T) {
	m := start(t, send(t, New(testDeps(t)), tea.WindowSizeMsg{Width: 80, Height: 24}))
	m = send(t, m, tabtest.Press("f1"))
	text := screenText(m)
	for _, want := range []string{"Keys · Chat", "Prompt", "Conversation", "Conversations list"} {
		if !strings.Contains(text, want) {
			t.Errorf("help lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(text, "scroll") {
		t.Fatalf("help at 80×24 does not say it scrolls:\n%s", text)
	}
	m = send(t, m, tabtest.Press("G"))
	text = screenText(m)
	for _, want := range []string{"Tabs", "Everywhere", "f1", "ctrl+l", "Help and messages"} {
		if m.coverScroll.Offset() == 0 || !strings.Contains(text, want) {
			t.Errorf("G did not scroll to the end, with %q:\n%s", want, text)
		}
	}
}

// TestQuestionOpensHelpOnEveryTab: on every tab as it opens (Chat and
// Image open in an empty text field) ? opens the help; each tab's keys come
// in labelled groups, Compare's 0 and g/G among them.
func TestQuestionOpensHelpOnEveryTab(t *testing.T) {
	want := map[tab.ID][]string{
		tab.Chat:     {"Prompt", "Target picker (ctrl+t)"},
		tab.Compare:  {"Runs", "Judging a column", "1-5/0", "0 clears", "g/home", "G/end"},
		tab.Image:    {"Form", "Input images and mask"},
		tab.Video:    {"Form", "Tasks", "Endpoint chooser (ctrl+t)"},
		tab.History:  {"List", "Search (/)", "Filters (f)"},
		tab.Settings: {"Settings", "A value being typed"},
	}
	m := start(t, send(t, New(testDeps(t)), tea.WindowSizeMsg{Width: 200, Height: 50}))
	for id := range tab.Count {
		m = send(t, m, tabtest.Press("alt+"+string(rune('1'+id))), tabtest.Press("?"))
		if m.active != id || m.cover != helpCover {
			t.Fatalf("tab %d: ? did not open help (active %d)", id, m.active)
		}
		for _, w := range want[id] {
			if !strings.Contains(screenText(m), w) {
				t.Errorf("%s help lacks %q:\n%s", titles[id], w, screenText(m))
			}
		}
		m = send(t, m, tabtest.Press("esc"))
	}
}

// busyScreen is a tab streaming until it is told to quit, and done with it
// when its stream's end comes back.
type busyScreen struct {
	fakeScreen
	streaming bool
}

type streamEndedMsg struct{}

func (b *busyScreen) Busy() bool { return b.streaming }
func (b *busyScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	b.got = append(b.got, msg)
	switch msg.(type) {
	case tab.QuitMsg: // stop; the end comes back later, as a stream's does
		return b, func() tea.Msg { return tab.ResultMsg{To: tab.Chat, Msg: streamEndedMsg{}} }
	case streamEndedMsg:
		b.streaming = false
	}
	return b, nil
}

// TestQuitWaitsForAStreamToBeRecorded: ctrl+c while a tab streams tells it
// to stop and quits once it has (so the reply is recorded with its figures
// and tool calls, issue 19, bug 11); a second ctrl+c, or the grace time,
// quits at once.
func TestQuitWaitsForAStreamToBeRecorded(t *testing.T) {
	quits := func(cmd tea.Cmd) bool {
		for _, msg := range run(cmd) {
			if _, ok := msg.(tea.QuitMsg); ok {
				return true
			}
		}
		return false
	}
	m, _ := withFakes(New(testDeps(t)))
	b := &busyScreen{streaming: true}
	m.tabs[tab.Chat] = b
	next, cmd := m.Update(tabtest.Press("ctrl+c"))
	m = next.(Model)
	msgs := run(cmd)
	if !m.quitting || !b.received(tab.QuitMsg{}) {
		t.Fatalf("quitting %v; the tab got %v", m.quitting, b.got)
	}
	for _, msg := range msgs {
		if _, ok := msg.(tea.QuitMsg); ok {
			t.Fatal("quit before the stream was recorded")
		}
	}
	_, cmd = m.Update(msgs[0]) // the stream's end
	if !quits(cmd) {
		t.Fatal("no quit once the tab was done")
	}

	for _, last := range []tea.Msg{tabtest.Press("ctrl+c"), quitNowMsg{}} {
		b.streaming = true
		m, _ := withFakes(New(testDeps(t)))
		m.tabs[tab.Chat] = b
		next, _ := m.Update(tabtest.Press("ctrl+c"))
		if _, cmd := next.(Model).Update(last); !quits(cmd) {
			t.Errorf("%T did not quit at once", last)
		}
	}
}

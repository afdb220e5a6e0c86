package ui

import (
	"atelier/ui/tab/tabtest"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

type probeMsg struct{ n int }

func TestWindowSizeReachesEveryTab(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	if m = send(t, m, tea.WindowSizeMsg{Width: 100, Height: 30}); m.width != 100 {
		t.Errorf("the shell's width is %d", m.width)
	}
	for id, f := range fakes {
		if f.w != 96 || f.h != 26 {
			t.Errorf("tab %d: size %dx%d, want 96x26 (inside the frame)", id, f.w, f.h)
		}
	}
}

func TestResultReachesTheTabThatAsked(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	probe := probeMsg{1}
	m = send(t, m, tab.ResultMsg{To: tab.Settings, Msg: probe})
	if m.active != tab.Chat {
		t.Fatalf("active = %d, want Chat: a result does not switch tabs", m.active)
	}
	if !fakes[tab.Settings].received(probe) {
		t.Error("the hidden Settings tab did not get its result")
	}
	if fakes[tab.Chat].received(probe) {
		t.Error("the active tab got another tab's result")
	}
}

func TestOtherMessagesGoToTheActiveTabOnly(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	m.active = tab.Image
	wheel := tea.MouseWheelMsg{X: 5, Y: 5, Button: tea.MouseWheelDown}
	probe := probeMsg{2}
	m = send(t, m, wheel, probe, tabtest.Press("x"))
	for id, f := range fakes {
		want := tab.ID(id) == tab.Image
		if f.received(wheel) != want || f.received(probe) != want || f.received(tabtest.Press("x")) != want {
			t.Errorf("tab %d: got %v", id, f.got)
		}
	}
}

func TestTabKeys(t *testing.T) {
	tests := []struct {
		name    string
		from    tab.ID
		focused bool
		key     string
		want    tab.ID
		passed  bool // the key reached the tab instead
	}{
		{"a bare digit never switches tabs", tab.Chat, false, "3", tab.Chat, false},
		{"nor does 8", tab.Compare, false, "8", tab.Compare, false},
		{"digit while typing is text", tab.Chat, true, "3", tab.Chat, true},
		{"a digit past the last tab", tab.Chat, false, strconv.Itoa(int(tab.Count) + 1), tab.Chat, false},
		{"alt+digit without focus", tab.Chat, false, "alt+5", tab.History, false},
		{"alt+digit while typing", tab.Video, true, "alt+1", tab.Chat, false},
		{"ctrl+right", tab.Chat, true, "ctrl+right", tab.Compare, false},
		{"ctrl+right wraps", tab.Count - 1, false, "ctrl+right", tab.Chat, false},
		{"ctrl+left wraps", tab.Chat, false, "ctrl+left", tab.Count - 1, false},
		{"ctrl+left", tab.Video, false, "ctrl+left", tab.Image, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, fakes := withFakes(New(testDeps(t)))
			m.active = tt.from
			fakes[tt.from].focused = tt.focused
			m = send(t, m, tabtest.Press(tt.key))
			if m.active != tt.want {
				t.Errorf("active = %d, want %d", m.active, tt.want)
			}
			if got := fakes[tt.from].received(tabtest.Press(tt.key)); got != tt.passed {
				t.Errorf("tab got the key: %v, want %v", got, tt.passed)
			}
		})
	}
}

func TestQuestionMarkTogglesHelp(t *testing.T) {
	m := New(testDeps(t))
	m = send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24}, tabtest.Press("alt+6"), tabtest.Press("?"))
	if m.cover != helpCover || !strings.Contains(screenText(m), "Keys · Settings") || !strings.Contains(screenText(m), "Tabs") {
		t.Fatalf("? did not open the full help:\n%s", screenText(m))
	}
	whole := strings.Join(m.coverLines(), "\n") // the help scrolls at 80×24
	for _, want := range []string{fmt.Sprintf("alt+1…%d", tab.Count), "ctrl+→", "ctrl+c", "ctrl+p", "Everywhere", "enter", "delete"} {
		if !strings.Contains(whole, want) {
			t.Errorf("full help lacks %q", want)
		}
	}
	before := screenText(m)
	m = send(t, m, tabtest.Press("x"), tabtest.Press("enter"))
	if screenText(m) != before {
		t.Fatal("keys reached the tab under the help")
	}
	m = send(t, m, tabtest.Press("?"))
	if (m.cover == helpCover) || strings.Contains(screenText(m), "Tabs") {
		t.Fatal("? did not close the help")
	}
	m = send(t, m, tabtest.Press("?"), tabtest.Press("esc"))
	if m.cover == helpCover {
		t.Fatal("esc did not close the help")
	}
}

// While help shows, the bottom line offers its keys, not those of the tab
// under it, which do nothing then; with ? to close it even when it was
// opened by f1 from a text field.
func TestBottomLineUnderHelpOffersItsKeys(t *testing.T) {
	m := send(t, New(testDeps(t)), tea.WindowSizeMsg{Width: 100, Height: 30})
	tabKeys := bottomOf(m)
	if !strings.Contains(tabKeys, "? help") {
		t.Fatalf("bottom line without help open: %q", tabKeys)
	}
	m = send(t, m, tabtest.Press("f1"))
	got := bottomOf(m)
	for _, want := range []string{"esc/q close", "↑/↓ scroll", "? close help"} {
		if !strings.Contains(got, want) {
			t.Errorf("bottom line under help lacks %q: %q", want, got)
		}
	}
	if strings.Contains(got, "send") {
		t.Errorf("bottom line under help still offers Chat's keys: %q", got)
	}
	m = send(t, m, tabtest.Press("?"))
	if m.cover == helpCover || bottomOf(m) != tabKeys {
		t.Fatalf("after ? the help is open (%v) or the bottom line is not the tab's again: %q", m.cover == helpCover, bottomOf(m))
	}
}

// bottomOf is the last line of the screen, as text.
func bottomOf(m Model) string {
	lines := strings.Split(strings.TrimRight(screenText(m), "\n"), "\n")
	return lines[len(lines)-1]
}

func TestQuestionMarkIsTextWhileTyping(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	fakes[tab.Chat].focused = true
	m = send(t, m, tabtest.Press("?"))
	if (m.cover == helpCover) || !fakes[tab.Chat].received(tabtest.Press("?")) {
		t.Fatal("? opened help while a text field had the keyboard")
	}
}

func TestClickOnATabTitle(t *testing.T) {
	m := send(t, New(testDeps(t)), tea.WindowSizeMsg{Width: 80, Height: 24})
	for id, title := range titles {
		x := strings.Index(lines(m)[0], " "+title+" ") + 1
		m = send(t, m, tea.MouseClickMsg{X: x, Y: 0, Button: tea.MouseLeft})
		if m.active != tab.ID(id) {
			t.Errorf("click at %d on %q: active = %d", x, title, m.active)
		}
	}
	m = send(t, m, tea.MouseClickMsg{X: 1, Y: 0, Button: tea.MouseLeft})
	if m.active != tab.Count-1 {
		t.Error("a click on the program's name switched tabs")
	}
}

func TestErrorStaysUntilEsc(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	m = send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24}, tab.ErrorMsg{Err: errors.New("boom:\x1b[31m red\nsecond line")})
	last := lines(m)[23]
	if !strings.Contains(last, "✗ boom: red second line") {
		t.Fatalf("bottom line %q lacks the error, flattened and stripped", last)
	}
	m = send(t, m, tabtest.Press("x"))
	if !strings.Contains(lines(m)[23], "boom") {
		t.Fatal("another key cleared the error")
	}
	m = send(t, m, tabtest.Press("esc"))
	if strings.Contains(lines(m)[23], "boom") {
		t.Fatal("esc did not clear the error")
	}
	if !fakes[tab.Chat].received(tabtest.Press("esc")) {
		t.Error("esc did not reach the tab as well")
	}
	m = send(t, m, tab.ErrorMsg{Err: errors.New("boom")}, tab.NoticeMsg{Text: "saved"})
	if got := lines(m)[23]; strings.Contains(got, "boom") || !strings.Contains(got, "✓ saved") {
		t.Errorf("a newer notice did not replace the error: %q", got)
	}
}

func TestStatusBarShowsServiceAndTasks(t *testing.T) {
	// The widths are those the bar was first measured at, widened by the
	// titles of the tabs added after Settings since.
	extra := 0
	for _, title := range titles[tab.Settings+1:] {
		extra += len("  ") + len(title)
	}
	m := start(t, send(t, New(testDeps(t)), tea.WindowSizeMsg{Width: 80 + extra, Height: 24}))
	if top := lines(m)[0]; !strings.HasSuffix(strings.TrimSpace(top), "api.example.test") {
		t.Errorf("top line %q does not end with the host", top)
	}
	m = send(t, m, tea.WindowSizeMsg{Width: 80, Height: 24}, TasksChangedMsg{Running: 2})
	if top := lines(m)[0]; !strings.HasSuffix(top, " api… · 2 tasks ") {
		t.Errorf("top line at 80 columns %q", top)
	}
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40}, TasksChangedMsg{Running: 1})
	if top := lines(m)[0]; !strings.HasSuffix(top, " api.example.test · 1 task running ") {
		t.Errorf("top line at 120 columns %q", top)
	}
	m = send(t, m, tea.WindowSizeMsg{Width: 65 + extra, Height: 24})
	if top := lines(m)[0]; !strings.Contains(top, " "+titles[tab.Count-1]+" ") || !strings.HasSuffix(top, " 1 task ") {
		t.Errorf("top line at 65 columns %q", top)
	}

	demo := testDeps(t)
	demo.Demo = true
	m = start(t, send(t, New(demo), tea.WindowSizeMsg{Width: 80, Height: 24}))
	if top := lines(m)[0]; !strings.HasSuffix(strings.TrimSpace(top), "demo") {
		t.Errorf("demo top line %q", top)
	}
}

func TestConnectHandsTheClientToEveryTab(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	m = start(t, m)
	if m.client == nil || m.client.BaseURL() != "https://api.example.test" {
		t.Fatalf("client = %v", m.client)
	}
	for id, f := range fakes {
		if !f.received(tab.ClientMsg{Client: m.client}) {
			t.Errorf("tab %d did not get the client", id)
		}
	}
}

func TestConnectFailureShowsNoService(t *testing.T) {
	deps := testDeps(t)
	deps.Settings = &store.Settings{Theme: "auto"}
	m := start(t, send(t, New(deps), tea.WindowSizeMsg{Width: 80, Height: 24}))
	if top := lines(m)[0]; !strings.HasSuffix(strings.TrimSpace(top), "no service") {
		t.Errorf("top line %q", top)
	}
	if !strings.Contains(lines(m)[23], "no service configured") {
		t.Errorf("bottom line %q lacks the reason", lines(m)[23])
	}
}

func TestStaleConnectIsDropped(t *testing.T) {
	m := start(t, New(testDeps(t)))
	old := m.connect() // asked before the settings changed
	next, _ := m.Update(tab.KeysChangedMsg{})
	m = next.(Model)
	m = send(t, m, run(old)...)
	if m.status.service != "connecting…" {
		t.Errorf("a stale answer was taken: service = %q", m.status.service)
	}
}

func TestSavedSettingsRestyleAndReconnect(t *testing.T) {
	var asked []string
	deps := testDeps(t)
	connect := deps.Connect
	deps.Connect = func(s *store.Settings) (*client.Client, error) {
		asked = append(asked, s.BaseURL)
		return connect(s)
	}
	m, fakes := withFakes(New(deps))
	m = start(t, m)
	m = send(t, m, tab.SettingsMsg{Settings: &store.Settings{BaseURL: "https://other.example.test", Theme: "light"}})
	if m.dark() || fakes[tab.Chat].dark {
		t.Error("theme light did not restyle the shell and the tabs")
	}
	if len(asked) != 2 || asked[1] != "https://other.example.test" || m.status.service != "other.example.test" {
		t.Errorf("connects %v, service %q", asked, m.status.service)
	}
}

func TestThemeFollowsTheBackgroundUnlessSet(t *testing.T) {
	tests := []struct {
		theme string
		bg    tea.BackgroundColorMsg
		dark  bool
	}{
		{"auto", lightBackground, false},
		{"auto", darkBackground, true},
		{"dark", lightBackground, true},
		{"light", darkBackground, false},
	}
	for _, tt := range tests {
		deps := testDeps(t)
		deps.Settings.Theme = tt.theme
		m, fakes := withFakes(New(deps))
		m = send(t, m, tt.bg)
		if m.dark() != tt.dark || fakes[tab.Settings].dark != tt.dark {
			t.Errorf("theme %s, background %v: dark = %v, want %v", tt.theme, tt.bg, m.dark(), tt.dark)
		}
	}
}

func TestEventsAreDrainedOneAtATime(t *testing.T) {
	events := make(chan tea.Msg, 3)
	deps := testDeps(t)
	deps.Events = events
	m, fakes := withFakes(New(deps))
	events <- TasksChangedMsg{Running: 3}
	events <- tab.ResultMsg{To: tab.Video, Msg: probeMsg{7}}
	events <- TasksChangedMsg{Running: 1}
	close(events)
	cmd := m.nextEvent()
	for range 3 {
		msgs := run(cmd)
		if len(msgs) != 1 {
			t.Fatalf("one command gave %d messages", len(msgs))
		}
		var next tea.Model
		next, cmd = m.Update(msgs[0])
		m = next.(Model)
	}
	if m.status.running != 1 || !fakes[tab.Video].received(probeMsg{7}) {
		t.Errorf("running = %d; video got %v", m.status.running, fakes[tab.Video].got)
	}
	if msgs := run(cmd); len(msgs) != 0 {
		t.Errorf("a closed channel gave %v", msgs)
	}
}

func TestViewAsksForAltScreenAndMouse(t *testing.T) {
	v := send(t, New(testDeps(t)), tea.WindowSizeMsg{Width: 80, Height: 24}).View()
	if !v.AltScreen || v.MouseMode != tea.MouseModeCellMotion {
		t.Errorf("AltScreen %v, MouseMode %v", v.AltScreen, v.MouseMode)
	}
}

func TestViewFitsTheWindow(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {60, 12}} {
		m := start(t, send(t, New(testDeps(t)), tea.WindowSizeMsg{Width: size[0], Height: size[1]}))
		for _, id := range []string{"alt+1", "alt+6"} {
			m = send(t, m, tabtest.Press(id))
			ls := lines(m)
			if len(ls) != size[1] {
				t.Errorf("%v tab %s: %d lines", size, id, len(ls))
			}
			for i, l := range ls {
				if w := len([]rune(l)); w > size[0] {
					t.Errorf("%v tab %s line %d is %d wide: %q", size, id, i, w, l)
				}
			}
		}
	}
}

func TestCtrlCQuits(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	fakes[tab.Chat].focused = true
	_, cmd := m.Update(tabtest.Press("ctrl+c"))
	if msgs := run(cmd); len(msgs) != 1 || msgs[0] != (tea.QuitMsg{}) {
		t.Errorf("ctrl+c gave %v", msgs)
	}
}

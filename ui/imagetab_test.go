package ui

import (
	"atelier/ui/tab/tabtest"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"atelier/store"
	"atelier/ui/tab"
)

// The Image tab asks the terminal what it can show from Init, while
// another tab is showing: the replies, and the notes of raw writes, reach
// every tab.
func TestTerminalRepliesReachEveryTab(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	replies := []tea.Msg{
		uv.CellSizeEvent{Width: 9, Height: 18},
		uv.PrimaryDeviceAttributesEvent{62, 4},
		tea.TerminalVersionMsg{Name: "kitty(0.36)"},
		tea.RawMsg{Msg: "x"},
		uv.UnknownCsiEvent("\x1b[?2;0;1000;1000S"),
		uv.UnknownDcsEvent("\x1bP1$r0;38:2::1:2:3m\x1b\\"),
		tea.CapabilityMsg{Content: "RGB=8"},
	}
	send(t, m, replies...)
	for id, f := range fakes {
		if len(f.got) != len(replies) {
			t.Errorf("tab %d got %d of %d replies", id, len(f.got), len(replies))
			continue
		}
		for i, r := range replies {
			if fmt.Sprint(f.got[i]) != fmt.Sprint(r) {
				t.Errorf("tab %d: got %v, want %v", id, f.got[i], r)
			}
		}
	}
}

func TestSavedSettingsReachEveryTab(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	saved := tab.SettingsMsg{Settings: &store.Settings{BaseURL: "https://other.test", Output: store.Output{Images: "/pics"}}}
	m = send(t, m, saved)
	for id, f := range fakes {
		if !f.received(saved) {
			t.Errorf("tab %d was not told", id)
		}
	}
	if m.settings.BaseURL != "https://other.test" {
		t.Error("the shell did not adopt the settings")
	}
}

func TestImageTabTakesText(t *testing.T) {
	m := inTerminal(t, New(testDeps(t)))
	m = send(t, m, tabtest.Press("alt+3"))
	m = send(t, m, typed("3 foxes")...)
	if m.active != tab.Image {
		t.Fatal("a digit typed in the prompt switched tabs")
	}
	s := screenText(m)
	for _, want := range []string{"› prompt      3 foxes", "gamma/image-2.5-flare", "image · gamma/image-2.5-flare · stream"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
}

package ui

import (
	"atelier/ui/tab/tabtest"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/ui/tab"
)

// rater is a screen that takes the digits for itself, as Compare does.
type rater struct{ fakeScreen }

func (r *rater) Claims(msg tea.KeyPressMsg) bool { return strings.Contains("12345", msg.String()) }

func (r *rater) Update(msg tea.Msg) (screen, tea.Cmd) {
	r.got = append(r.got, msg)
	return r, nil
}

func TestATabMayClaimTheDigits(t *testing.T) {
	m, _ := withFakes(New(testDeps(t)))
	r := &rater{}
	m.tabs[tab.Compare] = r
	m = send(t, m, tabtest.Press("alt+2"), tabtest.Press("4"))
	if m.active != tab.Compare || !r.received(tabtest.Press("4")) {
		t.Fatalf("active %d; the tab got %v", m.active, r.got)
	}
	m = send(t, m, tabtest.Press("6"))
	if m.active != tab.Settings {
		t.Errorf("a digit the tab does not claim still switches tabs: active %d", m.active)
	}
}

func TestContinueChatShowsTheChatTab(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	m.active = tab.Compare
	msg := tab.ContinueChatMsg{ConversationID: 3, Lane: 1, Target: client.ChatTarget{Family: client.Beta, Model: "m"}}
	m = send(t, m, msg)
	if m.active != tab.Chat {
		t.Fatalf("active %d, want Chat", m.active)
	}
	got := fakes[tab.Chat].got
	if len(got) != 2 || got[0] != (tab.ShownMsg{}) || got[1].(tab.ContinueChatMsg).ConversationID != 3 {
		t.Errorf("the Chat tab got %v, want ShownMsg then the column", got)
	}
}

func TestRedrawFollowsSizeAndBackground(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	send(t, m, tea.WindowSizeMsg{Width: 100, Height: 30}, lightBackground)
	for id, f := range fakes {
		n := 0
		for _, g := range f.got {
			if _, ok := g.(tab.RedrawMsg); ok {
				n++
			}
		}
		if n != 2 {
			t.Errorf("tab %d got %d redraws, want one after the size and one after the background", id, n)
		}
	}
}

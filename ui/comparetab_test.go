package ui

import (
	"atelier/ui/tab/tabtest"
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/ui/tab"
)

// rater is a screen whose live keys rate with 1–5, as Compare's do.
type rater struct{ fakeScreen }

func (r *rater) KeyMap() help.KeyMap {
	rate := key.NewBinding(key.WithKeys("1", "2", "3", "4", "5"), key.WithHelp("1-5", "rate"))
	return tab.Help{Groups: []tab.KeyGroup{{Title: "Judging", Keys: []key.Binding{rate}, Live: true}}}
}

func (r *rater) Update(msg tea.Msg) (screen, tea.Cmd) {
	r.got = append(r.got, msg)
	return r, nil
}

// TestDigitsAreTheViewsChoice: a bare digit goes to the tab when a live
// group of its keys binds it; otherwise it does nothing, and the status
// line says so and which key goes to the tab it used to (issue 30: 6
// switched tabs where 4 rated).
func TestDigitsAreTheViewsChoice(t *testing.T) {
	m, _ := withFakes(New(testDeps(t)))
	r := &rater{}
	m.tabs[tab.Compare] = r
	m = send(t, m, tea.WindowSizeMsg{Width: 100, Height: 24}, tabtest.Press("alt+2"), tabtest.Press("4"))
	if m.active != tab.Compare || !r.received(tabtest.Press("4")) {
		t.Fatalf("active %d; the tab got %v", m.active, r.got)
	}
	m = send(t, m, tabtest.Press("6"))
	if m.active != tab.Compare || r.received(tabtest.Press("6")) {
		t.Errorf("6: active %d, the tab got %v", m.active, r.got)
	}
	if b := bottom(m); !strings.Contains(b, "! 6 chooses nothing here · alt+6 goes to Settings") {
		t.Errorf("bottom line %q", b)
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

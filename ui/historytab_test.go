package ui

import (
	"atelier/ui/tab/tabtest"
	"net"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab"
)

// TestHistoryWorksOffline runs the History tab in the shell with the base
// URL on a closed port: listing, searching, opening and re-running never
// need the service. Re-running goes to its tab and shows it.
func TestHistoryWorksOffline(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()

	db := storetest.Open(t, "")
	conv, _ := db.NewConversation(t.Context(), store.KindChat, "")
	db.AddMessage(t.Context(), store.Message{ConversationID: conv, Role: store.RoleUser, Text: "write a haiku about tea",
		Family: "alpha", Model: "model-x"})
	db.AddMessage(t.Context(), store.Message{ConversationID: conv, Role: store.RoleAssistant, Text: "Steam curls from the cup",
		Family: "alpha", Model: "model-x"})

	deps := testDeps(t)
	deps.Store = db
	deps.Settings.BaseURL = closed
	deps.Connect = func(s *store.Settings) (*client.Client, error) { return client.New(s.BaseURL, client.Keys{}) }
	m := New(deps)
	chat := &fakeScreen{}
	m.tabs[tab.Chat] = chat
	m = start(t, send(t, m, tea.WindowSizeMsg{Width: 100, Height: 30}))

	m = send(t, m, tabtest.Press("alt+5"))
	if !strings.Contains(screenText(m), "write a haiku about tea") {
		t.Fatalf("the list is not shown:\n%s", screenText(m))
	}
	m = send(t, m, append([]tea.Msg{tabtest.Press("/")}, typed("steam")...)...)
	m = send(t, m, tabtest.Press("enter"), tabtest.Press("enter"))
	if !strings.Contains(screenText(m), "‹ chat") || !strings.Contains(screenText(m), "Steam curls from the cup") {
		t.Fatalf("the chat did not open:\n%s", screenText(m))
	}
	m = send(t, m, tabtest.Press("r"))
	if m.active != tab.Chat {
		t.Fatalf("active tab %d after re-run, want Chat", m.active)
	}
	var rerun tab.RerunMsg
	shown := false
	for _, msg := range chat.got {
		switch msg := msg.(type) {
		case tab.RerunMsg:
			rerun = msg
		case tab.ShownMsg:
			shown = true
		}
	}
	if !shown || rerun.Prompt != "write a haiku about tea" || rerun.Model != "model-x" || rerun.To != tab.Chat {
		t.Fatalf("Chat got %+v", chat.got)
	}
}

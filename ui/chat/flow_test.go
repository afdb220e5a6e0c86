package chat

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"atelier/ui/tab/tabtest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"atelier/client/sim"
	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab"
)

// program is the tab as a whole Bubble Tea program, standing in for the
// shell: it unwraps the tab's results and quits on ctrl+c.
type program struct{ m Model }

func (p program) Init() tea.Cmd { return p.m.Init() }

func (p program) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return p, tea.Quit
		}
	case tea.WindowSizeMsg:
		p.m.SetSize(msg.Width, msg.Height)
		return p, nil
	case tab.ResultMsg:
		return p.Update(msg.Msg)
	}
	var cmd tea.Cmd
	p.m, cmd = p.m.Update(msg)
	return p, cmd
}

func (p program) View() tea.View { return tea.NewView(p.m.View()) }

// TestProgramChatsWithTheSimulator runs the tab in a real Bubble Tea
// program with a fake 120×40 terminal against the simulator: a prompt is
// typed and sent, the reply streams onto the screen, and it is stored.
func TestProgramChatsWithTheSimulator(t *testing.T) {
	db := storetest.Open(t, "")
	m := New(Options{Store: db, Models: store.Models{Alpha: "sim-alpha"}})
	m, _ = m.Update(tabClient(simClient(t)))
	tm := teatest.NewTestModel(t, program{m: m}, teatest.WithInitialTermSize(120, 40))

	const prompt = "write a haiku about tea"
	tm.Type(prompt)
	tm.Send(tabtest.Press("enter"))
	// The timeout only bounds a hang; nothing waits on it when all is well.
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("end_turn"))
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	tm.Send(tabtest.Press("ctrl+c"))

	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(program).m
	if len(final.conv.entries) != 2 || final.conv.entries[1].text != sim.ReplyText(prompt) {
		t.Fatalf("entries %+v", final.conv.entries)
	}
	if v := final.View(); !strings.Contains(v, "Notes on write a haiku about tea") && !strings.Contains(v, "end_turn") {
		t.Errorf("final view:\n%s", v)
	}
	c, err := db.Conversation(context.Background(), final.conv.id)
	if err != nil || len(c.Messages) != 2 || c.Messages[1].Status != store.StatusComplete {
		t.Fatalf("stored %+v, %v", c, err)
	}
}

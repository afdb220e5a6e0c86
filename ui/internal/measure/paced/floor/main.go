// Command floor is the least a Bubble Tea program can do with a streamed
// reply: it shows the reply's last lines as plain text, wrapped, on the
// whole screen, at atelier's pace (a frame at most every
// frameclock.Interval, on Bubble Tea's renderer ticks, the renderer at
// frameclock.FPS), through atelier's client.
// No markdown, no panes, no history. measure.sh measures it beside the TUI
// (FLOOR=1), as the floor under the TUI's CPU (see BENCHMARKS.md).
//
//	floor --base-url URL    then enter streams the alpha model "paced"
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/ui/internal/deltaq"
	"atelier/ui/internal/frameclock"
)

// tail is the text wrapped at each frame: more than a screen of lines.
const tail = 6000

// batchMsg is the text that came since the last frame; done: the stream
// ended.
type batchMsg struct {
	text string
	done bool
}

type model struct {
	c     *client.Client
	q     *deltaq.Queue // the stream read ahead, as the Chat tab reads it
	text  strings.Builder
	w, h  int
	view  string
	clock frameclock.Clock
}

// Init sets the clock: Bubble Tea starts its renderer's ticker just before.
func (m *model) Init() tea.Cmd {
	m.clock = frameclock.Sync(frameclock.SyncMsg{At: time.Now()})
	return nil
}

// next waits for a frame, then takes every piece that came.
func (m *model) next() tea.Cmd {
	return tea.Tick(m.clock.Wait(time.Now()), func(time.Time) tea.Msg {
		items, ok := m.q.Next()
		var b batchMsg
		for _, it := range items {
			switch it.D.Kind {
			case client.ChatTextDelta:
				b.text += it.D.Text
			case client.ChatDoneDelta:
				b.done = true
			}
		}
		b.done = b.done || !ok
		return b
	})
}

func (m *model) start() tea.Cmd {
	target := client.ChatTarget{Family: client.Alpha, Model: "paced"}
	m.q = deltaq.New(0)
	ctx := client.WithReadGate(context.Background(), m.q.Gate)
	m.q.Read(m.c.StreamChat(ctx, target, []client.ChatTurn{{Role: "user", Text: "write it"}}))
	return m.next()
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.draw()
	case tea.KeyPressMsg:
		switch {
		case msg.String() == "ctrl+c":
			return m, tea.Quit
		case msg.String() == "enter" && m.q == nil:
			return m, m.start()
		}
	case batchMsg:
		m.text.WriteString(msg.text)
		m.draw()
		if !msg.done {
			return m, m.next()
		}
	}
	return m, nil
}

func (m *model) draw() {
	t := m.text.String()
	t = t[max(len(t)-tail, 0):]
	lines := strings.Split(ansi.Wrap(t, max(m.w-2, 10), ""), "\n")
	lines = lines[max(len(lines)-(m.h-1), 0):]
	m.view = "Conversations (floor)\n" + strings.Join(lines, "\n")
}

func (m *model) View() tea.View {
	v := tea.NewView(m.view)
	v.AltScreen = true
	return v
}

func main() {
	base := flag.String("base-url", "", "the paced server")
	flag.Parse()
	c, err := client.New(*base, client.Keys{Alpha: "k"})
	if err == nil {
		_, err = tea.NewProgram(&model{c: c}, tea.WithFPS(frameclock.FPS)).Run()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
}

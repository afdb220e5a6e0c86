// Command floor is the least a Bubble Tea program can do with a streamed
// reply: it shows the reply's last lines as plain text, wrapped, on the
// whole screen, at atelier's pace (a frame every markdown.FrameInterval,
// Bubble Tea's renderer at 30 frames a second), through atelier's client.
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
	"atelier/ui/markdown"
)

// tail is the text wrapped at each frame: more than a screen of lines.
const tail = 6000

type batchMsg struct {
	text string
	ok   bool // false: the stream ended
}

type model struct {
	c      *client.Client
	pieces chan string
	text   strings.Builder
	w, h   int
	view   string
}

func (m *model) Init() tea.Cmd { return nil }

// next waits a frame, then takes every piece that came.
func (m *model) next() tea.Cmd {
	return tea.Tick(markdown.FrameInterval, func(time.Time) tea.Msg {
		s, ok := <-m.pieces
		for ok {
			select {
			case t, more := <-m.pieces:
				if !more {
					return batchMsg{s, true}
				}
				s += t
				continue
			default:
			}
			break
		}
		return batchMsg{s, ok}
	})
}

func (m *model) start() tea.Cmd {
	m.pieces = make(chan string, 256)
	go func() {
		defer close(m.pieces)
		target := client.ChatTarget{Family: client.Alpha, Model: "paced"}
		for d := range m.c.StreamChat(context.Background(), target, []client.ChatTurn{{Role: "user", Text: "write it"}}) {
			if d.Kind == client.ChatTextDelta {
				m.pieces <- d.Text
			}
		}
	}()
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
		case msg.String() == "enter" && m.pieces == nil:
			return m, m.start()
		}
	case batchMsg:
		m.text.WriteString(msg.text)
		m.draw()
		if msg.ok {
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
		_, err = tea.NewProgram(&model{c: c}, tea.WithFPS(30)).Run()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
}

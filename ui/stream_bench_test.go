package ui

import (
	"fmt"
	"net/http/httptest"
	"runtime"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/store"
	"atelier/ui/chat"
	"atelier/ui/internal/measure/framebench"
	"atelier/ui/internal/measure/paced"
	"atelier/ui/internal/measure/replies"
	"atelier/ui/markdown"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// BenchmarkStreamFrames streams a reply of each costly shape into the Chat
// tab, inside the shell, as the app runs it: the reply comes over HTTP from
// a paced server (at full speed) in deltas of 16 bytes, and a frame is
// drawn for every 256 bytes (frameBytes): a frame after the last, the tab
// pulls the deltas that came, at most 256 bytes of them (BatchBytes), draws
// them as they arrive, then the shell's View draws the whole screen. The
// work of a frame is the Updates since the last frame (the batch's, and
// any other message's) and the View, on the benchmark's thread; the
// commands that read the stream run between them, as Bubble Tea runs them
// on other goroutines, and are not counted.
//
// Reported: the whole frame's wall time and work (p50, p99, max), and the
// stream's work as a multiple of one full render of the final reply at the
// same width (x-full; the thinking shape's unit also wraps the thinking
// once). Run with -benchtime 1x: see BENCHMARKS.md.
func BenchmarkStreamFrames(b *testing.B) {
	for _, shape := range append(replies.Shapes[:len(replies.Shapes):len(replies.Shapes)], "thinking") {
		for _, size := range []int{30_000, 100_000} {
			for _, term := range [][2]int{{120, 40}, {200, 50}} {
				b.Run(fmt.Sprintf("%s/%dKB/%dx%d", shape, size/1000, term[0], term[1]), func(b *testing.B) {
					r := paced.Reply{Piece: 16}
					if shape == "thinking" {
						r.Text, r.Thinking = replies.Shape("paragraph", 2000), replies.Thinking(size)
					} else {
						r.Text = replies.Shape(shape, size)
					}
					benchStream(b, r, term[0], term[1])
				})
			}
		}
	}
}

// frameBytes is the reply's text the benchmark draws a frame for.
const frameBytes = 256

func benchStream(b *testing.B, r paced.Reply, w, h int) {
	srv := httptest.NewServer(paced.Handler(r))
	defer srv.Close()
	c, err := client.New(srv.URL, client.Keys{Alpha: "k"})
	if err != nil {
		b.Fatal(err)
	}
	full := fullDraw(r, w)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var walls, works []time.Duration
	var total time.Duration
	for b.Loop() {
		s := newStreamShell(b, c, w, h, r.Thinking != "")
		for frame := 0; ; frame++ {
			t0, w0 := time.Now(), framebench.Thread()
			s.arrived()
			done := s.tick == nil // no frame asked for: the reply ended
			s.frame()
			_ = s.m.View()
			wall, work := time.Since(t0)-s.cmdWall, framebench.Thread()-w0-s.cmdWork
			walls, works = append(walls, wall), append(works, work)
			total += work
			if done {
				break
			}
		}
	}
	framebench.Percentiles(b, "", "frame", walls)
	framebench.Percentiles(b, "cpu-", "frame", works)
	b.ReportMetric(float64(len(walls))/float64(b.N), "frames/op")
	if full > 0 {
		b.ReportMetric(float64(total)/float64(b.N)/float64(full), "x-full")
		b.ReportMetric(float64(full)/float64(time.Millisecond), "full-cpu-ms")
	}
}

// streamShell is the shell with a Chat tab whose frames the benchmark
// delivers, sending one prompt to the paced server.
type streamShell struct {
	b       *testing.B
	m       Model
	tick    func(time.Time) tea.Msg // the frame asked for, not delivered yet
	queue   []tea.Msg
	cmdWall time.Duration // time spent in commands since the frame began
	cmdWork time.Duration
}

func newStreamShell(b *testing.B, c *client.Client, w, h int, thinking bool) *streamShell {
	s := &streamShell{b: b}
	m := New(Deps{Settings: nil})
	m.tabs[tab.Chat] = adapt(chat.New(chat.Options{Models: store.Models{Alpha: "paced"}, Tick: func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		s.tick = fn
		return nil
	}, BatchBytes: frameBytes}))
	s.m = m
	s.send(tea.WindowSizeMsg{Width: w, Height: h})
	s.send(tab.Result(tab.Chat, tab.ClientMsg{Client: c}))
	if thinking {
		// To the reply (past the list), where t shows the thinking, and
		// back to the prompt.
		for _, k := range []string{"tab", "tab", "t", "tab"} {
			s.send(tabtest.Press(k))
		}
	}
	for _, r := range "a question" {
		s.send(tabtest.Press(string(r)))
	}
	s.send(tabtest.Press("enter")) // its command, sending the prompt, is queued: the first frame takes it
	return s
}

// send delivers msg and queues what its commands return.
func (s *streamShell) send(msg tea.Msg) {
	next, cmd := s.m.Update(msg)
	s.m = next.(Model)
	t0, w0 := time.Now(), framebench.Thread()
	msgs := run(cmd)
	s.cmdWall += time.Since(t0)
	s.cmdWork += framebench.Thread() - w0
	for _, msg := range msgs {
		if msg != nil {
			s.queue = append(s.queue, msg)
		}
	}
}

// arrived delivers what is queued (a batch of deltas, the reply's start or
// end) and what their commands return, starting the frame's clocks anew.
func (s *streamShell) arrived() {
	s.cmdWall, s.cmdWork = 0, 0
	for len(s.queue) > 0 {
		msg := s.queue[0]
		s.queue = s.queue[1:]
		s.send(msg)
	}
}

// frame runs the frame the tab asked for, if it did: its command takes
// the deltas that came (counted as the commands' time, as it runs on
// another goroutine in the app) and its batch is delivered.
func (s *streamShell) frame() {
	if fn := s.tick; fn != nil {
		s.tick = nil
		t0, w0 := time.Now(), framebench.Thread()
		msg := fn(time.Now())
		s.cmdWall += time.Since(t0)
		s.cmdWork += framebench.Thread() - w0
		s.send(msg)
	}
}

// fullDraw is the work of one full render of r's final text at the width
// the Chat tab gives a reply in a w-column terminal (the median of three),
// and of wrapping its thinking once.
func fullDraw(r paced.Reply, w int) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	pane := w - 4
	if pane >= 100 {
		pane -= 28 // the list beside the conversation
	}
	var ds []time.Duration
	for range 3 {
		t0 := framebench.Thread()
		md := markdown.NewRenderer(pane, markdown.DefaultStyles(true))
		md.Append(r.Text)
		md.Finish()
		md.Lines()
		if r.Thinking != "" {
			_ = ansi.Wrap(r.Thinking, pane-4, " ")
		}
		ds = append(ds, framebench.Thread()-t0)
	}
	slices.Sort(ds)
	return ds[1]
}

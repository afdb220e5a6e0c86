package compare

import (
	"fmt"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/client/sim"
	"atelier/ui/internal/measure/framebench"
	"atelier/ui/tab"
)

// BenchmarkFrames streams four columns of about 30 KB each (sim's [[long]]
// replies) in 16-byte pieces, 8 pieces per column between two frames,
// through Update as the streams' messages would come. At each frame tick
// every column's frame message goes through Update, and the whole tab is
// drawn (View) after each: the work Bubble Tea does for one frame of one
// column. It reports the percentiles of that work, in wall time and in the
// CPU time of the thread (cpu-...: what the frame cost, whatever else the
// machine runs); the wait for the 60 fps ticks themselves is not counted.
// Run with -benchtime 1x: one op replays the four replies whole (about 240
// ticks, four seconds of ticks).
func BenchmarkFrames(b *testing.B) {
	for _, size := range [][2]int{{120, 40}, {200, 50}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			benchFrames(b, size[0]-4, size[1]-4)
		})
	}
}

const (
	benchPiece  = 16 // bytes in one piece of a stream
	benchPieces = 8  // pieces per column between two frames
)

func benchFrames(b *testing.B, w, h int) {
	var texts [][]string
	for i := range 4 {
		texts = append(texts, pieces(sim.ReplyText(fmt.Sprintf("[[long]] lane %d", i)), benchPiece))
	}
	rounds := 0 // the frames one op must draw: one per column per round of pieces it takes
	for _, ps := range texts {
		rounds += (len(ps) + benchPieces - 1) / benchPieces
	}
	var frames, views framebench.Laps
	frames.Start()
	defer frames.Stop()
	for b.Loop() {
		m := benchModel(b, w, h)
		drawn := len(frames.Walls)
		// again holds the frame ticks the columns asked for again while
		// their code is still being checked (markdown.Model.Update): a
		// column whose tick is lost stays armed, takes pieces without
		// asking for a frame, and is never drawn again.
		var again []tea.Cmd
		for at := 0; ; at += benchPieces {
			ticks := again
			again = nil
			for lane, ps := range texts {
				for _, p := range ps[min(at, len(ps)):min(at+benchPieces, len(ps))] {
					var cmd tea.Cmd
					m, cmd = m.Update(batchMsg{{seq: 1, lane: lane, delta: client.ChatDelta{Kind: client.ChatTextDelta, Text: p}, end: true}})
					if cmd != nil {
						ticks = append(ticks, cmd)
					}
				}
			}
			if len(ticks) == 0 {
				break
			}
			for _, msg := range tickAll(ticks) {
				var cmd tea.Cmd
				frames.Restart()
				m, cmd = m.Update(msg)
				views.Restart()
				_ = m.View()
				frames.Lap()
				views.Lap()
				if cmd != nil {
					again = append(again, cmd)
				}
			}
		}
		for _, l := range m.run.lanes {
			if len(l.md.Text()) < 30<<10 {
				b.Fatalf("a column holds %d bytes", len(l.md.Text()))
			}
		}
		if n := len(frames.Walls) - drawn; n < rounds {
			b.Fatalf("%d frames drawn for %d rounds of pieces: a column stopped asking for frames", n, rounds)
		}
	}
	frames.Report(b, "frame")
	views.Report(b, "view")
	b.ReportMetric(float64(len(frames.Walls))/float64(b.N), "frames/op")
}

// benchModel is the tab streaming a run of four targets, at w×h.
func benchModel(b *testing.B, w, h int) Model {
	m := New(Options{})
	m.SetSize(w, h)
	m.prompt = "compare these"
	m.seq = 1
	m.run = run{seq: 1, prompt: m.prompt}
	for _, f := range []client.Group{client.Alpha, client.Beta, client.Gamma, client.Alpha} {
		m.run.lanes = append(m.run.lanes, newLane(client.ChatTarget{Family: f, Model: "model"}, m.st.Markdown))
		m.run.lanes[len(m.run.lanes)-1].state = streaming
	}
	var ticks []tea.Cmd
	m, cmd := m.Update(tab.RedrawMsg{})
	for _, c := range append(m.layout(), cmd) {
		if c != nil {
			ticks = append(ticks, c)
		}
	}
	for _, msg := range tickAll(ticks) {
		m, _ = m.Update(msg)
	}
	return m
}

// tickAll waits for the frame ticks at once and returns their messages
// for the tab, in the order asked.
func tickAll(cmds []tea.Cmd) []tea.Msg {
	out := make([]tea.Msg, len(cmds))
	var wg sync.WaitGroup
	for i, c := range cmds {
		wg.Go(func() { out[i] = c() })
	}
	wg.Wait()
	var msgs []tea.Msg
	for _, msg := range out {
		switch msg := msg.(type) {
		case tab.ResultMsg:
			msgs = append(msgs, msg.Msg)
		case tea.BatchMsg:
			msgs = append(msgs, tickAll(msg)...)
		}
	}
	return msgs
}

// pieces cuts s into pieces of n bytes (the last shorter).
func pieces(s string, n int) []string {
	var out []string
	for len(s) > 0 {
		k := min(n, len(s))
		out = append(out, s[:k])
		s = s[k:]
	}
	return out
}

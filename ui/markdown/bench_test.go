package markdown

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/internal/measure/framebench"
)

// The streaming benchmarks replay one 100 KB reply (genReply) cut into 5,000
// pieces (genChunks) at width 120. A "frame" is what happens when the 60 fps
// tick fires: every piece that arrived since the last frame is appended, then
// the output is brought up to date. Two cadences are measured:
//
//	every-1:  a frame after every piece (a stream slower than 60 pieces a
//	          second: the worst case for the total)
//	every-16: a frame after every 16 pieces (a fast stream, coalesced)
//
// Each reports ns/op for the whole stream and the CPU time it took
// (cpu-ms/op: steadier than ns/op on a shared machine), and percentiles of
// one frame: its wall time (p99-ms/frame) and its work, the CPU time of the
// thread (cpu-p99-ms/frame). Run with -benchtime 1x: see BENCHMARKS.md.

const (
	benchSize   = 100_000
	benchChunks = 5000
	benchWidth  = 120
)

// benchStream replays the reply b.N times, calling frame after every
// `every` pieces (and once at the end), and reports the frame percentiles.
// Appending the pieces is counted in the frame they come before.
func benchStream(b *testing.B, every int, start func() func(string), frame func()) {
	chunks := genChunks(genReply(benchSize), benchChunks)
	var laps framebench.Laps
	laps.Start()
	defer laps.Stop()
	p0 := framebench.Process()
	for b.Loop() {
		appendChunk := start()
		laps.Restart()
		for i, c := range chunks {
			appendChunk(c)
			if (i+1)%every == 0 || i == len(chunks)-1 {
				frame()
				laps.Lap()
			}
		}
	}
	framebench.ProcessCPU(b, p0)
	laps.Report(b, "frame")
	b.ReportMetric(float64(len(laps.Walls))/float64(b.N), "frames/op")
}

// BenchmarkStreamIncremental is this package's strategy, measured through
// the Model as the app runs it: Append for each piece, and at each frame the
// Update of its tick (closed blocks rendered once, the open block again,
// the window rebuilt).
func BenchmarkStreamIncremental(b *testing.B) {
	for _, every := range []int{1, 16} {
		b.Run(cadence(every), func(b *testing.B) {
			var m Model
			start := func() func(string) {
				m = New(WithSize(benchWidth, 40))
				return func(s string) { m.Append(s) }
			}
			benchStream(b, every, start, func() {
				m, _ = m.Update(frameMsg{id: m.r, seq: m.seq})
			})
		})
	}
}

// BenchmarkStreamNaive renders the whole text so far at each frame. It is
// measured at the every-16 cadence only: at every-1 it would render 5,000
// times up to 100 KB (about 16 times the every-16 figure: 20 minutes and more).
func BenchmarkStreamNaive(b *testing.B) {
	b.Run(cadence(16), func(b *testing.B) {
		var r *Renderer
		var text []byte
		start := func() func(string) {
			r = NewRenderer(benchWidth, DefaultStyles(true))
			r.update()
			text = text[:0]
			return func(s string) { text = append(text, s...) }
		}
		benchStream(b, 16, start, func() { r.renderBlock(text, listRef{}, false, 1) })
	})
}

// BenchmarkFullRender renders the final text once, as one document, through
// the same pipeline (glamour, then compaction): the unit of the 3× target.
func BenchmarkFullRender(b *testing.B) {
	text := []byte(genReply(benchSize))
	r := NewRenderer(benchWidth, DefaultStyles(true))
	r.update()
	p0 := framebench.Process()
	for b.Loop() {
		r.renderBlock(text, listRef{}, false, 1)
	}
	framebench.ProcessCPU(b, p0)
}

func cadence(every int) string {
	if every == 1 {
		return "every-1"
	}
	return "every-16"
}

// BenchmarkView is View on a finished 100 KB reply at 120×40: a field read.
func BenchmarkView(b *testing.B) {
	m := New(WithSize(benchWidth, 40))
	m.Append(genReply(benchSize))
	m, _ = m.Update(frameMsg{id: m.r, seq: m.seq})
	m, _ = m.Update(tea.KeyPressMsg{Code: tea.KeyHome})
	var v string
	for b.Loop() {
		v = m.View()
	}
	if v == "" {
		b.Fatal("empty view")
	}
}

// BenchmarkScroll is one line of scrolling on that reply: the Update of a
// key, which rebuilds the window.
func BenchmarkScroll(b *testing.B) {
	m := New(WithSize(benchWidth, 40))
	m.Append(genReply(benchSize))
	m, _ = m.Update(frameMsg{id: m.r, seq: m.seq})
	up, down := tea.KeyPressMsg{Code: tea.KeyUp}, tea.KeyPressMsg{Code: tea.KeyDown}
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			m, _ = m.Update(up)
		} else {
			m, _ = m.Update(down)
		}
	}
}

// BenchmarkShapes streams each costly shape (shapes_test.go) at 30 KB and
// 100 KB, a frame after every 256 bytes (pieces of 16), at the widths a
// 120×40 and a 200×50 terminal leave the Chat tab's reply, through the
// Model as the app runs it. It reports the whole stream's CPU time as a
// multiple of one full render of the final text measured in the same run
// (x-full, target ≤ 3), and the work of each frame (cpu-p99-ms/frame).
func BenchmarkShapes(b *testing.B) {
	for _, shape := range shapes {
		for _, size := range []int{30_000, 100_000} {
			for _, w := range []int{116, 196} {
				b.Run(fmt.Sprintf("%s/%dKB/w%d", shape, size/1000, w), func(b *testing.B) {
					benchShape(b, genShape(shape, size), w)
				})
			}
		}
	}
}

// benchShape streams text at width w, b.N times, and reports as BenchmarkShapes says.
func benchShape(b *testing.B, text string, w int) {
	full := fullRenderCPU(text, w)
	var laps framebench.Laps
	laps.Start()
	defer laps.Stop()
	var stream time.Duration
	for b.Loop() {
		m := New(WithSize(w, 36))
		laps.Restart()
		p0 := framebench.Thread()
		for at := 0; at < len(text); {
			end := min(at+256, len(text))
			for ; at < end; at += 16 {
				m.Append(text[at:min(at+16, end)])
			}
			m, _ = m.Update(frameMsg{id: m.r, seq: m.seq})
			laps.Lap()
		}
		stream += framebench.Thread() - p0
	}
	laps.Report(b, "frame")
	if full > 0 {
		b.ReportMetric(float64(stream)/float64(b.N)/float64(full), "x-full")
		b.ReportMetric(float64(full)/float64(time.Millisecond), "full-cpu-ms")
	}
}

// fullRenderCPU is the thread CPU time of one render of text as one
// document (the median of three), the unit of x-full.
func fullRenderCPU(text string, w int) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r := NewRenderer(w, DefaultStyles(true))
	r.update()
	var ds []time.Duration
	for range 3 {
		t0 := framebench.Thread()
		r.renderBlock([]byte(text), listRef{}, false, 1)
		ds = append(ds, framebench.Thread()-t0)
	}
	slices.Sort(ds)
	return ds[1]
}

// BenchmarkTailLayout lays out the tail of an open block as a frame does,
// at 196 columns, by glamour and by the flat layout (paraflat.go): a
// paragraph's last two lines and a short item, the lines being written.
func BenchmarkTailLayout(b *testing.B) {
	para := genShape("paragraph", 600)[:440] + "\n"
	list := genShape("bullet-list", 1200)
	list = list[strings.LastIndex(list[:len(list)-1], "\n- ")+1:]
	st := DefaultStyles(true)
	for _, c := range []struct{ name, src string }{{"paragraph", para}, {"list-item", list}} {
		src := []byte(c.src)
		flat, whole := newFlat(196, st), newGlamour(196, st.Markdown)
		if _, err := flat(src); err != nil {
			b.Fatalf("%s: %v", c.name, err)
		}
		for _, r := range []struct {
			name string
			f    renderFunc
		}{{"glamour", whole}, {"flat", flat}} {
			b.Run(c.name+"/"+r.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					rd, _ := r.f(src)
					compact(nil, rd.out)
				}
			})
		}
	}
}

// BenchmarkHugeDelta is a server's 1 MiB text delta of one line (a hostile
// one, or a model that never breaks a line), appended and drawn, four
// times: what a frame costs, and what it holds, when a whole paragraph of
// words arrives unrendered (issue 32: a cut point per word kept it at 23
// MiB a delta).
func BenchmarkHugeDelta(b *testing.B) { benchHugeDelta(b, "lorem ipsum ") }

// BenchmarkHugeDeltaEmphasis is BenchmarkHugeDelta with a word in
// emphasis in every five (TestHugeDeltasMatchWhole's text): every
// emphasis is a span no cut may fall in, and every word near the end a
// candidate cut to check against them.
func BenchmarkHugeDeltaEmphasis(b *testing.B) { benchHugeDelta(b, "lorem *ipsum* dolor sit amet, ") }

// benchHugeDelta appends and draws four deltas of 1 MiB of word, repeated.
func benchHugeDelta(b *testing.B, word string) {
	delta := strings.Repeat(word, 1<<20/len(word)+1)[:1<<20]
	b.ReportAllocs()
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := int64(ms.HeapAlloc)
	held := int64(0) // the most the renderer held after a frame, beyond its text
	for b.Loop() {
		r := NewRenderer(benchWidth, DefaultStyles(true))
		for range 4 {
			r.Append(delta)
			r.Lines()
			b.StopTimer()
			runtime.GC()
			runtime.ReadMemStats(&ms)
			held = max(held, int64(ms.HeapAlloc)-base-int64(cap(r.text)))
			b.StartTimer()
		}
		runtime.KeepAlive(r)
	}
	b.ReportMetric(float64(held)/(1<<20), "held-MiB")
}

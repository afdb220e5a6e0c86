package chat

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"atelier/client/sim"
	"atelier/store"
	"atelier/ui/internal/measure/framebench"
	"atelier/ui/internal/measure/replies"
)

// longConversation is 20 exchanges with replies of about 30 KB each.
func longConversation() *store.Conversation {
	c := &store.Conversation{ID: 1, Kind: store.KindChat}
	for i := range 20 {
		p := fmt.Sprintf("question %d [[long]]", i)
		c.Messages = append(c.Messages,
			store.Message{ID: int64(2 * i), Turn: i, Role: store.RoleUser, Text: p, CreatedAt: testNow},
			store.Message{ID: int64(2*i + 1), Turn: i, Role: store.RoleAssistant, Family: "alpha", Model: "m",
				Text: sim.ReplyText(p), Status: store.StatusComplete, StopReason: "end_turn",
				Usage: store.Usage{OutputTokens: 7000}, Total: 9 * time.Second, CreatedAt: testNow})
	}
	return c
}

// BenchmarkOpenLongConversation: opening 20 long replies (600 KB of
// markdown) at 116 columns. The command renders the last replies, enough to
// fill the window twice, off the event loop; the event loop lays them out.
func BenchmarkOpenLongConversation(b *testing.B) {
	conv := longConversation()
	entries := entriesOf(conv.Messages, nil)
	m := newTestModel(Options{})
	m.SetSize(116, 36)
	sp := m.tr.drawSpec()
	// The command's result, for update: rendered here, so that update run
	// alone (-bench OpenLongConversation/update) gets it too, and does not
	// measure the tab rendering every reply itself.
	bodies := sp.renderTail(entries)
	if len(bodies) == 0 {
		b.Fatal("the command rendered no reply")
	}
	b.Run("command", func(b *testing.B) {
		for b.Loop() {
			_ = sp.renderTail(entries)
		}
	})
	b.Run("update", func(b *testing.B) {
		for b.Loop() {
			m := m
			m.conv.loading = 1
			m, _ = m.Update(openedMsg{seq: 1, id: 1, entries: entries, bodies: bodies})
			if m.conv.id != 1 {
				b.Fatal("the conversation did not open")
			}
		}
	})
}

// BenchmarkFrameLongConversation: a frame of a reply streaming under 20
// long replies: the cost of each of the at most 60 redraws a second.
func BenchmarkFrameLongConversation(b *testing.B) {
	conv := longConversation()
	m := newTestModel(Options{})
	m.SetSize(116, 36)
	m.conv.loading = 1
	m, _ = m.Update(openedMsg{seq: 1, id: 1, entries: entriesOf(conv.Messages, nil)})
	m.tr = m.tr.startLive()
	m.conv.entries = append(m.conv.entries, entry{role: store.RoleAssistant, status: store.StatusStreaming})
	text := sim.ReplyText("streaming")
	i := 0
	for b.Loop() {
		m.tr.live.Append(text[i%len(text) : i%len(text)+1])
		m.conv.touch(len(m.conv.entries) - 1)
		m.layout()
		i++
	}
}

// BenchmarkThinkingShown streams visible thinking of 30 KB and 100 KB into
// a reply, in deltas of 16 bytes, and draws the reply's thinking (shown, at
// 84 columns) after every 256 bytes, as the frames of a stream do. It
// reports the stream's work as a multiple of drawing the final thinking
// once (x-full, target ≤ 3): a frame wraps only the thinking's last line
// (flow), where it wrapped all of it before.
func BenchmarkThinkingShown(b *testing.B) {
	for _, size := range []int{30_000, 100_000} {
		b.Run(fmt.Sprintf("%dKB", size/1000), func(b *testing.B) {
			text := replies.Thinking(size)
			st := newStyles(true)
			lk := look{width: 88, thinking: true, st: &st}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			t0 := framebench.Thread()
			full := thinkingLines(&entry{thinking: text}, lk)
			unit := framebench.Thread() - t0
			var laps framebench.Laps
			laps.Start()
			defer laps.Stop()
			var total time.Duration
			for b.Loop() {
				e := entry{role: store.RoleAssistant}
				var lines []string
				laps.Restart()
				w0 := framebench.Thread()
				for at := 0; at < len(text); at += 16 {
					e.add("", text[at:min(at+16, len(text))], "")
					if (at/16+1)%16 == 0 || at+16 >= len(text) {
						lines = thinkingLines(&e, lk)
						laps.Lap()
					}
				}
				total += framebench.Thread() - w0
				if !slices.Equal(lines, full) {
					b.Fatal("the thinking drawn as it came differs from drawing it whole")
				}
			}
			laps.Report(b, "frame")
			b.ReportMetric(float64(total)/float64(b.N)/float64(unit), "x-full")
		})
	}
}

// BenchmarkDeltas grows a 100 KB reply, text then thinking, in deltas of 4
// bytes, as entry.add does while a reply streams: B/op is what the whole
// reply allocates (1.33 GB for the text alone when each delta did `+=`).
// "shared" is the text with the client's SoFar, as StreamChat sends it:
// the entry then keeps no copy.
func BenchmarkDeltas(b *testing.B) {
	text := strings.Repeat("word ", 20_000) // 100 KB
	for _, kind := range []string{"text", "thinking", "shared"} {
		b.Run(kind, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var e entry
				for at := 0; at < len(text); at += 4 {
					switch kind {
					case "text":
						e.add(text[at:at+4], "", "")
					case "shared":
						e.add(text[at:at+4], "", text[:at+4])
					default:
						e.add("", text[at:at+4], "")
					}
				}
				if len(e.text)+len(e.thinking) != len(text) {
					b.Fatalf("%d bytes kept of %d", len(e.text)+len(e.thinking), len(text))
				}
			}
		})
	}
}

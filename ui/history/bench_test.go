package history

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab/tabtest"
)

// The targets of the issue, on a history of 100,000 items (benchgen_test.go):
// a keystroke of search as you type under 50 ms, opening an item under
// 20 ms. Figures are in BENCHMARKS.md. The tab is 116×36 cells, what a
// 120×40 terminal leaves inside the shell's frame.

// BenchmarkSearchKeystroke types queries one letter at a time. A keystroke
// is everything between the key and the screen showing its matches: the
// Update for the key, the search command it returns (the store's full-text
// query and the snippets), the Update taking the matches, and the View.
// ns/op is a whole query; ms/keystroke, p99-ms and max-ms are per key.
func BenchmarkSearchKeystroke(b *testing.B) {
	db := benchStore(b)
	for _, q := range []string{"lighthouse keeper", "watercolor fog", "the river", "zzqx"} {
		b.Run(strings.ReplaceAll(q, " ", "_"), func(b *testing.B) {
			hs := newHarness(b, db, 116, 36)
			hs.Keys("/")
			var times []time.Duration
			hits := 0
			for b.Loop() {
				for _, r := range q {
					t0 := time.Now()
					hs.Send(tabtest.Press(string(r)))
					_ = hs.m.View()
					times = append(times, time.Since(t0))
				}
				hits = len(hs.m.list.rows)
				b.StopTimer()
				hs.Keys("esc", "/")
				b.StartTimer()
			}
			reportTimes(b, times, "keystroke")
			b.ReportMetric(float64(hits), "items-found")
		})
	}
}

// BenchmarkOpenItem opens items from the list: the Update for enter, the
// command reading the item, the Update laying it out (rendering the
// replies in sight as markdown), and the first View. What follows in the
// background (the other replies' rendering, decoding pictures) is not
// counted: the screen is up by then.
func BenchmarkOpenItem(b *testing.B) {
	db := benchStore(b)
	for _, k := range []store.Kind{store.KindChat, store.KindCompare, store.KindImage, store.KindVideo} {
		b.Run(string(k), func(b *testing.B) { benchOpen(b, db, k) })
	}
	b.Run("chat_of_100_messages", func(b *testing.B) {
		long, err := store.Open(b.TempDir())
		check(b, err)
		b.Cleanup(func() { long.Close() })
		g := newBenchText(2)
		for range 4 {
			check(b, g.chat(long, store.KindChat, 50, 1))
		}
		benchOpen(b, long, store.KindChat)
	})
}

func benchOpen(b *testing.B, db *store.Store, k store.Kind) {
	hs := newHarness(b, db, 116, 36)
	hs.m.filters.values[kindFilter] = string(k)
	var cmd tea.Cmd
	hs.m, cmd = hs.m.reload()
	hs.Run(cmd)
	n := len(hs.m.list.rows)
	if n == 0 {
		b.Fatalf("no %s in the history", k)
	}
	var times, after []time.Duration
	i := 0
	for b.Loop() {
		hs.m.list.cursor = i % n
		i++
		t0 := time.Now()
		m, cmd := hs.m.Update(tabtest.Press("enter"))
		read := hs.Results(cmd)
		if len(read) != 1 {
			b.Fatalf("enter gave %d messages", len(read))
		}
		m, background := m.Update(read[0])
		_ = m.View()
		times = append(times, time.Since(t0))
		b.StopTimer()
		if !m.reader.open || m.reader.it == nil {
			b.Fatalf("not open:\n%s", m.View())
		}
		t1 := time.Now()
		hs.m = m
		hs.Run(background)
		after = append(after, time.Since(t1))
		hs.m = hs.m.closeItem()
		b.StartTimer()
	}
	reportTimes(b, times, "open")
	slices.Sort(after)
	b.ReportMetric(ms(after[len(after)/2]), "background-p50-ms")
}

// reportTimes adds the mean, 99th percentile and worst of per-operation
// times to the result.
func reportTimes(b *testing.B, d []time.Duration, what string) {
	if len(d) == 0 {
		return
	}
	var sum time.Duration
	for _, x := range d {
		sum += x
	}
	slices.Sort(d)
	b.ReportMetric(ms(sum/time.Duration(len(d))), "ms/"+what)
	b.ReportMetric(ms(d[len(d)*99/100]), "p99-ms")
	b.ReportMetric(ms(d[len(d)-1]), "max-ms")
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

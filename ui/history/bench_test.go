package history

import (
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
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
				hits = len(hs.m.browse.list.rows())
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
	hs.m.browse.filters.values[kindFilter] = string(k)
	var cmd tea.Cmd
	hs.m.browse, cmd = hs.m.browse.reload(hs.m.env())
	hs.Run(cmd)
	n := len(hs.m.browse.list.rows())
	if n == 0 {
		b.Fatalf("no %s in the history", k)
	}
	var times, after []time.Duration
	i := 0
	for b.Loop() {
		hs.m.browse.list.l.Select(rowID(hs.m.browse.list.rows()[i%n]))
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
		hs.m.reader = hs.m.reader.closed(hs.m.preview)
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

// BenchmarkPageThrough pages through the whole history of 100,000 items
// with pgdown, as far as the list goes, then reports the process's resident
// memory (target: 60 MB; the list keeps a window of rows around the
// cursor, so it does not grow with what was scrolled), the rows kept, and
// the time of a key that reads a page.
func BenchmarkPageThrough(b *testing.B) {
	db := benchStore(b)
	for b.Loop() {
		hs := newHarness(b, db, 116, 36)
		runtime.GC()
		before := rssBytes()
		var times []time.Duration
		items := 0
		for hs.m.browse.list.more || hs.m.browse.list.cursor() < len(hs.m.browse.list.rows())-1 {
			before := hs.m.browse.list.cursor()
			t0 := time.Now()
			hs.Keys("pgdown")
			_ = hs.m.View()
			times = append(times, time.Since(t0))
			items += hs.m.browse.list.cursor() - before
			if hs.m.browse.list.cursor() == before && !hs.m.browse.list.more {
				break
			}
			if hs.m.browse.list.cursor() < before {
				items += windowPages * pageSize // rows dropped above moved the cursor back
			}
		}
		b.StopTimer()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(before)/(1<<20), "rss-first-page-MB")
		b.ReportMetric(float64(rssBytes())/(1<<20), "rss-MB")
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-inuse-MB")
		debug.FreeOSMemory()
		b.ReportMetric(float64(rssBytes())/(1<<20), "rss-freed-MB")
		b.ReportMetric(float64(len(hs.m.browse.list.rows())), "rows-kept")
		b.ReportMetric(float64(len(times)), "keys")
		reportTimes(b, times, "key")
		b.StartTimer()
	}
}

// rssBytes is the process's resident memory, from /proc (0 elsewhere).
func rssBytes() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// BenchmarkCostSums times the costs view's count (store.CostSums, run in
// a command) over the whole history of 100,000 items with every model
// priced: what the view waits for at "all", never the frame.
func BenchmarkCostSums(b *testing.B) {
	db := benchStore(b)
	prices := testPrices()
	for b.Loop() {
		sums, err := db.CostSums(bg, store.CostQuery{}, prices)
		if err != nil || sums.Total.Count == 0 {
			b.Fatalf("sums %+v, %v", sums.Total, err)
		}
	}
}

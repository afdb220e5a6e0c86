package store

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// The targets of the issue, checked against the generated database of a
// million messages (see benchgen_test.go). Results are in BENCHMARKS.md.

// openBench opens the cached benchmark database.
func openBench(b *testing.B) *Store {
	b.Helper()
	s, err := Open(benchDir(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// reportP99 adds the 99th percentile of per-operation times to the result.
func reportP99(b *testing.B, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	b.ReportMetric(float64(d[len(d)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkSearchTop50 searches for the newest 50 matches (target: under
// 50 ms), for kinds of query a person types: a rare word, a frequent one,
// two words, a phrase, and a short prefix while typing.
func BenchmarkSearchTop50(b *testing.B) {
	s := openBench(b)
	for _, q := range []struct {
		name, text string
		kind       Kind
	}{
		{"rare", "lighthouse ", ""},
		{"frequent", "the ", ""},
		{"two_words", "explain river ", ""},
		{"phrase", `"of the" `, ""},
		{"prefix_as_typed", "li", ""},
		{"no_match", "zzzzqqq ", ""},
		{"comparisons_only", "lighthouse ", KindCompare}, // 5% of conversations
	} {
		b.Run(q.name, func(b *testing.B) {
			var times []time.Duration
			hits := 0
			for b.Loop() {
				t0 := time.Now()
				h, err := s.Search(bg, SearchQuery{Text: q.text, Kind: q.kind, Limit: 50})
				if err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(t0))
				hits = len(h)
			}
			reportP99(b, times)
			b.ReportMetric(float64(hits), "hits")
		})
	}
}

// BenchmarkRecentConversations50 lists the 50 most recent conversations
// (target: under 5 ms), and the first page of the whole history.
func BenchmarkRecentConversations50(b *testing.B) {
	s := openBench(b)
	b.Run("conversations", func(b *testing.B) {
		for b.Loop() {
			c, err := s.Conversations(bg, ConversationQuery{Limit: 50})
			if err != nil || len(c) != 50 {
				b.Fatal(len(c), err)
			}
		}
	})
	b.Run("history_items", func(b *testing.B) {
		for b.Loop() {
			it, err := s.Items(bg, ItemFilter{Limit: 50})
			if err != nil || len(it) != 50 {
				b.Fatal(len(it), err)
			}
		}
	})
	b.Run("open_conversation", func(b *testing.B) {
		for b.Loop() {
			c, err := s.Conversation(bg, benchConversations/2)
			if err != nil || len(c.Messages) != benchPerConv {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkItemsFilter lists the first page of the history (100 items, as
// the History tab asks) narrowed by a filter: a model one conversation in a
// thousand used (target: under 50 ms), a status no message has, and a
// family most have.
func BenchmarkItemsFilter(b *testing.B) {
	s := openBench(b)
	for _, tc := range []struct {
		name string
		f    ItemFilter
		want int
	}{
		{"rare_model", ItemFilter{Model: rareModel}, benchConversations / 1000},
		{"no_status", ItemFilter{Status: StatusInterrupted}, 0},
		{"common_family", ItemFilter{Family: "beta"}, 100},
		{"rare_model_chats", ItemFilter{Kind: KindChat, Model: rareModel}, -1},
		{"rare_model_per_conversation", ItemFilter{Model: rareModel}, benchConversations / 1000},
		{"unfiltered", ItemFilter{}, 100},
	} {
		b.Run(tc.name, func(b *testing.B) {
			if strings.HasSuffix(tc.name, "_per_conversation") {
				// Without the rare path: every conversation is checked
				// through the index, newest first, as for a common value.
				defer func(n int) { rareLimit = n }(rareLimit)
				rareLimit = -1
			}
			tc.f.Limit = 100
			var times []time.Duration
			for b.Loop() {
				t0 := time.Now()
				it, err := s.Items(bg, tc.f)
				if err != nil || tc.want >= 0 && len(it) != tc.want {
					b.Fatal(len(it), err)
				}
				times = append(times, time.Since(t0))
			}
			reportP99(b, times)
		})
	}
}

// BenchmarkOpenWithMigrations opens a store (target: under 30 ms): a new
// one, which applies every migration, and the million-message one.
func BenchmarkOpenWithMigrations(b *testing.B) {
	b.Run("fresh", func(b *testing.B) {
		root := b.TempDir()
		i := 0
		for b.Loop() {
			b.StopTimer()
			dir := fmt.Sprintf("%s/%d", root, i)
			i++
			b.StartTimer()
			s, err := Open(dir)
			if err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			s.Close()
			os.RemoveAll(dir)
			b.StartTimer()
		}
	})
	b.Run("1M_messages", func(b *testing.B) {
		dir := benchDir(b)
		for b.Loop() {
			s, err := Open(dir)
			if err != nil {
				b.Fatal(err)
			}
			// Open is lazy about nothing: migrations and recovery ran.
			b.StopTimer()
			s.Close()
			b.StartTimer()
		}
	})
}

// BenchmarkCheckpoint measures one checkpoint write of a streaming reply
// (target: under 1 ms), each a 4 KiB delta, over replies of 100 KB, in the
// million-message database. The replies are deleted afterwards.
func BenchmarkCheckpoint(b *testing.B) {
	s := openBench(b)
	conv := must[int64](b)(s.NewConversation(bg, KindChat, "checkpoint benchmark"))
	b.Cleanup(func() { s.DeleteConversation(bg, conv) })
	delta := strings.Repeat("streamed text of a long reply, ", 140)[:4096]
	const perReply = 100 << 10 / 4096 // 25 checkpoints make a 100 KB reply
	var r *Reply
	n := 0
	var times []time.Duration
	for b.Loop() {
		if n%perReply == 0 {
			b.StopTimer()
			if r != nil {
				r.Finish(ReplyEnd{})
			}
			r = must[*Reply](b)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "model-x",
				CheckpointInterval: time.Hour, CheckpointBytes: len(delta)}))
			b.StartTimer()
		}
		n++
		t0 := time.Now()
		if err := r.Append(delta, ""); err != nil { // reaches CheckpointBytes: commits
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	if r.Checkpoints() == 0 {
		b.Fatal("no checkpoint written")
	}
	r.Finish(ReplyEnd{})
	reportP99(b, times)
}

// BenchmarkFinishReply folds a 100 KB reply's 25 chunks into its message
// and indexes it: the one write per reply that grows with its length.
func BenchmarkFinishReply(b *testing.B) {
	s := openBench(b)
	conv := must[int64](b)(s.NewConversation(bg, KindChat, "finish benchmark"))
	b.Cleanup(func() { s.DeleteConversation(bg, conv) })
	gen := newTextGen(2)
	text := gen.text(20_000)[:100<<10]
	for b.Loop() {
		b.StopTimer()
		r := must[*Reply](b)(s.BeginReply(bg, ReplyStart{ConversationID: conv, CheckpointInterval: time.Hour,
			CheckpointBytes: 4096}))
		for i := 0; i < len(text); i += 4096 {
			r.Append(text[i:min(i+4096, len(text))], "")
		}
		b.StartTimer()
		if err := r.Finish(ReplyEnd{}); err != nil {
			b.Fatal(err)
		}
	}
}

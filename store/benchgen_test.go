package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"atelier/internal/benchdata"
)

// The benchmark database: one million messages in ten thousand
// conversations (100 each, 5% of them comparisons), 20,000 image jobs and
// 5,000 video tasks, over a year of history. It is generated once, with a
// fixed seed, into a cache folder reused by later runs.
const (
	benchConversations = 10_000
	benchPerConv       = 100
	benchImages        = 20_000
	benchVideos        = 5_000
	benchGenVersion    = 2 // bump when the generator changes
	rareModel          = "model-rare"
)

// benchDir returns the cached benchmark data directory, generating it the
// first time (benchdata.Dir: $ATELIER_BENCH_DIR chooses the cache folder).
func benchDir(b *testing.B) string {
	b.Helper()
	return benchdata.Dir(b, fmt.Sprintf("atelier-bench-v%d-g%d", SchemaVersion, benchGenVersion), generateBenchDB)
}

// generateBenchDB writes the benchmark rows straight through SQL, in large
// transactions, with the schema's own triggers keeping the FTS index.
func generateBenchDB(dir string) error {
	s, err := Open(dir)
	if err != nil {
		return err
	}
	defer s.Close()
	ctx := context.Background()
	g := newTextGen(1)
	t0 := time.Date(2025, 11, 21, 0, 0, 0, 0, time.UTC).UnixMilli()
	span := int64(365 * 24 * time.Hour / time.Millisecond)
	step := span / benchConversations
	const batch = 100 // conversations per transaction
	for c0 := 0; c0 < benchConversations; c0 += batch {
		err := s.tx(ctx, func(tx *txn) error {
			conv, err := tx.PrepareContext(ctx, `INSERT INTO conversations (id, kind, title, family, model, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`)
			if err != nil {
				return err
			}
			msg, err := tx.PrepareContext(ctx, `INSERT INTO messages (conversation_id, turn, lane, role, family, model,
				text, status, stop_reason, input_tokens, output_tokens, ttft_ms, total_ms, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, 'complete', ?, ?, ?, ?, ?, ?, ?)`)
			if err != nil {
				return err
			}
			for c := c0; c < c0+batch; c++ {
				if err := g.conversation(ctx, conv, msg, c+1, t0+int64(c)*step); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return s.tx(ctx, func(tx *txn) error {
		for i := range benchImages {
			at := t0 + int64(i)*(span/benchImages)
			if _, err := tx.ExecContext(ctx, `INSERT INTO image_jobs (model, prompt, status, created_at, updated_at)
				VALUES ('gamma/image-2.5-flare', ?, 'complete', ?, ?)`, g.sentence(6, 30), at, at); err != nil {
				return err
			}
		}
		for i := range benchVideos {
			at := t0 + int64(i)*(span/benchVideos)
			if _, err := tx.ExecContext(ctx, `INSERT INTO video_tasks (request_id, endpoint, family, prompt, status,
				done, submitted_at, updated_at) VALUES (?, 'videob/o3/pro/text-to-video', 'videob', ?, 'COMPLETED', 1, ?, ?)`,
				fmt.Sprintf("rq-%06d", i), g.sentence(8, 40), at, at); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO messages_fts (messages_fts) VALUES ('optimize')`)
		return err
	})
}

// textGen is the benchmark database's text: words with a Zipf
// distribution, as natural language has them (internal/benchdata).
type textGen struct{ *benchdata.Text }

// commonWords open the vocabulary, so the most frequent words are real.
var commonWords = strings.Fields(`the of and to a in is that for it as was with be by on not he this are or
	his from at which but have an they you were her she there been one all we their has would when if so no
	what can more out about time model data code function value light lighthouse fog harbour tea river
	stream reply prompt image video error test system user write explain example list first new use like`)

func newTextGen(seed uint64) *textGen { return &textGen{benchdata.NewText(seed, commonWords)} }

// sentence returns between min and max words.
func (g *textGen) sentence(min, max int) string { return g.Words(min, max) + "." }

// text returns a few sentences of about words words.
func (g *textGen) text(words int) string {
	var parts []string
	for n := 0; n < words; {
		s := g.sentence(5, 20)
		parts = append(parts, s)
		n += strings.Count(s, " ") + 1
	}
	return strings.Join(parts, " ")
}

// conversation inserts one conversation and its messages.
func (g *textGen) conversation(ctx context.Context, conv, msg *sql.Stmt, id int, at int64) error {
	kind, lanes := KindChat, 1
	if g.R.IntN(20) == 0 {
		kind, lanes = KindCompare, 3
	}
	families := []string{"alpha", "beta", "gamma"}
	models := []string{"model-x", "model-y", "model-z"}
	fam := g.R.IntN(3)
	prompt := g.text(8 + g.R.IntN(30))
	if _, err := conv.ExecContext(ctx, id, kind, titleFrom(prompt), families[fam], models[fam], at, at); err != nil {
		return err
	}
	for turn, n := 0, 0; n < benchPerConv; turn++ {
		if turn > 0 {
			prompt = g.text(8 + g.R.IntN(30))
		}
		at += int64(30_000 + g.R.IntN(300_000))
		if _, err := msg.ExecContext(ctx, id, turn, 0, RoleUser, "", "", prompt, "", nil, nil, nil, nil, at, at); err != nil {
			return err
		}
		n++
		for lane := 0; lane < lanes && n < benchPerConv; lane++ {
			f := (fam + lane) % 3
			at += int64(1000 + g.R.IntN(20_000))
			reply := g.text(40 + g.R.IntN(160))
			model := models[f]
			if id%1000 == 0 && turn == 0 && lane == 0 {
				model = rareModel // one conversation in a thousand
			}
			if _, err := msg.ExecContext(ctx, id, turn, lane, RoleAssistant, families[f], model, reply, "end_turn",
				200+g.R.IntN(2000), 100+g.R.IntN(800), 200+g.R.IntN(1500), 1000+g.R.IntN(20_000), at, at); err != nil {
				return err
			}
			n++
		}
	}
	return nil
}

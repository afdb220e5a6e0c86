package history

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"atelier/store"
)

// The benchmark history: 100,000 items (55% chats of one to three turns,
// 5% comparisons of three lanes, 28% image jobs, 12% video tasks) with
// Zipf-distributed text in which a few markdown features (bold, lists,
// code) occur. It is made through the store's public API, one item after
// another on one goroutine (the store writes through one connection, so
// more would only queue), once, into a cache folder reused by later runs.
const (
	benchItems      = 100_000
	benchGenVersion = 1 // bump when the generator changes
)

// benchStore opens the cached benchmark history, generating it the first
// time. $ATELIER_BENCH_DIR chooses the cache folder (default: the system's
// temporary folder).
func benchStore(b *testing.B) *store.Store {
	b.Helper()
	root := os.Getenv("ATELIER_BENCH_DIR")
	if root == "" {
		root = os.TempDir()
	}
	dir := filepath.Join(root, fmt.Sprintf("atelier-history-bench-v%d-g%d", store.SchemaVersion, benchGenVersion))
	done := filepath.Join(dir, "generated")
	if took, err := os.ReadFile(done); err == nil {
		b.Logf("history of %d items in %s, generated in %s", benchItems, dir, took)
	} else {
		os.RemoveAll(dir) // a generation cut short
		start := time.Now()
		if err := generateHistory(dir); err != nil {
			b.Fatal(err)
		}
		took := time.Since(start).Round(time.Second).String()
		if err := os.WriteFile(done, []byte(took), 0o600); err != nil {
			b.Fatal(err)
		}
		b.Logf("generated a history of %d items in %s (%s)", benchItems, dir, took)
	}
	db, err := store.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// generateHistory makes the items, in a fixed order from a fixed seed.
func generateHistory(dir string) error {
	db, err := store.Open(dir)
	if err != nil {
		return err
	}
	defer db.Close()
	g := newBenchText(1)
	for i := range benchItems {
		var err error
		switch n := g.r.IntN(100); {
		case n < 55:
			err = g.chat(db, store.KindChat, 1+g.r.IntN(3), 1)
		case n < 60:
			err = g.chat(db, store.KindCompare, 1, 3)
		case n < 88:
			err = g.image(db)
		default:
			err = g.video(db, i)
		}
		if err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
	}
	return nil
}

// benchText makes deterministic text with a Zipf distribution of words.
type benchText struct {
	r     *rand.Rand
	zipf  *rand.Zipf
	vocab []string
}

var benchWords = strings.Fields(`the of and to a in is that for it as was with be by on not this are or from at
	which but have an they you were there been one all we their has would when if so no what can more out about
	time model data code function value light lighthouse fog harbour tea river stream reply prompt image video
	error test system user write explain example list first new use like keeper boat storm sea watercolor`)

func newBenchText(seed uint64) *benchText {
	r := rand.New(rand.NewPCG(seed, seed*7919))
	g := &benchText{r: r, vocab: append([]string(nil), benchWords...)}
	syll := []string{"ka", "lo", "mi", "ne", "ru", "ta", "vo", "shi", "ren", "dal", "qu", "ex", "or", "in",
		"ter", "pol", "gra", "ve", "mon", "sel", "bri", "cu", "fa", "ho", "zen", "tor", "lia", "pra"}
	for len(g.vocab) < 20_000 {
		var w strings.Builder
		for range 2 + r.IntN(3) {
			w.WriteString(syll[r.IntN(len(syll))])
		}
		g.vocab = append(g.vocab, w.String())
	}
	g.zipf = rand.NewZipf(r, 1.07, 2, uint64(len(g.vocab)-1))
	return g
}

func (g *benchText) words(lo, hi int) string {
	n := lo + g.r.IntN(hi-lo+1)
	ws := make([]string, n)
	for i := range ws {
		ws[i] = g.vocab[g.zipf.Uint64()]
	}
	return strings.Join(ws, " ")
}

// reply is a few paragraphs of markdown: bold words, a list, sometimes code.
func (g *benchText) reply() string {
	var parts []string
	for range 1 + g.r.IntN(3) {
		parts = append(parts, g.words(3, 8)+" **"+g.words(1, 2)+"** "+g.words(15, 50)+".")
	}
	if g.r.IntN(3) == 0 {
		parts = append(parts, "- "+g.words(3, 8)+"\n- "+g.words(3, 8)+"\n- "+g.words(3, 8))
	}
	if g.r.IntN(8) == 0 {
		parts = append(parts, "```go\nfunc "+g.vocab[100+g.r.IntN(1000)]+"() error {\n\treturn nil\n}\n```")
	}
	return strings.Join(parts, "\n\n")
}

var benchTargets = [][2]string{{"alpha", "model-x"}, {"beta", "model-y"}, {"gamma", "model-z"}}

// chat adds a conversation of turns prompts, each answered in lanes lanes.
func (g *benchText) chat(db *store.Store, kind store.Kind, turns, lanes int) error {
	c, err := db.NewConversation(bg, kind, "")
	if err != nil {
		return err
	}
	first := g.r.IntN(3)
	for turn := range turns {
		if _, err := db.AddMessage(bg, store.Message{ConversationID: c, Turn: turn, Role: store.RoleUser,
			Text: g.words(6, 30), Family: benchTargets[first][0], Model: benchTargets[first][1]}); err != nil {
			return err
		}
		for lane := range lanes {
			tg := benchTargets[(first+lane)%3]
			if _, err := db.AddMessage(bg, store.Message{ConversationID: c, Turn: turn, Lane: lane,
				Role: store.RoleAssistant, Family: tg[0], Model: tg[1], Text: g.reply(), StopReason: "end_turn",
				Usage: store.Usage{InputTokens: int64(50 + g.r.IntN(500)), OutputTokens: int64(100 + g.r.IntN(900))},
				TTFT:  time.Duration(200+g.r.IntN(1500)) * time.Millisecond, Total: time.Duration(1+g.r.IntN(20)) * time.Second,
			}); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g *benchText) image(db *store.Store) error {
	id, err := db.AddImageJob(bg, store.ImageJobStart{Model: "gamma/image-2.5-flare", Prompt: g.words(5, 25),
		SettingsJSON: json.RawMessage(`{"size":"1024x1024","quality":"high","n":1}`)})
	if err != nil {
		return err
	}
	return db.FinishImageJob(bg, id, store.ImageJobEnd{ResponseJSON: json.RawMessage(`{"created":1,"data":[]}`),
		Total: time.Duration(2+g.r.IntN(20)) * time.Second})
}

func (g *benchText) video(db *store.Store, i int) error {
	rid := fmt.Sprintf("rq-%06d", i)
	body, _ := json.Marshal(map[string]any{"prompt": g.words(8, 30), "duration": 5})
	if _, err := db.AddVideoTask(bg, store.VideoSubmission{RequestID: rid, Endpoint: "videob/o3/pro/text-to-video",
		BodyJSON: body}); err != nil {
		return err
	}
	if _, err := db.RecordVideoStatus(bg, rid, store.VideoStatus{Status: "IN_PROGRESS"}); err != nil {
		return err
	}
	if g.r.IntN(10) == 0 {
		return db.FailVideoTask(bg, rid, json.RawMessage(`{"detail":"content policy"}`))
	}
	return db.CompleteVideoTask(bg, rid, json.RawMessage(`{"video":{"url":"https://media.example.test/v.mp4"}}`), false)
}

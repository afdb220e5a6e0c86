package history

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"atelier/internal/benchdata"
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
// time (benchdata.Dir: $ATELIER_BENCH_DIR chooses the cache folder).
func benchStore(b *testing.B) *store.Store {
	b.Helper()
	dir := benchdata.Dir(b, fmt.Sprintf("atelier-history-bench-v%d-g%d", store.SchemaVersion, benchGenVersion), generateHistory)
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
		switch n := g.R.IntN(100); {
		case n < 55:
			err = g.chat(db, store.KindChat, 1+g.R.IntN(3), 1)
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

// benchText is the corpus's text: words with a Zipf distribution, as
// natural language has them (internal/benchdata).
type benchText struct{ *benchdata.Text }

var benchWords = strings.Fields(`the of and to a in is that for it as was with be by on not this are or from at
	which but have an they you were there been one all we their has would when if so no what can more out about
	time model data code function value light lighthouse fog harbour tea river stream reply prompt image video
	error test system user write explain example list first new use like keeper boat storm sea watercolor`)

func newBenchText(seed uint64) *benchText { return &benchText{benchdata.NewText(seed, benchWords)} }

// reply is a few paragraphs of markdown: bold words, a list, sometimes code.
func (g *benchText) reply() string {
	var parts []string
	for range 1 + g.R.IntN(3) {
		parts = append(parts, g.Words(3, 8)+" **"+g.Words(1, 2)+"** "+g.Words(15, 50)+".")
	}
	if g.R.IntN(3) == 0 {
		parts = append(parts, "- "+g.Words(3, 8)+"\n- "+g.Words(3, 8)+"\n- "+g.Words(3, 8))
	}
	if g.R.IntN(8) == 0 {
		parts = append(parts, "```go\nfunc "+g.Ranked(100+g.R.IntN(1000))+"() error {\n\treturn nil\n}\n```")
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
	first := g.R.IntN(3)
	for turn := range turns {
		if _, err := db.AddMessage(bg, store.Message{ConversationID: c, Turn: turn, Role: store.RoleUser,
			Text: g.Words(6, 30), Family: benchTargets[first][0], Model: benchTargets[first][1]}); err != nil {
			return err
		}
		for lane := range lanes {
			tg := benchTargets[(first+lane)%3]
			if _, err := db.AddMessage(bg, store.Message{ConversationID: c, Turn: turn, Lane: lane,
				Role: store.RoleAssistant, Family: tg[0], Model: tg[1], Text: g.reply(), StopReason: "end_turn",
				Usage: store.Usage{InputTokens: int64(50 + g.R.IntN(500)), OutputTokens: int64(100 + g.R.IntN(900))},
				TTFT:  time.Duration(200+g.R.IntN(1500)) * time.Millisecond, Total: time.Duration(1+g.R.IntN(20)) * time.Second,
			}); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g *benchText) image(db *store.Store) error {
	id, err := db.AddImageJob(bg, store.ImageJobStart{Model: "gamma/image-2.5-flare", Prompt: g.Words(5, 25),
		SettingsJSON: json.RawMessage(`{"size":"1024x1024","quality":"high","n":1}`)})
	if err != nil {
		return err
	}
	return db.FinishImageJob(bg, id, store.ImageJobEnd{ResponseJSON: json.RawMessage(`{"created":1,"data":[]}`),
		Total: time.Duration(2+g.R.IntN(20)) * time.Second})
}

func (g *benchText) video(db *store.Store, i int) error {
	rid := fmt.Sprintf("rq-%06d", i)
	body, _ := json.Marshal(map[string]any{"prompt": g.Words(8, 30), "duration": 5})
	if _, err := db.AddVideoTask(bg, store.VideoSubmission{RequestID: rid, Endpoint: "videob/o3/pro/text-to-video",
		BodyJSON: body}); err != nil {
		return err
	}
	if _, err := db.RecordVideoStatus(bg, rid, store.VideoStatus{Status: "IN_PROGRESS"}); err != nil {
		return err
	}
	if g.R.IntN(10) == 0 {
		return db.FailVideoTask(bg, rid, json.RawMessage(`{"detail":"content policy"}`))
	}
	return db.CompleteVideoTask(bg, rid, json.RawMessage(`{"video":{"url":"https://media.example.test/v.mp4"}}`), false)
}

package history

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"
	"time"

	"atelier/store"
	"atelier/ui/tab/tabtest"
)

// The test history: one item of every kind and state, made through the
// store's public API, then given fixed times (the store stamps rows with
// the clock) so that lists and goldens read the same on every run.

// t0 is when the first fixture item was made; each next one is an hour on.
var t0 = time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)

// fixture is the test history and what it holds.
type fixture struct {
	db                     *store.Store
	chat, compare, stopped int64 // conversations
	image, edit            int64 // image jobs
	video, failed          int64 // video tasks (row ids)
	videoFile, imageFile   string
	order                  []store.ItemRef // in the order made, oldest first
}

var bg = context.Background()

// newFixture is the fixture in dir (a fresh temporary folder when dir is
// ""): a copy of the one recorded once per test binary (seed_test.go).
func newFixture(t testing.TB, dir string) *fixture {
	t.Helper()
	s := snapshotOf(t, "fixture", func(t testing.TB, dir string) any { return recordFixture(t, dir) })
	f := *s.value.(*fixture)
	f.db, f.order = s.open(t, dir), slices.Clone(f.order)
	return &f
}

// recordFixture records the fixture in dir through the store's API and
// closes the store.
func recordFixture(t testing.TB, dir string) *fixture {
	t.Helper()
	f := &fixture{db: recordStore(t, dir)}
	defer f.db.Close()
	f.chat = f.addChat(t)
	f.image = f.addImage(t)
	f.compare = f.addCompare(t)
	f.edit = f.addEdit(t)
	f.video = f.addVideo(t)
	f.failed = f.addFailedVideo(t)
	f.stopped = f.addStopped(t)
	f.pinTimes(t)
	check(t, f.db.Close())
	f.db = nil
	return f
}

func check(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) made(k store.Kind, id int64) int64 {
	f.order = append(f.order, store.ItemRef{Kind: k, ID: id})
	return id
}

func (f *fixture) addChat(t testing.TB) int64 {
	c := tabtest.Must[int64](t)(f.db.NewConversation(bg, store.KindChat, ""))
	tabtest.Must[int64](t)(f.db.AddMessage(bg, store.Message{ConversationID: c, Role: store.RoleUser,
		Text: "write a haiku about tea", Family: "alpha", Model: "model-x"}))
	r := tabtest.Must[*store.Reply](t)(f.db.BeginReply(bg, store.ReplyStart{ConversationID: c, Family: "alpha", Model: "model-x",
		SettingsJSON: json.RawMessage(`{"max_tokens":256,"thinking":4096}`), Endpoint: "/bypass/alpha/v1/messages",
		RequestJSON: json.RawMessage(`{"model":"model-x","max_tokens":256,"messages":[{"role":"user","content":"write a haiku about tea"}]}`)}))
	check(t, r.Append("Steam curls from the cup —\n*a leaf unfolds its summer*\nin the **winter** light.", "The person wants a haiku about tea."))
	check(t, r.Finish(store.ReplyEnd{ResponseJSON: json.RawMessage(`{"id":"msg_1","stop_reason":"end_turn","content":[{"type":"text","text":"Steam curls"}]}`),
		UsageJSON: json.RawMessage(`{"input_tokens":12,"output_tokens":212}`), StopReason: "end_turn", HTTPStatus: 200,
		Usage: store.Usage{InputTokens: 12, OutputTokens: 212}, TTFT: 400 * time.Millisecond, Total: 3100 * time.Millisecond}))
	return f.made(store.KindChat, c)
}

func (f *fixture) addCompare(t testing.TB) int64 {
	c := tabtest.Must[int64](t)(f.db.NewConversation(bg, store.KindCompare, ""))
	tabtest.Must[int64](t)(f.db.AddMessage(bg, store.Message{ConversationID: c, Role: store.RoleUser, Text: "explain CRDTs to a new engineer"}))
	for lane, tg := range [][2]string{{"alpha", "model-x"}, {"beta", "model-y"}, {"gamma", "model-z"}} {
		r := tabtest.Must[*store.Reply](t)(f.db.BeginReply(bg, store.ReplyStart{ConversationID: c, Lane: lane, Family: tg[0], Model: tg[1],
			SettingsJSON: json.RawMessage(`{"effort":"low"}`)}))
		check(t, r.Append("A **CRDT** from "+tg[1]+" is a data type that merges without conflicts.\n\n- replicas\n- merges\n\n"+
			"```go\nfunc merge() {\n\treturn\n}\n```", ""))
		check(t, r.Finish(store.ReplyEnd{StopReason: "end_turn", Usage: store.Usage{InputTokens: 20, OutputTokens: int64(500 + lane)},
			TTFT: time.Duration(300+lane*300) * time.Millisecond, Total: time.Duration(4+lane) * time.Second}))
		check(t, f.db.SetLane(bg, store.Lane{ConversationID: c, Lane: lane, Family: tg[0], Model: tg[1], Rating: 3 + lane%2, Winner: lane == 1}))
	}
	return f.made(store.KindCompare, c)
}

// addStopped is a chat whose reply was stopped, with control sequences a
// model might send: none may reach the terminal.
func (f *fixture) addStopped(t testing.TB) int64 {
	c := tabtest.Must[int64](t)(f.db.NewConversation(bg, store.KindChat, ""))
	tabtest.Must[int64](t)(f.db.AddMessage(bg, store.Message{ConversationID: c, Role: store.RoleUser,
		Text: "plan a trip to the lighthouse", Family: "beta", Model: "model-y"}))
	r := tabtest.Must[*store.Reply](t)(f.db.BeginReply(bg, store.ReplyStart{ConversationID: c, Family: "beta", Model: "model-y"}))
	check(t, r.Append("Day one: the \x1b]52;c;ZXZpbA==\x07lighthouse\x1b[2J keepers' museum.", ""))
	check(t, r.Finish(store.ReplyEnd{Err: context.Canceled}))
	return f.made(store.KindChat, c)
}

func (f *fixture) addImage(t testing.TB) int64 {
	id := tabtest.Must[int64](t)(f.db.AddImageJob(bg, store.ImageJobStart{Model: "gamma/image-2.5-flare", Prompt: "a lighthouse in fog, watercolor",
		SettingsJSON: json.RawMessage(`{"size":"1024x1024","quality":"high","n":1}`),
		RequestJSON:  json.RawMessage(`{"model":"gamma/image-2.5-flare","prompt":"a lighthouse in fog, watercolor"}`)}))
	f.imageFile = tabtest.Must[string](t)(f.db.SaveMedia("img", "png", bytes.NewReader(testPNG(t, 32, 32))))
	tabtest.Must[int64](t)(f.db.AddImageFile(bg, store.ImageFile{JobID: id, Path: f.imageFile, MIME: "image/png", Width: 32, Height: 32, Bytes: 1}))
	check(t, f.db.FinishImageJob(bg, id, store.ImageJobEnd{ResponseJSON: json.RawMessage(`{"created":1,"data":[{"b64_json":"iVBORw0KGgo="}]}`),
		UsageJSON: json.RawMessage(`{"total_tokens":100}`), Total: 4200 * time.Millisecond}))
	return f.made(store.KindImage, id)
}

// addEdit edits the first image's result with an outside mask.
func (f *fixture) addEdit(t testing.TB) int64 {
	first := tabtest.Must[*store.ImageJob](t)(f.db.ImageJob(bg, f.image))
	mask := tabtest.Must[string](t)(f.db.SaveMedia("in", "png", bytes.NewReader(testPNG(t, 32, 32))))
	id := tabtest.Must[int64](t)(f.db.AddImageJob(bg, store.ImageJobStart{Endpoint: store.ImageEdit, Model: "gamma/image-2.5-flare",
		Prompt: "add a red boat", Inputs: []store.ImageInput{{Role: "image", FileID: first.Files[0].ID}, {Role: "mask", Path: mask}}}))
	check(t, f.db.FinishImageJob(bg, id, store.ImageJobEnd{Err: context.Canceled}))
	return f.made(store.KindImage, id)
}

func (f *fixture) addVideo(t testing.TB) int64 {
	id := tabtest.Must[int64](t)(f.db.AddVideoTask(bg, store.VideoSubmission{RequestID: "rq-77a", Endpoint: "videob/o3/pro/text-to-video",
		BodyJSON:   json.RawMessage(`{"prompt":"the lighthouse beam sweeps through the fog","duration":5,"generate_audio":false}`),
		HTTPStatus: 200, ResponseJSON: json.RawMessage(`{"request_id":"rq-77a","status":"IN_QUEUE"}`)}))
	pos := 2
	tabtest.Must[bool](t)(f.db.RecordVideoStatus(bg, "rq-77a", store.VideoStatus{Status: "IN_QUEUE", QueuePosition: &pos}))
	tabtest.Must[bool](t)(f.db.RecordVideoStatus(bg, "rq-77a", store.VideoStatus{Status: "IN_PROGRESS",
		LogsJSON: json.RawMessage(`[{"message":"rendering frame 40/120"}]`)}))
	check(t, f.db.CompleteVideoTask(bg, "rq-77a", json.RawMessage(`{"video":{"url":"https://media.example.test/v.mp4"}}`), true))
	f.videoFile = tabtest.Must[string](t)(f.db.SaveMedia("vid", "mp4", strings.NewReader("not really an mp4")))
	check(t, f.db.SetVideoFile(bg, "rq-77a", f.videoFile, 17, true))
	return f.made(store.KindVideo, id)
}

func (f *fixture) addFailedVideo(t testing.TB) int64 {
	id := tabtest.Must[int64](t)(f.db.AddVideoTask(bg, store.VideoSubmission{RequestID: "rq-71f", Endpoint: "videoa/q3/turbo/text-to-video",
		BodyJSON: json.RawMessage(`{"prompt":"a storm over the sea"}`)}))
	check(t, f.db.FailVideoTask(bg, "rq-71f", json.RawMessage(`{"detail":"content policy: refused"}`)))
	return f.made(store.KindVideo, id)
}

// pinTimes gives each item made the time t0 + an hour per item, its
// messages and events a minute apart, through a connection of its own.
func (f *fixture) pinTimes(t testing.TB) {
	conn, err := sql.Open("sqlite", f.db.Path())
	check(t, err)
	defer conn.Close()
	for i, ref := range f.order {
		at := t0.Add(time.Duration(i) * time.Hour).UnixMilli()
		for _, q := range pinQueries[ref.Kind] {
			_, err := conn.Exec(q, at, ref.ID)
			check(t, err)
		}
	}
}

// pinQueries set an item's times; each takes the time and the item's id.
var pinQueries = map[store.Kind][]string{
	store.KindChat: convPins, store.KindCompare: convPins,
	store.KindImage: {
		`UPDATE image_jobs SET created_at = ?1, updated_at = ?1 + 4200 WHERE id = ?2`,
		`UPDATE image_files SET created_at = ?1 + 4000 WHERE job_id = ?2`,
	},
	store.KindVideo: {
		`UPDATE video_events SET at = ?1 + 30000 * (id - (SELECT min(id) FROM video_events WHERE task_id = ?2)) WHERE task_id = ?2`,
		`UPDATE video_tasks SET submitted_at = ?1, updated_at = ?1 + 123000,
			completed_at = CASE WHEN completed_at > 0 THEN ?1 + 123000 ELSE 0 END WHERE id = ?2`,
		`UPDATE calls SET started_at = ?1 WHERE video_task_id = ?2`,
	},
}

var convPins = []string{
	`UPDATE messages SET created_at = ?1 + 60000 * (id - (SELECT min(id) FROM messages WHERE conversation_id = ?2)),
		updated_at = ?1 + 60000 * (id - (SELECT min(id) FROM messages WHERE conversation_id = ?2)) WHERE conversation_id = ?2`,
	`UPDATE conversations SET created_at = ?1,
		updated_at = (SELECT max(created_at) FROM messages WHERE conversation_id = ?2) WHERE id = ?2`,
	`UPDATE calls SET started_at = (SELECT created_at FROM messages WHERE messages.id = calls.message_id)
		WHERE message_id IN (SELECT id FROM messages WHERE conversation_id = ?2)`,
}

// testPNG is a small gradient.
func testPNG(t testing.TB, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), 160, 255})
		}
	}
	return tabtest.EncodePNG(t, img)
}

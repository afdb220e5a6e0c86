package share

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"testing"
	"time"

	"atelier/batch"
	"atelier/client"
	"atelier/store"
	"atelier/store/record"
	"atelier/store/storetest"
)

// hostile is model output that tries every way out of a page: scripts,
// handlers, javascript: links, remote images, CSS url(), an SVG with a
// script, a frame, a form, a meta refresh, a base, a link stylesheet.
const hostile = "Here you go.\n\n<script>console.log('pwned-script')</script>\n\n" +
	"<img src=\"https://evil.example/x.png\" onerror=\"console.log('pwned-onerror')\">\n\n" +
	"[click me](javascript:console.log('pwned-link')) and <a href=\"javascript:alert(1)\">this</a>\n\n" +
	"![remote](https://evil.example/remote.png)\n\n" +
	"<div style=\"background:url(https://evil.example/css.png)\">styled</div>\n\n" +
	"<style>body{background:url(https://evil.example/style.png)}</style>\n\n" +
	"<svg onload=\"console.log('pwned-svg')\"><script>console.log('pwned-svg-script')</script><image href=\"https://evil.example/svg.png\"/></svg>\n\n" +
	"<iframe src=\"https://evil.example/frame\"></iframe><form action=\"https://evil.example/f\"><input name=q></form>\n\n" +
	"<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example/\"><base href=\"https://evil.example/\"><link rel=stylesheet href=\"https://evil.example/s.css\">\n\n" +
	"<object data=\"https://evil.example/o\"></object><video src=\"https://evil.example/v.mp4\" autoplay></video>\n\n" +
	"```go\nfunc main() { println(\"hi\") }\n```\n"

// fixture is a history with one of each kind a page shows.
type fixture struct {
	db            *store.Store
	compare, chat int64
	images        []int64 // two image jobs of one prompt, one picture each
	videos        []int64 // two video tasks, each with its file
	batch         int64
	names         []string // every target's name, family, model and setting value
	baseURL       string
}

var fixedNow = func() time.Time { return time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC) }

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	storetest.Seed(t, dir)
	db, err := store.OpenWith(dir, store.Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f := &fixture{db: db, baseURL: "https://gateway.secret-base.example"}
	targets := []client.ChatTarget{
		mustTarget(t, "alpha:claude-opus-zeta:temperature=0.25"),
		mustTarget(t, "beta:gemini-ultra-omega"),
	}
	f.names = []string{"alpha", "claude-opus-zeta", "0.25", "beta", "gemini-ultra-omega",
		"gamma", "gpt-image-kappa", "videob", "videob/kling-sigma", "videoa/veo-tau"}
	id, replies, err := record.BeginComparison(ctx, f.db, "Write a haiku about *tea*.", targets)
	if err != nil {
		t.Fatal(err)
	}
	f.compare = id
	texts := []string{hostile, "Steam rises slowly\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"}
	for i, r := range replies {
		res := &client.ChatResult{Text: texts[i], StopReason: "end_turn", Complete: true,
			FirstToken: 300 * time.Millisecond, Total: 2 * time.Second, Usage: client.ChatUsage{Input: 12, Output: 40}}
		if err := r.Add(client.ChatDelta{Kind: client.ChatTextDelta, Text: texts[i]}); err != nil {
			t.Fatal(err)
		}
		if err := r.Finish(res, nil, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.db.SetLane(ctx, store.Lane{ConversationID: id, Lane: 1, Family: "beta", Model: "gemini-ultra-omega",
		Rating: 4, Winner: true, Note: "crisper"}); err != nil {
		t.Fatal(err)
	}
	for i, colour := range []color.RGBA{{200, 40, 40, 255}, {40, 40, 200, 255}} {
		j, err := record.BeginImage(ctx, f.db, client.ImageRequest{Model: "gpt-image-kappa", Prompt: "a red fox",
			Size: "1024x1024", Quality: []string{"low", "high"}[i]}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp := &client.ImageResponse{Data: []client.ImageData{{B64JSON: pngB64(t, colour)}}}
		if _, _, err := j.Finish(ctx, resp, false, nil, time.Second); err != nil {
			t.Fatal(err)
		}
		f.images = append(f.images, j.ID())
	}
	for i, ep := range []string{"videob/kling-sigma", "videoa/veo-tau"} {
		rid := []string{"req-one", "req-two"}[i]
		vid, err := f.db.AddVideoTask(ctx, store.VideoSubmission{RequestID: rid, Endpoint: ep, Prompt: "a fox runs",
			BodyJSON: json.RawMessage(`{"prompt":"a fox runs"}`), StatusURL: f.baseURL + "/queue/status/" + rid,
			ResponseURL: f.baseURL + "/queue/response/" + rid})
		if err != nil {
			t.Fatal(err)
		}
		mf, err := f.db.CreateMedia("videos", "mp4")
		if err != nil {
			t.Fatal(err)
		}
		mf.Write([]byte("\x00\x00\x00\x18ftypmp42 not a real video"))
		rel, err := mf.Commit()
		if err != nil {
			t.Fatal(err)
		}
		if err := f.db.SetVideoFile(ctx, rid, rel, 30, true); err != nil {
			t.Fatal(err)
		}
		f.videos = append(f.videos, vid)
	}
	f.chat = f.chatItem(t)
	f.batch = f.batchItem(t)
	return f
}

func (f *fixture) chatItem(t *testing.T) int64 {
	ctx := context.Background()
	b, err := record.BeginChat(ctx, f.db, record.Send{Target: mustTarget(t, "alpha:claude-opus-zeta"), Prompt: "hello", WithPrompt: true, NewTurn: true, Turns: []client.ChatTurn{{Role: "user", Text: "hello"}}})
	if err != nil {
		t.Fatal(err)
	}
	text := "Hi! `code` and **bold**."
	if err := b.Reply.Add(client.ChatDelta{Kind: client.ChatTextDelta, Text: text}); err != nil {
		t.Fatal(err)
	}
	if err := b.Reply.Finish(&client.ChatResult{Text: text, Complete: true}, nil, false); err != nil {
		t.Fatal(err)
	}
	return b.ConversationID
}

func (f *fixture) batchItem(t *testing.T) int64 {
	ctx := context.Background()
	plan := batch.Plan{Name: "capitals", Targets: []string{"alpha:claude-opus-zeta", "beta:gemini-ultra-omega"}, Repeats: 1,
		Cases: []batch.Case{{Name: "france", Text: "Capital of France?"}}}
	pj, _ := json.Marshal(plan)
	cells := []store.CellKey{{Cell: 0, Case: 0, Target: 0}, {Cell: 1, Case: 0, Target: 1}}
	id, err := f.db.NewBatch(ctx, "capitals", "/home/someone/private/plan.toml", pj, cells)
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	for i, st := range []string{store.CellDone, store.CellFailed} {
		if err := f.db.StartCell(ctx, id, i, 0); err != nil {
			t.Fatal(err)
		}
		end := store.CellEnd{Status: st, Passed: &yes, Total: time.Second, FirstLine: "Paris"}
		if st == store.CellFailed {
			end = store.CellEnd{Status: st, Error: "HTTP 500"}
		}
		if err := f.db.FinishCell(ctx, id, i, end); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func mustTarget(t *testing.T, spec string) client.ChatTarget {
	t.Helper()
	tg, err := client.ParseChatTarget(spec)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

func pngB64(t *testing.T, c color.RGBA) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 160, 100))
	for y := range 100 {
		for x := range 160 {
			img.Set(x, y, color.RGBA{uint8(int(c.R) * x / 160), uint8(int(c.G) * y / 100), c.B, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// votes records blind chat votes among three targets, so that a board
// has its rows, intervals and pairs.
func (f *fixture) votes(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	names := []string{"alpha:claude-opus-zeta:temperature=0.25", "beta:gemini-ultra-omega", "alpha:claude-haiku-eta"}
	for i, verdict := range []string{"AB", "AB", "BA", "AB", "AB", "tie", "AB", "BA", "AB", "bad"} {
		a, b := names[i%3], names[(i+1)%3]
		v := store.Vote{Kind: store.VoteChat, ConversationID: f.compare, Turn: 0, Verdict: verdict, Blind: true,
			Targets: []store.VoteTarget{{Letter: "A", Lane: 0, Target: a}, {Letter: "B", Lane: 1, Target: b}}}
		if _, err := f.db.RecordVote(ctx, v); err != nil {
			t.Fatal(err)
		}
	}
}

// chatImage records an image job of another prompt than the fixture's
// two, and returns its id.
func (f *fixture) chatImage(t *testing.T) int64 {
	t.Helper()
	ctx := context.Background()
	j, err := record.BeginImage(ctx, f.db, client.ImageRequest{Model: "gpt-image-kappa", Prompt: "a blue whale"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp := &client.ImageResponse{Data: []client.ImageData{{B64JSON: pngB64(t, color.RGBA{0, 0, 200, 255})}}}
	if _, _, err := j.Finish(ctx, resp, false, nil, time.Second); err != nil {
		t.Fatal(err)
	}
	return j.ID()
}

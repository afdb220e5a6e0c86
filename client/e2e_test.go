package client_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
)

// The end-to-end suite: the real client against the simulator over real
// HTTP, so the demo and the client cannot drift from one contract.

var simKeys = client.Keys{Alpha: "ka", Beta: "kb", Gamma: "kg", Queue: "kq"}

func newSim(t *testing.T, opts sim.Options) *client.Client {
	t.Helper()
	opts.Keys = map[string]string{"alpha": simKeys.Alpha, "beta": simKeys.Beta, "gamma": simKeys.Gamma, "queue": simKeys.Queue}
	if opts.ValidateVideo == nil {
		opts.ValidateVideo = sim.TableRules
	}
	s := sim.New(opts)
	mux := http.NewServeMux()
	mux.Handle("/gw/", http.StripPrefix("/gw", s))
	srv := httptest.NewServer(mux)
	t.Cleanup(func() { srv.Close(); s.Close() })
	c, err := client.New(srv.URL+"/gw", simKeys)
	if err != nil {
		t.Fatal(err)
	}
	c.Backoff = func(int) time.Duration { return 0 }
	c.Sleep = func(context.Context, time.Duration) error { return nil }
	return c
}

var chatTargets = []client.ChatTarget{
	{Family: client.Alpha, Model: "sim-alpha"},
	{Family: client.Beta, Model: "sim-beta"},
	{Family: client.Gamma, Model: "sim-gamma"},
}

func userTurn(text string) []client.ChatTurn { return []client.ChatTurn{{Role: "user", Text: text}} }

// streamChat streams a chat to its end, failing the test on an error or a
// stream that ends without a result, and returns the text of its deltas
// and its result.
func streamChat(t *testing.T, ctx context.Context, c *client.Client, target client.ChatTarget, turns []client.ChatTurn) (string, *client.ChatResult) {
	t.Helper()
	var text strings.Builder
	var res *client.ChatResult
	for d, err := range c.StreamChat(ctx, target, turns) {
		if err != nil {
			t.Fatal(err)
		}
		switch d.Kind {
		case client.ChatTextDelta:
			text.WriteString(d.Text)
		case client.ChatDoneDelta:
			res = d.Result
		}
	}
	if res == nil {
		t.Fatal("the stream ended without a result")
	}
	return text.String(), res
}

func TestChatEveryProtocol(t *testing.T) {
	t.Parallel()
	c := newSim(t, sim.Options{})
	prompt := "explain tea ceremonies"
	want := sim.ReplyText(prompt)
	for _, target := range chatTargets {
		t.Run(string(target.Family)+"/stream", func(t *testing.T) {
			text, res := streamChat(t, context.Background(), c, target, userTurn(prompt))
			if text != want || res.Text != want {
				t.Fatalf("streamed text differs from the simulator's reply:\n%q\n%q", text, want)
			}
			if !res.Complete || res.Usage.Output == 0 || res.Usage.Input == 0 || res.StopReason == "" {
				t.Fatalf("result: %+v", res)
			}
			if len(res.Request) == 0 || len(res.Response) == 0 {
				t.Fatal("native request or response not kept")
			}
		})
		t.Run(string(target.Family)+"/whole", func(t *testing.T) {
			res, err := c.Chat(context.Background(), target, userTurn(prompt))
			if err != nil {
				t.Fatal(err)
			}
			if res.Text != want || !res.Complete {
				t.Fatalf("text %q complete %v", res.Text, res.Complete)
			}
		})
	}
}

func TestChatFeatures(t *testing.T) {
	t.Parallel()
	c := newSim(t, sim.Options{})
	for _, target := range chatTargets {
		t.Run(string(target.Family), func(t *testing.T) {
			// Each family's own way of asking for thinking.
			switch target.Family {
			case client.Alpha:
				target.Settings = client.ChatSettings{WebSearch: true, ThinkingBudget: 2048, Effort: "low"}
			case client.Beta:
				target.Settings = client.ChatSettings{WebSearch: true, ThinkingBudget: 2048}
			case client.Gamma:
				target.Settings = client.ChatSettings{WebSearch: true, Summary: "auto", Effort: "low"}
			}
			kinds := map[client.ChatDeltaKind]int{}
			var res *client.ChatResult
			for d, err := range c.StreamChat(context.Background(), target, userTurn("the weather in Lisbon")) {
				if err != nil {
					t.Fatal(err)
				}
				kinds[d.Kind]++
				res = d.Result
			}
			if kinds[client.ChatThinkingDelta] == 0 || res.Thinking == "" {
				t.Errorf("no thinking: %v", kinds)
			}
			if len(res.Sources) == 0 {
				t.Errorf("no sources from web search")
			}
			if len(res.Tools) == 0 {
				t.Errorf("no search call recorded")
			}
		})
	}
}

// TestChatMultiTurnEchoesNative sends a second turn after the first reply,
// with the native reply echoed back.
func TestChatMultiTurnEchoesNative(t *testing.T) {
	t.Parallel()
	c := newSim(t, sim.Options{})
	for _, target := range chatTargets {
		t.Run(string(target.Family), func(t *testing.T) {
			first, err := c.Chat(context.Background(), target, userTurn("first question"))
			if err != nil {
				t.Fatal(err)
			}
			turns := append(userTurn("first question"),
				client.ChatTurn{Role: "assistant", Text: first.Text, Native: first.Response, Family: target.Family},
				client.ChatTurn{Role: "user", Text: "second question"})
			second, err := c.Chat(context.Background(), target, turns)
			if err != nil {
				t.Fatal(err)
			}
			if second.Text != sim.ReplyText("second question") {
				t.Fatalf("second reply %q", second.Text)
			}
		})
	}
}

func TestChatFailures(t *testing.T) {
	t.Parallel()
	for _, target := range chatTargets {
		t.Run(string(target.Family), func(t *testing.T) {
			c := newSim(t, sim.Options{})
			// 429 once, then success.
			res, err := c.Chat(context.Background(), target, userTurn("hello [[fault:429x1]]"))
			if err != nil || res.Text == "" {
				t.Fatalf("429 then success: %v", err)
			}
			// A stream cut mid-way keeps what arrived.
			var got *client.ChatResult
			var streamErr error
			for d, err := range c.StreamChat(context.Background(), target, userTurn("hello [[long]] [[fault:cut]]")) {
				if d.Kind == client.ChatDoneDelta {
					got, streamErr = d.Result, err
				}
			}
			if streamErr == nil || got.Complete || got.Text == "" {
				t.Fatalf("cut: err %v complete %v text %d bytes", streamErr, got.Complete, len(got.Text))
			}
			// A 500 that persists is an *APIError after the retries.
			_, err = c.Chat(context.Background(), target, userTurn("x [[fault:500]]"))
			var ae *client.APIError
			if !errors.As(err, &ae) || ae.Status != 500 {
				t.Fatalf("500: %v", err)
			}
			// A wrong key is a 401.
			bad, _ := client.New(strings.TrimSuffix(c.BaseURL(), "/"), client.Keys{Alpha: "no", Beta: "no", Gamma: "no"})
			_, err = bad.Chat(context.Background(), target, userTurn("x"))
			if !errors.As(err, &ae) || ae.Status != 401 {
				t.Fatalf("401: %v", err)
			}
		})
	}
}

func TestImagesEndToEnd(t *testing.T) {
	t.Parallel()
	c := newSim(t, sim.Options{})
	ctx := context.Background()
	req := client.ImageRequest{Model: client.ImageModel25Flare, Prompt: "a lighthouse in fog", Size: "256x256"}
	resp, err := c.GenerateImages(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	imgs, err := resp.Images()
	if err != nil || len(imgs) != 1 {
		t.Fatalf("%d images, %v", len(imgs), err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(imgs[0].Bytes))
	if err != nil || cfg.Width != 256 || cfg.Height != 256 {
		t.Fatalf("png %dx%d, %v", cfg.Width, cfg.Height, err)
	}
	for _, multipart := range []bool{false, true} {
		edit := client.ImageEditRequest{ImageRequest: req, Images: []client.ImageInput{client.ImageFromFile("in.png", imgs[0].Bytes)}, Multipart: multipart}
		edit.Stream = true
		partials := 2
		edit.PartialImages = &partials
		var acc client.ImageAccumulator
		for ev, err := range c.StreamImageEdits(ctx, edit) {
			if err != nil {
				t.Fatalf("multipart=%v: %v", multipart, err)
			}
			if err := acc.Add(ev); err != nil {
				t.Fatal(err)
			}
		}
		if _, ok := acc.LatestPartial(); !ok || len(acc.Final()) != 1 || !acc.Done() {
			t.Fatalf("multipart=%v: partial/final images missing", multipart)
		}
	}
}

func TestVideoEveryEndpointToDownload(t *testing.T) {
	t.Parallel()
	c := newSim(t, sim.Options{})
	ctx := context.Background()
	for _, e := range client.VideoEndpoints() {
		mode := ""
		if len(e.Modes) > 0 {
			mode = e.Modes[0]
		}
		path := e.PathFor(mode)
		t.Run(path, func(t *testing.T) {
			task, err := c.SubmitVideo(ctx, client.VideoRequest{Path: path, Body: simtest.VideoBody(e, "a lighthouse beam sweeping through fog")})
			if err != nil {
				t.Fatal(err)
			}
			if task.Status != client.VideoInQueue || task.RequestID == "" {
				t.Fatalf("handle %+v", task)
			}
			st, err := c.VideoStatus(ctx, task)
			if err != nil || !st.Terminal() || st.Failure() != nil {
				t.Fatalf("status %+v, %v", st, err)
			}
			res, err := c.VideoResult(ctx, st)
			if err != nil || len(res.Files()) == 0 {
				t.Fatalf("result %+v, %v", res, err)
			}
			var buf bytes.Buffer
			n, ctype, err := c.Download(ctx, res.Files()[0].URL, &buf, 10<<20)
			if err != nil || n == 0 || ctype != "video/mp4" || !bytes.Contains(buf.Bytes()[:16], []byte("ftyp")) {
				t.Fatalf("download %d bytes %q: %v", n, ctype, err)
			}
		})
	}
}

func TestVideoFailureAndValidation(t *testing.T) {
	t.Parallel()
	c := newSim(t, sim.Options{})
	ctx := context.Background()
	task, err := c.SubmitVideo(ctx, client.VideoRequest{Path: "videoc3.1/fast", Body: map[string]any{"prompt": "x [[fail]]"}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := c.VideoStatus(ctx, task)
	if err != nil || st.Failure() == nil {
		t.Fatalf("want a failed task, got %+v, %v", st, err)
	}
	// The client refuses before sending; the simulator refuses what slips by.
	_, err = c.SubmitVideo(ctx, client.VideoRequest{Path: "videob/o3/pro/text-to-video", Body: map[string]any{"prompt": "x", "duration": 99}})
	if len(client.Violations(err)) == 0 {
		t.Fatalf("want a validation error, got %v", err)
	}
}

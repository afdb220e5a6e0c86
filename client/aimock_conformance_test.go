//go:build conformance

package client_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"atelier/client"
)

// The client checked against a mock nobody here wrote: @copilotkit/aimock
// (pinned in testdata/conformance/package-lock.json), a third-party mock of
// the chat protocols and of the video queue. Its routes are the upstream
// services' own, so a small proxy in the test maps the interface's paths
// onto them, as the real gateway does. The fixtures are aimock's own format,
// in testdata/conformance/aimock-fixtures.json; run.sh runs this test.

var aimockKeys = client.Keys{Alpha: "am-ka", Beta: "am-kb", Gamma: "am-kg", Queue: "am-kq"}

const aimockDir = "../testdata/conformance"

// aimockQueueHost is the x-fal-target-host value under which aimock serves
// its emulation of the queue protocol (dist/fal.js, FAL_HOSTS.queue); the
// queue URLs it hands out are on that host.
const aimockQueueHost = "queue.fal.run"

// aimockRoute maps one interface path prefix to aimock's route. aimock's
// routes are its API and carry the upstream protocols' own paths; the
// neutral names stay on the interface side. credential is the header the
// interface wants for the group (Authorization values include the scheme),
// and forward is the header aimock reads it from.
type aimockRoute struct {
	group      client.Group
	from, to   string
	credential string
	forward    string
}

var aimockRoutes = []aimockRoute{
	{client.Alpha, "/bypass/alpha/v1/messages", "/v1/messages", "X-Api-Key", "X-Api-Key"},
	// aimock serves this protocol under its beta version path only, and
	// reads the key from the protocol's own header.
	{client.Beta, "/bypass/beta/v1/models/", "/v1beta/models/", "X-Beta-Api-Key", "X-Goog-Api-Key"},
	{client.Gamma, "/bypass/gamma/v1/responses", "/v1/responses", "Authorization", "Authorization"},
	// The queue: /queue/qv/<app>/... is aimock's /fal/qv/<app>/... with the
	// target host header, "qv" standing as the owner part of an app id.
	{client.Queue, "/queue/qv/", "/fal/qv/", "Authorization", "Authorization"},
}

// aimockQueueURL matches a queue URL aimock hands out:
// https://queue.fal.run/qv/<model path>/requests/<id>[/status|/cancel].
var aimockQueueURL = regexp.MustCompile(`https://` + regexp.QuoteMeta(aimockQueueHost) + `/qv/([^/"]+)(?:/[^"]*?)?/requests/([^/"?]+)(/status|/cancel)?`)

func TestConformanceAimock(t *testing.T) {
	t.Parallel()
	fx := aimockReadFixtures(t)
	mock := aimockStart(t)
	px := &aimockProxy{target: mock}
	srv := httptest.NewServer(px)
	px.self = srv.URL
	t.Cleanup(func() {
		srv.Close()
		if t.Failed() {
			t.Logf("proxy log:\n%s", strings.Join(px.seen(), "\n"))
		}
	})

	c, err := client.New(srv.URL, aimockKeys)
	if err != nil {
		t.Fatal(err)
	}
	c.MaxRetries = 0 // a mock does not fail by chance: show the first error
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()

	for _, fam := range []client.Group{client.Alpha, client.Beta, client.Gamma} {
		prompt := "conformance question for " + string(fam)
		want := fx.chat[prompt]
		if want == "" {
			t.Fatalf("aimock-fixtures.json has no reply for %q", prompt)
		}
		target := client.ChatTarget{Family: fam, Model: "conformance-" + string(fam)}
		turns := []client.ChatTurn{{Role: "user", Text: prompt}}
		t.Run(string(fam)+"/stream", func(t *testing.T) {
			deltas, res := streamChat(t, ctx, c, target, turns)
			if deltas != want || res.Text != want {
				t.Errorf("text differs from the fixture:\ndeltas %q\nresult %q\nwant   %q", deltas, res.Text, want)
			}
			if !res.Complete {
				t.Errorf("the stream is not complete: stop %q", res.StopReason)
			}
		})
		t.Run(string(fam)+"/whole", func(t *testing.T) {
			res, err := c.Chat(ctx, target, turns)
			if err != nil {
				t.Fatal(err)
			}
			if res.Text != want || !res.Complete {
				t.Errorf("text %q (complete %v), want %q", res.Text, res.Complete, want)
			}
		})
	}

	for _, path := range []string{"videoa/q1/text-to-video", "videoc3.1/fast"} {
		t.Run("video/"+path, func(t *testing.T) {
			want := fx.video["qv/"+path]
			if want == "" {
				t.Fatalf("aimock-fixtures.json has no video for qv/%s", path)
			}
			aimockVideo(t, ctx, c, srv.URL, path, want)
		})
	}
}

// aimockVideo submits a task, polls it to its end and reads its result.
// aimock's queue counts status polls, not time: with AIMOCK_POLLS 2,4 a
// task is IN_QUEUE at the first poll, IN_PROGRESS at the second and
// COMPLETED at the fourth (dist/fal.js advanceJob), so a bounded loop sees
// the whole lifecycle without waiting.
func aimockVideo(t *testing.T, ctx context.Context, c *client.Client, base, path, wantURL string) {
	task, err := c.SubmitVideo(ctx, client.VideoRequest{Path: path, Body: map[string]any{"prompt": "a lighthouse beam sweeping through fog"}})
	if err != nil {
		t.Fatal(err)
	}
	family, _, _ := strings.Cut(path, "/")
	wantStatus := base + "/queue/qv/" + family + "/requests/" + task.RequestID + "/status"
	if task.RequestID == "" || task.StatusURL != wantStatus {
		t.Fatalf("handle: request_id %q status_url %q, want %q", task.RequestID, task.StatusURL, wantStatus)
	}
	var statuses []string
	for range 10 {
		st, err := c.VideoStatus(ctx, task)
		if err != nil {
			t.Fatal(err)
		}
		statuses = append(statuses, st.Status)
		if len(st.Logs) == 0 {
			t.Errorf("status %s without logs: %s", st.Status, st.Raw)
		}
		task = st
		if task.Terminal() {
			break
		}
	}
	if !task.Terminal() || task.Failure() != nil {
		t.Fatalf("after %v: terminal %v, failure %v", statuses, task.Terminal(), task.Failure())
	}
	if seq := strings.Join(statuses, " "); !strings.HasPrefix(seq, client.VideoInQueue+" ") || !strings.Contains(seq, client.VideoInProgress) {
		t.Errorf("statuses %v: want IN_QUEUE, then IN_PROGRESS, then COMPLETED", statuses)
	}
	res, err := c.VideoResult(ctx, task)
	if err != nil {
		t.Fatal(err)
	}
	files := res.Files()
	if len(files) != 1 || files[0].URL != wantURL || files[0].ContentType != "video/mp4" {
		t.Fatalf("files %+v, want one video/mp4 at %s", files, wantURL)
	}
}

// aimockFixtures are the replies the fixture file promises: chat text by
// prompt, video URL by model path.
type aimockFixtures struct {
	chat, video map[string]string
}

func aimockReadFixtures(t *testing.T) aimockFixtures {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(aimockDir, "aimock-fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Fixtures []struct {
			Match struct {
				UserMessage string `json:"userMessage"`
				Model       string `json:"model"`
			} `json:"match"`
			Response struct {
				Content string `json:"content"`
				JSON    struct {
					Video struct {
						URL string `json:"url"`
					} `json:"video"`
				} `json:"json"`
			} `json:"response"`
		} `json:"fixtures"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	fx := aimockFixtures{chat: map[string]string{}, video: map[string]string{}}
	for _, f := range file.Fixtures {
		if f.Match.UserMessage != "" {
			fx.chat[f.Match.UserMessage] = f.Response.Content
		}
		if f.Match.Model != "" {
			fx.video[f.Match.Model] = f.Response.JSON.Video.URL
		}
	}
	return fx
}

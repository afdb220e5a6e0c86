package client

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// videoStatusServer serves a task's status from a list of (code, body)
// pairs, one per poll (the last repeats), and its result from result.
type videoStatusServer struct {
	polls       []videoReply
	result      videoReply
	n, results  atomic.Int32
	badRequests atomic.Int32
}

type videoReply struct {
	code int
	body string
}

func (s *videoStatusServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ok := r.Method == http.MethodGet && r.Header.Get("Authorization") == "Key "+testKeys.Queue
	var rep videoReply
	switch {
	case strings.HasSuffix(r.URL.Path, "/status"):
		ok = ok && r.URL.Query().Get("logs") == "1"
		i := int(s.n.Add(1)) - 1
		rep = s.polls[min(i, len(s.polls)-1)]
	default:
		s.results.Add(1)
		rep = s.result
	}
	if !ok {
		s.badRequests.Add(1)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rep.code)
	io.WriteString(w, rep.body)
}

func TestVideoStatusLifecycle(t *testing.T) {
	t.Parallel()
	s := &videoStatusServer{
		polls: []videoReply{
			{202, `{"status":"IN_QUEUE","request_id":"rq-1","queue_position":3}`},
			{202, `{"status":"IN_PROGRESS","request_id":"rq-1","logs":[{"message":"frame 40/120","level":"INFO","source":"USER","timestamp":"2026-11-21T12:00:00Z"},{"message":"warn","level":"STDERR"}]}`},
			{200, `{"status":"COMPLETED","request_id":"rq-1","logs":[],"metrics":{"inference_time":12.5}}`},
		},
		result: videoReply{200, `{"video":{"url":"https://media.example/out.mp4","content_type":"video/mp4","file_name":"out.mp4","file_size":5123456}}`},
	}
	c, srv := newTestClient(t, s)
	task := &VideoTask{RequestID: "rq-1", StatusURL: srv.URL + basePath + "/queue/qv/videoa/requests/rq-1/status",
		ResponseURL: srv.URL + basePath + "/queue/qv/videoa/requests/rq-1", Family: "videoa"}

	st, err := c.VideoStatus(t.Context(), task)
	if err != nil || st.Status != VideoInQueue || st.QueuePosition == nil || *st.QueuePosition != 3 || st.Terminal() {
		t.Fatalf("queued: %+v %v", st, err)
	}
	if st.StatusURL != task.StatusURL || st.ResponseURL != task.ResponseURL || st.Family != "videoa" {
		t.Errorf("URLs not carried over: %+v", st)
	}
	st, err = c.VideoStatus(t.Context(), st)
	if err != nil || st.Status != VideoInProgress || len(st.Logs) != 2 || st.Terminal() || st.Failure() != nil {
		t.Fatalf("running: %+v %v", st, err)
	}
	want := VideoLog{Message: "frame 40/120", Level: "INFO", Source: "USER", Timestamp: "2026-11-21T12:00:00Z"}
	if st.Logs[0] != want || st.Logs[1].Level != "STDERR" {
		t.Errorf("logs %+v", st.Logs)
	}
	st, err = c.VideoStatus(t.Context(), st)
	if err != nil || st.Status != VideoCompleted || !st.Terminal() || st.Failure() != nil {
		t.Fatalf("completed: %+v %v", st, err)
	}
	if string(st.Metrics) != `{"inference_time":12.5}` || !strings.Contains(string(st.Raw), "inference_time") {
		t.Errorf("metrics %s raw %s", st.Metrics, st.Raw)
	}
	res, err := c.VideoResult(t.Context(), st)
	if err != nil || res.Video == nil {
		t.Fatalf("result: %+v %v", res, err)
	}
	if f := *res.Video; f.URL != "https://media.example/out.mp4" || f.ContentType != "video/mp4" || f.FileName != "out.mp4" || f.FileSize != 5123456 {
		t.Errorf("video %+v", f)
	}
	if len(res.Files()) != 1 || string(res.Raw) != s.result.body {
		t.Errorf("files %v raw %s", res.Files(), res.Raw)
	}
	if s.badRequests.Load() != 0 {
		t.Errorf("%d requests without GET, credential or logs=1", s.badRequests.Load())
	}
}

// TestVideoStatusWords checks unknown words, failures and the forms of
// logs and detail.
func TestVideoStatusWords(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body       string
		status           string
		terminal         bool
		failType, failIn string // failIn: text the failure message holds; "" = no failure
		logs             int
	}{
		{"unknown word kept", `{"status":"PAUSED","request_id":"r"}`, "PAUSED", false, "", "", 0},
		{"failed word", `{"status":"FAILED","request_id":"r"}`, "FAILED", true, "", "FAILED", 0},
		{"cancelled word", `{"status":"CANCELLED"}`, "CANCELLED", true, "", "CANCELLED", 0},
		{"error and error_type", `{"status":"COMPLETED","error":"runner died","error_type":"runner_disconnected"}`,
			"COMPLETED", true, "runner_disconnected", "runner died", 0},
		{"form C detail string", `{"status":"COMPLETED","result":null,"detail":"content policy"}`, "COMPLETED", true, "", "content policy", 0},
		{"form C detail object", `{"status":"COMPLETED","detail":{"message":"blocked","type":"content_policy_violation"}}`,
			"COMPLETED", true, "content_policy_violation", "blocked", 0},
		{"form C detail list", `{"status":"COMPLETED","detail":[{"loc":["body","prompt"],"msg":"too long","type":"string_too_long"}]}`,
			"COMPLETED", true, "string_too_long", "body.prompt: too long", 0},
		{"form C success", `{"status":"COMPLETED","detail":null,"result":{"video":{"url":"u"}},"logs":{"message":"done"}}`,
			"COMPLETED", true, "", "", 1},
		{"empty detail is no failure", `{"status":"COMPLETED","detail":{}}`, "COMPLETED", true, "", "", 0},
		{"progress detail is no failure", `{"status":"IN_PROGRESS","detail":{"progress":0.4},"logs":{"step":3}}`,
			"IN_PROGRESS", false, "", "", 1},
		{"logs null", `{"status":"IN_QUEUE","logs":null}`, "IN_QUEUE", false, "", "", 0},
		{"logs of strings", `{"status":"IN_PROGRESS","logs":["a",{"message":"b"},null,7]}`, "IN_PROGRESS", false, "", "", 3},
		{"mistyped fields", `{"status":"IN_QUEUE","queue_position":"2","request_id":42,"logs":"text"}`, "IN_QUEUE", false, "", "", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := &videoStatusServer{polls: []videoReply{{200, tc.body}}}
			c, _ := newTestClient(t, s)
			st, err := c.VideoStatus(t.Context(), &VideoTask{StatusURL: "/queue/qv/videoc3.1/requests/r/status", RequestID: "r"})
			if err != nil {
				t.Fatal(err)
			}
			if st.Status != tc.status || st.Terminal() != tc.terminal || len(st.Logs) != tc.logs {
				t.Errorf("status %q terminal %v logs %+v", st.Status, st.Terminal(), st.Logs)
			}
			if out := st.Output(); (out != nil) != strings.Contains(tc.body, `"result":{"video"`) {
				t.Errorf("output %+v", out)
			}
			f := st.Failure()
			switch {
			case tc.failIn == "" && f != nil:
				t.Errorf("unexpected failure %v", f)
			case tc.failIn != "" && (f == nil || !strings.Contains(f.Message, tc.failIn) || f.Type != tc.failType || f.RequestID != "r"):
				t.Errorf("failure %+v, want type %q message with %q", f, tc.failType, tc.failIn)
			}
		})
	}
}

func TestVideoStatusForeignOrigin(t *testing.T) {
	t.Parallel()
	var foreign atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		foreign.Add(1)
		t.Errorf("request reached the foreign server: %s %s (Authorization %q)", r.Method, r.URL, r.Header.Get("Authorization"))
	}))
	defer other.Close()
	s := &videoStatusServer{polls: []videoReply{{200, `{}`}}}
	c, _ := newTestClient(t, s)
	task := &VideoTask{RequestID: "r", StatusURL: other.URL + "/queue/qv/videoa/requests/r/status",
		ResponseURL: other.URL + "/queue/qv/videoa/requests/r"}
	if _, err := c.VideoStatus(t.Context(), task); !errors.Is(err, ErrForeignOrigin) {
		t.Errorf("status: %v", err)
	}
	if _, err := c.VideoResult(t.Context(), task); !errors.Is(err, ErrForeignOrigin) {
		t.Errorf("result: %v", err)
	}
	if foreign.Load() != 0 || s.n.Load() != 0 {
		t.Errorf("requests sent: foreign %d, base %d", foreign.Load(), s.n.Load())
	}
}

// TestVideoStatusWithoutURLs follows a handle whose reply left out the
// URLs, by the interface's path shape for the family.
func TestVideoStatusWithoutURLs(t *testing.T) {
	t.Parallel()
	paths := make(chan string, 2)
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paths <- r.URL.Path
		io.WriteString(w, `{"status":"COMPLETED","result":{"video":{"url":"https://media.example/v.mp4"}}}`)
	}))
	task := &VideoTask{RequestID: "rq-7", Family: "videoc3.1"}
	st, err := c.VideoStatus(t.Context(), task)
	if err != nil || <-paths != "/queue/qv/videoc3.1/requests/rq-7/status" || st.RequestID != "rq-7" {
		t.Fatalf("status: %+v %v", st, err)
	}
	res, err := c.VideoResult(t.Context(), st)
	if err != nil || <-paths != "/queue/qv/videoc3.1/requests/rq-7" || res.Video == nil {
		t.Fatalf("result: %+v %v", res, err)
	}
	if _, err := c.VideoStatus(t.Context(), &VideoTask{}); err == nil {
		t.Error("a handle with nothing to follow was accepted")
	}
}

func TestVideoResultShapes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body string
		video      string
		images     int
	}{
		{"model output", `{"video":{"url":"https://m.example/a.mp4"}}`, "https://m.example/a.mp4", 0},
		{"form C video", `{"status":"COMPLETED","result":{"video":{"url":"https://m.example/b.mp4","file_size":"12"}},"detail":null}`,
			"https://m.example/b.mp4", 0},
		{"form C images", `{"result":{"images":[{"url":"https://m.example/1.png"},"https://m.example/2.png",{"nope":1}]}}`, "", 2},
		{"bare URL", `{"video":"https://m.example/c.mp4"}`, "https://m.example/c.mp4", 0},
		{"nothing known", `{"output":"elsewhere"}`, "", 0},
	}
	for _, tc := range cases {
		s := &videoStatusServer{result: videoReply{200, tc.body}}
		c, _ := newTestClient(t, s)
		res, err := c.VideoResult(t.Context(), &VideoTask{ResponseURL: "/queue/qv/videoa/requests/r"})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		gotVideo := ""
		if res.Video != nil {
			gotVideo = res.Video.URL
		}
		if gotVideo != tc.video || len(res.Images) != tc.images || string(res.Raw) != tc.body {
			t.Errorf("%s: video %q images %v", tc.name, gotVideo, res.Images)
		}
	}
}

func TestVideoResultFailures(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		reply     videoReply
		task      bool   // a *TaskError is expected
		api       int    // the *APIError status expected, 0 = none
		typ, text string // the TaskError's type and a piece of its message
		requests  int32
	}{
		{"422 detail list", videoReply{422, `{"detail":[{"loc":["body","prompt"],"msg":"flagged","type":"content_policy_violation"}]}`},
			true, 422, "content_policy_violation", "flagged", 1},
		{"504 detail and error_type", videoReply{504, `{"detail":"Request timed out","error_type":"request_timeout"}`},
			true, 504, "request_timeout", "Request timed out", 3},
		{"400 detail string", videoReply{400, `{"detail":"image too small"}`}, true, 400, "", "image too small", 1},
		{"2xx form C detail", videoReply{200, `{"status":"COMPLETED","result":null,"detail":"moderation"}`},
			true, 0, "", "moderation", 1},
		{"2xx error only", videoReply{200, `{"error":"boom","error_type":"internal"}`}, true, 0, "internal", "boom", 1},
		{"401 is not the task's", videoReply{401, `{"detail":"bad key"}`}, false, 401, "", "", 1},
		{"429 is not the task's", videoReply{429, `{"detail":"slow down"}`}, false, 429, "", "", 3},
		{"500 without error_type", videoReply{500, `{"detail":"oops"}`}, false, 500, "", "", 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := &videoStatusServer{result: tc.reply}
			c, _ := newTestClient(t, s)
			res, err := c.VideoResult(t.Context(), &VideoTask{RequestID: "rq-3", ResponseURL: "/queue/qv/videob/requests/rq-3"})
			if res != nil || err == nil {
				t.Fatalf("result %+v err %v", res, err)
			}
			var te *TaskError
			var ae *APIError
			if errors.As(err, &te) != tc.task {
				t.Errorf("TaskError: %v", err)
			}
			if tc.task && (te.RequestID != "rq-3" || te.Type != tc.typ || !strings.Contains(te.Message, tc.text)) {
				t.Errorf("task error %+v", te)
			}
			if got := errors.As(err, &ae); got != (tc.api != 0) || (got && ae.Status != tc.api) {
				t.Errorf("APIError: %v", err)
			}
			if s.results.Load() != tc.requests {
				t.Errorf("%d requests, want %d", s.results.Load(), tc.requests)
			}
			if !strings.HasPrefix(err.Error(), "video result: ") || strings.Contains(err.Error(), testKeys.Queue) {
				t.Errorf("error text %q", err)
			}
		})
	}
}

func TestVideoResultUnreadable(t *testing.T) {
	t.Parallel()
	for _, body := range []string{`not json`, `null`, `[1]`} {
		s := &videoStatusServer{result: videoReply{200, body}}
		c, _ := newTestClient(t, s)
		if _, err := c.VideoResult(t.Context(), &VideoTask{ResponseURL: "/queue/qv/videoa/requests/r"}); err == nil {
			t.Errorf("%s: no error", body)
		}
	}
	var task VideoTask
	if err := json.Unmarshal([]byte(`null`), &task); err == nil {
		t.Error("null task decoded")
	}
}

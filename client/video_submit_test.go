package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
)

// videoReplyJSON writes a creation reply of form f, as the interface shows
// each: A with an empty cancel_url, A2 with logs null, B with logs [], C
// with result and detail null.
func videoReplyJSON(f VideoReplyForm, base, family, id string) string {
	res := base + "/queue/qv/" + family + "/requests/" + id
	head := fmt.Sprintf(`"status":"IN_QUEUE","request_id":%q,"response_url":%q,"status_url":%q`, id, res, res+"/status")
	switch f {
	case VideoFormA:
		return `{` + head + `,"cancel_url":""}`
	case VideoFormA2:
		return `{` + head + `,"queue_position":0,"logs":null}`
	case VideoFormB:
		return `{` + head + `,"queue_position":0,"logs":[]}`
	default:
		return `{` + head + `,"cancel_url":"","logs":null,"metrics":{},"queue_position":0,"result":null,"detail":null}`
	}
}

// videoSeen is one request as the test server received it.
type videoSeen struct {
	method, path, auth, contentType string
	query                           url.Values
	body                            []byte
}

func videoRecord(r *http.Request) videoSeen {
	b, _ := io.ReadAll(r.Body)
	return videoSeen{method: r.Method, path: r.URL.Path, auth: r.Header.Get("Authorization"),
		contentType: r.Header.Get("Content-Type"), query: r.URL.Query(), body: b}
}

// TestSubmitVideoEveryEndpoint submits a minimal body to each endpoint, in
// each of its modes, and checks what reached the wire and how the reply of
// the endpoint's form decoded.
func TestSubmitVideoEveryEndpoint(t *testing.T) {
	t.Parallel()
	forms := map[string]VideoReplyForm{}
	families := map[string]string{}
	for _, e := range VideoEndpoints() {
		for _, m := range videoModesOf(e) {
			forms[e.URLPath(m)] = e.Reply
			families[e.URLPath(m)] = e.Family
		}
	}
	seen := make(chan videoSeen, 1)
	var base string
	c, srv := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s := videoRecord(r)
		seen <- s
		form, ok := forms[r.URL.Path]
		if !ok {
			http.Error(w, `{"detail":"not found"}`, http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, videoReplyJSON(form, base, families[r.URL.Path], "rq-"+fmt.Sprint(len(s.body))))
	}))
	base = srv.URL + basePath
	n := 0
	for _, e := range VideoEndpoints() {
		for _, mode := range videoModesOf(e) {
			n++
			hook := ""
			if e.Webhook && n%2 == 1 {
				hook = "https://hooks.example/done?x=1"
			}
			body := videoMinimal[e.Path]
			task, err := c.SubmitVideo(t.Context(), VideoRequest{Path: e.PathFor(mode), Body: body, Webhook: hook})
			if err != nil {
				t.Fatalf("%s (%s): %v", e.Path, mode, err)
			}
			s := <-seen
			want := "/queue/qv/" + strings.Replace(e.Path, "{mode}", mode, 1)
			if s.method != http.MethodPost || s.path != want {
				t.Errorf("sent %s %s, want POST %s", s.method, s.path, want)
			}
			if s.auth != "Key "+testKeys.Queue || s.contentType != "application/json" {
				t.Errorf("%s: auth %q content type %q", want, s.auth, s.contentType)
			}
			if got := s.query["queue_webhook"]; (hook == "" && got != nil) || (hook != "" && (len(got) != 1 || got[0] != hook)) {
				t.Errorf("%s: queue_webhook %q, want %q", want, got, hook)
			}
			var sent map[string]any
			if err := json.Unmarshal(s.body, &sent); err != nil || !reflect.DeepEqual(sent, body) {
				t.Errorf("%s: body %s, want %v", want, s.body, body)
			}
			videoCheckCreated(t, task, e, mode, base)
		}
	}
	if n != 26 {
		t.Errorf("%d submissions, want 26 (videob in each of its 3 modes)", n)
	}
}

func videoCheckCreated(t *testing.T, task *VideoTask, e VideoEndpoint, mode, base string) {
	t.Helper()
	if task.Status != VideoInQueue || !strings.HasPrefix(task.RequestID, "rq-") || task.Terminal() || task.Failure() != nil {
		t.Errorf("%s: task %+v", e.Path, task)
	}
	if want := base + "/queue/qv/" + e.Family + "/requests/" + task.RequestID; task.ResponseURL != want || task.StatusURL != want+"/status" {
		t.Errorf("%s: URLs %q %q", e.Path, task.ResponseURL, task.StatusURL)
	}
	if (task.QueuePosition != nil) != (e.Reply != VideoFormA) || (task.QueuePosition != nil && *task.QueuePosition != 0) {
		t.Errorf("%s: queue position %v", e.Path, task.QueuePosition)
	}
	if len(task.Logs) != 0 || task.Result != nil || task.Detail != nil || task.CancelURL != "" {
		t.Errorf("%s: logs %v result %s detail %s", e.Path, task.Logs, task.Result, task.Detail)
	}
	if task.Family != e.Family || task.Endpoint != e.PathFor(mode) || !json.Valid(task.Raw) {
		t.Errorf("%s: family %q endpoint %q raw %s", e.Path, task.Family, task.Endpoint, task.Raw)
	}
	if e.Reply == VideoFormC && string(task.Metrics) != "{}" {
		t.Errorf("%s: metrics %s", e.Path, task.Metrics)
	}
}

// videoCounting serves status codes in turn (the last one repeats) and
// counts the requests.
func videoCounting(t *testing.T, codes ...int) (*Client, *atomic.Int32) {
	var n atomic.Int32
	c, srv := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		code := codes[min(i, len(codes)-1)]
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		if code >= 300 {
			io.WriteString(w, `{"detail":"try later","error_type":"runner_scheduling_failure"}`)
			return
		}
		io.WriteString(w, videoReplyJSON(VideoFormA, "", "videoa", "rq-1"))
	}))
	_ = srv
	return c, &n
}

func TestSubmitVideoRetries(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		codes    []int
		requests int32
		status   int // the APIError status, 0 for success
	}{
		{"429 then created", []int{429, 200}, 2, 0},
		{"429 until retries run out", []int{429}, 3, 429},
		{"500 not retried: a task may exist", []int{500, 200}, 1, 500},
		{"503 not retried", []int{503, 200}, 1, 503},
		{"529 not retried", []int{529, 200}, 1, 529},
		{"408 not retried", []int{408, 200}, 1, 408},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, n := videoCounting(t, tc.codes...)
			task, err := c.SubmitVideo(t.Context(), VideoRequest{Path: vQ1T2V, Body: videoMinimal[vQ1T2V]})
			if got := n.Load(); got != tc.requests {
				t.Errorf("%d requests, want %d", got, tc.requests)
			}
			var ae *APIError
			switch {
			case tc.status == 0 && (err != nil || task.RequestID != "rq-1"):
				t.Errorf("task %v err %v", task, err)
			case tc.status != 0 && (!errors.As(err, &ae) || ae.Status != tc.status || ae.Group != Queue):
				t.Errorf("err %v, want APIError %d", err, tc.status)
			}
		})
	}
}

// videoTransport fails the first `fail` round trips with err, then passes
// them on; it counts every attempt.
type videoTransport struct {
	fail  int32
	err   error
	calls atomic.Int32
	next  http.RoundTripper
}

func (v *videoTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if v.calls.Add(1) <= v.fail {
		return nil, v.err
	}
	return v.next.RoundTrip(r)
}

func TestSubmitVideoConnectionFailures(t *testing.T) {
	t.Parallel()
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	reset := &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}
	c, n := videoCounting(t, 200)
	tr := &videoTransport{fail: 1, err: refused, next: http.DefaultTransport}
	c.HTTP = &http.Client{Transport: tr}
	if _, err := c.SubmitVideo(t.Context(), VideoRequest{Path: vCT2V, Body: videoMinimal[vCT2V]}); err != nil {
		t.Fatalf("refused once then served: %v", err)
	}
	if tr.calls.Load() != 2 || n.Load() != 1 {
		t.Errorf("refused: %d attempts, %d served; want 2 and 1", tr.calls.Load(), n.Load())
	}

	tr = &videoTransport{fail: 1, err: reset, next: http.DefaultTransport}
	c.HTTP = &http.Client{Transport: tr}
	_, err := c.SubmitVideo(t.Context(), VideoRequest{Path: vCT2V, Body: videoMinimal[vCT2V]})
	if err == nil || tr.calls.Load() != 1 {
		t.Errorf("reset after sending: err %v after %d attempts; want an error after 1", err, tr.calls.Load())
	}

	// A real refused connection: a port nobody listens on any more.
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	c2, err := New(dead.URL, testKeys)
	if err != nil {
		t.Fatal(err)
	}
	c2.Backoff = c.Backoff
	tr = &videoTransport{next: http.DefaultTransport}
	c2.HTTP = &http.Client{Transport: tr}
	_, err = c2.SubmitVideo(t.Context(), VideoRequest{Path: vCT2V, Body: videoMinimal[vCT2V]})
	if err == nil || tr.calls.Load() != 3 {
		t.Errorf("dead port: err %v after %d attempts; want 3", err, tr.calls.Load())
	}
	if err != nil && strings.Contains(err.Error(), testKeys.Queue) {
		t.Errorf("key in error: %v", err)
	}
}

func TestSubmitVideoReplyProblems(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, reply, want string }{
		{"not JSON", `<html>ok</html>`, "may have been created"},
		{"no task named", `{"status":"IN_QUEUE"}`, "names no task"},
	}
	for _, tc := range cases {
		c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, tc.reply)
		}))
		_, err := c.SubmitVideo(t.Context(), VideoRequest{Path: vQ3T2V, Body: videoMinimal[vQ3T2V]})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

func TestSubmitVideoLoopbackWebhook(t *testing.T) {
	t.Parallel()
	seen := make(chan videoSeen, 1)
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen <- videoRecord(r)
		io.WriteString(w, videoReplyJSON(VideoFormB, "", "videob", "rq-9"))
	}))
	hook := "http://127.0.0.1:9/hook"
	body := map[string]any{"prompt": "x", "duration": 10, "extra_field": []string{"kept"}}
	if _, err := c.SubmitVideo(t.Context(), VideoRequest{Path: "videob/o3/4k/text-to-video", Body: body, Webhook: hook}); err != nil {
		t.Fatal(err)
	}
	s := <-seen
	if got := s.query.Get("queue_webhook"); got != hook {
		t.Errorf("queue_webhook %q", got)
	}
	if !strings.Contains(string(s.body), `"extra_field":["kept"]`) || !strings.Contains(string(s.body), `"duration":10`) {
		t.Errorf("body %s", s.body)
	}
}

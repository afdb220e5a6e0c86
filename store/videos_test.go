package store

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

func intp(n int) *int { return &n }

func addTask(t testing.TB, s *Store, rid, endpoint, body string) int64 {
	t.Helper()
	return must[int64](t)(s.AddVideoTask(bg, VideoSubmission{RequestID: rid, Endpoint: endpoint,
		BodyJSON: json.RawMessage(body), QueuePosition: intp(0), HTTPStatus: 200,
		StatusURL:    "http://127.0.0.1/queue/qv/videob/requests/" + rid + "/status",
		ResponseURL:  "http://127.0.0.1/queue/qv/videob/requests/" + rid,
		ResponseJSON: json.RawMessage(`{"request_id":"` + rid + `","status":"IN_QUEUE","queue_position":0}`)}))
}

func TestVideoTaskLifecycle(t *testing.T) {
	s := openTest(t)
	fakeClock(s)
	addTask(t, s, "rq-1", "videob/o3/pro/image-to-video", `{"prompt":"the lighthouse beam sweeps","image_url":"http://127.0.0.1/a.png"}`)
	polls := []struct {
		st      VideoStatus
		changed bool
	}{
		{VideoStatus{Status: "IN_QUEUE", QueuePosition: intp(0)}, false}, // as submitted
		{VideoStatus{Status: "IN_QUEUE", QueuePosition: intp(0), LogsJSON: json.RawMessage(" null ")}, false},
		{VideoStatus{Status: "IN_QUEUE", QueuePosition: intp(2)}, true},
		{VideoStatus{Status: "IN_PROGRESS", LogsJSON: json.RawMessage(`[{"message":"frame 1"}]`)}, true},
		{VideoStatus{Status: "IN_PROGRESS", LogsJSON: json.RawMessage(`[ {"message": "frame 1"} ]`)}, false},
		{VideoStatus{Status: "IN_PROGRESS", LogsJSON: json.RawMessage(`[{"message":"frame 1"},{"message":"frame 2"}]`),
			RawJSON: json.RawMessage(`{"status":"IN_PROGRESS","metrics":{}}`)}, true},
		{VideoStatus{Status: "RENDERING_SOMETHING_NEW"}, true}, // unknown statuses are kept
	}
	for i, p := range polls {
		changed, err := s.RecordVideoStatus(bg, "rq-1", p.st)
		if err != nil || changed != p.changed {
			t.Fatalf("poll %d: changed %v err %v, want %v", i, changed, err, p.changed)
		}
	}
	if got := must[[]VideoTask](t)(s.UnfinishedVideoTasks(bg)); len(got) != 1 {
		t.Fatalf("unfinished: %d", len(got))
	}
	if err := s.CompleteVideoTask(bg, "rq-1", json.RawMessage(`{"video":{"url":"http://127.0.0.1/v.mp4"}}`), true); err != nil {
		t.Fatal(err)
	}
	if got := must[[]VideoTask](t)(s.UnfinishedVideoTasks(bg)); len(got) != 1 {
		t.Fatal("a completed task awaiting its download is not unfinished")
	}
	m := must[*MediaFile](t)(s.CreateMedia("vid", "mp4"))
	m.Write([]byte("fake mp4"))
	path := must[string](t)(m.Commit())
	if err := s.SetVideoFile(bg, "rq-1", path, 8, true); err != nil {
		t.Fatal(err)
	}
	if got := must[[]VideoTask](t)(s.UnfinishedVideoTasks(bg)); len(got) != 0 {
		t.Fatal("a saved task is still unfinished")
	}
	v := must[*VideoTask](t)(s.VideoTask(bg, "rq-1"))
	var statuses []string
	for _, e := range v.Events {
		statuses = append(statuses, e.Status)
	}
	if got := strings.Join(statuses, ","); got != "IN_QUEUE,IN_QUEUE,IN_PROGRESS,IN_PROGRESS,RENDERING_SOMETHING_NEW,COMPLETED" {
		t.Fatalf("events %s", got)
	}
	if v.Family != "videob" || v.Mode != "pro" || v.Prompt != "the lighthouse beam sweeps" || !v.Done ||
		v.Failed() || v.VideoPath != path || v.DownloadedBytes != 8 || v.CompletedAt.IsZero() ||
		string(v.StatusJSON) != `{"status":"IN_PROGRESS","metrics":{}}` || *v.Events[1].QueuePosition != 2 {
		t.Fatalf("task %+v", v)
	}
	calls := must[[]Call](t)(s.Calls(bg, CallFilter{VideoTaskID: v.ID}))
	if len(calls) != 1 || calls[0].Endpoint != "/queue/qv/videob/o3/pro/image-to-video" || !strings.Contains(string(calls[0].RequestJSON), "image_url") {
		t.Fatalf("submission call %+v", calls)
	}
	abs := must[string](t)(s.MediaPath(path))
	if err := s.DeleteVideoTask(bg, "rq-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(abs); !os.IsNotExist(err) {
		t.Fatal("video file survived deleting its task")
	}
	if _, err := s.VideoTask(bg, "rq-1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v", err)
	}
}

func TestVideoTaskFailure(t *testing.T) {
	s := openTest(t)
	addTask(t, s, "rq-f", "videoc3.1/fast", `{"prompt":"x"}`)
	if err := s.FailVideoTask(bg, "rq-f", json.RawMessage(`{"detail":[{"msg":"content policy"}]}`)); err != nil {
		t.Fatal(err)
	}
	v := must[*VideoTask](t)(s.VideoTask(bg, "rq-f"))
	if !v.Failed() || !v.Done || v.Status != VideoFailed || len(v.Events) != 2 || v.Events[1].Status != VideoFailed {
		t.Fatalf("%+v", v)
	}
	// The service may go on saying COMPLETED (form C does): the task stays FAILED.
	must[bool](t)(s.RecordVideoStatus(bg, "rq-f", VideoStatus{Status: "COMPLETED", RawJSON: json.RawMessage(`{"status":"COMPLETED"}`)}))
	if v := must[*VideoTask](t)(s.VideoTask(bg, "rq-f")); v.Status != VideoFailed || v.Events[len(v.Events)-1].Status != VideoFailed {
		t.Fatalf("a later status undid FAILED: %q, %+v", v.Status, v.Events)
	}
	if got := must[[]VideoTask](t)(s.VideoTasks(bg, VideoQuery{Status: "failed"})); len(got) != 1 {
		t.Fatalf("failed filter: %d", len(got))
	}
	if got := must[[]VideoTask](t)(s.VideoTasks(bg, VideoQuery{Status: "COMPLETED"})); len(got) != 0 {
		t.Fatalf("a failed task listed as completed")
	}
	for _, op := range []error{
		s.FailVideoTask(bg, "nope", nil),
		s.CompleteVideoTask(bg, "nope", nil, false),
		func() error { _, err := s.RecordVideoStatus(bg, "nope", VideoStatus{Status: "X"}); return err }(),
		s.DeleteVideoTask(bg, "nope"),
	} {
		if !errors.Is(op, ErrNotFound) {
			t.Errorf("unknown task: %v", op)
		}
	}
}

func TestVideoSubmissionDefaults(t *testing.T) {
	for _, tc := range []struct{ endpoint, body, family, mode, prompt string }{
		{"videoa/q1/text-to-video", `{"prompt":"p1"}`, "videoa", "", "p1"},
		{"videob/o3/4k/text-to-video", `{"multi_prompt":[{"index":1,"prompt":"shot one"},{"index":2,"prompt":"shot two"}]}`, "videob", "4k", "shot one\nshot two"},
		{"/videoc3.1/fast/image-to-video", `not json`, "videoc3.1", "", ""},
	} {
		fam, mode := splitVideoEndpoint(tc.endpoint)
		if fam != tc.family || mode != tc.mode || promptOf(json.RawMessage(tc.body)) != tc.prompt {
			t.Errorf("%s: %q %q %q", tc.endpoint, fam, mode, promptOf(json.RawMessage(tc.body)))
		}
	}
	s := openTest(t)
	if _, err := s.AddVideoTask(bg, VideoSubmission{Endpoint: "videoa/q1/text-to-video"}); err == nil {
		t.Fatal("a task with no request id was accepted")
	}
	addTask(t, s, "dup", "videoa/q1/text-to-video", `{}`)
	if _, err := s.AddVideoTask(bg, VideoSubmission{RequestID: "dup", Endpoint: "x"}); err == nil {
		t.Fatal("a duplicate request id was accepted")
	}
}

func TestVideoBodyBase64IsElided(t *testing.T) {
	s := openTest(t)
	img := "data:image/png;base64," + strings.Repeat("QUJD", 5000)
	addTask(t, s, "rq-b", "videoa/q3/image-to-video/turbo", `{"prompt":"p","image_url":"`+img+`"}`)
	v := must[*VideoTask](t)(s.VideoTask(bg, "rq-b"))
	if strings.Contains(string(v.BodyJSON), "QUJDQUJD") || !strings.Contains(string(v.BodyJSON), ElidedPrefix+"20000") {
		t.Fatalf("body %s", v.BodyJSON)
	}
}

// TestCompletedAgainStaysDone: recording a result a second time (a second
// poller, a restart) must not undo a saved video and cause a new download.
func TestCompletedAgainStaysDone(t *testing.T) {
	s := openTest(t)
	addTask(t, s, "r1", "videoa/q1/text-to-video", `{"prompt":"x"}`)
	if err := s.CompleteVideoTask(bg, "r1", json.RawMessage(`{"video":{"url":"u"}}`), true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetVideoFile(bg, "r1", "media/v.mp4", 10, true); err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteVideoTask(bg, "r1", json.RawMessage(`{"video":{"url":"u"}}`), true); err != nil {
		t.Fatal(err)
	}
	v, err := s.VideoTask(bg, "r1")
	if err != nil || !v.Done {
		t.Fatalf("done = %v after completing again (%v)", v.Done, err)
	}
	if left, _ := s.UnfinishedVideoTasks(bg); len(left) != 0 {
		t.Fatalf("%d unfinished tasks", len(left))
	}
}

// TestVideoTasksStampMovesWithTheTasks: a task recorded, a status, its
// file and its deletion each move the stamp; a chat does not.
func TestVideoTasksStampMovesWithTheTasks(t *testing.T) {
	s := openTest(t)
	fakeClock(s)
	stamp := must[string](t)(s.VideoTasksStamp(bg))
	moved := func(why string, want bool) {
		t.Helper()
		now := must[string](t)(s.VideoTasksStamp(bg))
		if (now != stamp) != want {
			t.Fatalf("%s: stamp %q then %q, moved %v, want %v", why, stamp, now, now != stamp, want)
		}
		stamp = now
	}
	must[int64](t)(s.NewConversation(bg, KindChat, "chat"))
	moved("a chat", false)
	must[int64](t)(s.AddVideoTask(bg, VideoSubmission{RequestID: "rq-1", Endpoint: "videoa/q1/text-to-video", Prompt: "waves"}))
	moved("a task", true)
	must[bool](t)(s.RecordVideoStatus(bg, "rq-1", VideoStatus{Status: "IN_PROGRESS"}))
	moved("a status", true)
	noErr(t, s.DeleteVideoTask(bg, "rq-1"))
	moved("a deletion", true)
}

package sim

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// A task spends queueSteps Pace steps in the queue (positions 2, 1, 0) and
// renderSteps in progress, one log line each, then completes.
const (
	queueSteps  = 3
	renderSteps = 4
	frames      = 120
)

// task is a submitted video task. Its state is derived from the clock.
type task struct {
	id       string
	endpoint qvEndpoint
	base     string // public base URL at submission
	created  time.Time
	failure  *taskFailure // nil: the task succeeds
	notify   sync.Once    // the webhook callback is sent once
	hook     string       // webhook address, "" for none
}

// taskFailure is how a failing task fails.
type taskFailure struct{ typ, msg string }

// taskState is a task at one moment.
type taskState struct {
	status   string // IN_QUEUE, IN_PROGRESS or COMPLETED
	position int    // queue position while IN_QUEUE
	logs     int    // log lines so far
}

// newTask registers a submission whose completion callback goes to hook
// ("" for none). Whether it fails is settled here, from the prompt and a
// hash of the submission, and written into its id with its family and
// submission time (queue_id.go).
func (s *Server) newTask(e qvEndpoint, raw []byte, body map[string]any, base, hook string) *task {
	prompt, _ := body["prompt"].(string)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	h := sha256.New()
	h.Write([]byte(s.opts.IDSeed))
	_ = binary.Write(h, binary.BigEndian, s.seq)
	h.Write(raw)
	sum := h.Sum(nil)
	fate := fateSucceeds
	switch {
	case strings.Contains(prompt, markFail):
		fate = fateFlagged
	case float64(binary.BigEndian.Uint64(sum[8:16]))/(1<<64) < s.opts.FailShare:
		fate = fateFails
	}
	now := s.now()
	t := &task{id: newTaskID(now, e.family(), fate, sum), endpoint: e, base: base, hook: hook,
		created: now.Truncate(time.Millisecond), failure: failureOf(fate)}
	s.tasks[t.id] = t
	return t
}

// failureOf is how a task of the given fate fails; nil when it succeeds.
func failureOf(fate int) *taskFailure {
	switch fate {
	case fateFlagged:
		return &taskFailure{typ: "content_policy_violation", msg: "the prompt was flagged by the simulated content checker ([[fail]])"}
	case fateFails:
		return &taskFailure{typ: "generation_failed", msg: "the simulated renderer failed (FailShare)"}
	}
	return nil
}

// lookup finds a task by family and id. A task this simulator did not see
// submitted is taken back from its id, with base as its public base URL,
// and kept from then on.
func (s *Server) lookup(family, id, base string) *task {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.tasks[id]; t != nil {
		if t.endpoint.family() != family {
			return nil
		}
		if t.base == "" {
			t.base = base // taken back by a media request, which knows no base
		}
		return t
	}
	created, fam, fate, ok := parseTaskID(id)
	if !ok || fam != family {
		return nil
	}
	i := slices.IndexFunc(qvEndpoints, func(e qvEndpoint) bool { return e.family() == family })
	t := &task{id: id, endpoint: qvEndpoints[i], base: base, created: created, failure: failureOf(fate)}
	s.tasks[id] = t
	return t
}

// state derives the task's state at now from the time since submission.
func (s *Server) state(t *task, now time.Time) taskState {
	pace := s.opts.Pace
	if pace <= 0 {
		return taskState{status: "COMPLETED", logs: renderSteps + 1}
	}
	step := int(max(0, now.Sub(t.created)) / pace)
	switch {
	case step < queueSteps:
		return taskState{status: "IN_QUEUE", position: queueSteps - 1 - step}
	case step < queueSteps+renderSteps:
		return taskState{status: "IN_PROGRESS", logs: step - queueSteps + 1}
	}
	return taskState{status: "COMPLETED", logs: renderSteps + 1}
}

// duration is how long a task takes at the server's pace.
func (s *Server) duration() time.Duration { return (queueSteps + renderSteps) * s.opts.Pace }

// urls are the task's result and status URLs.
func (t *task) urls() (result, status string) {
	result = t.base + "/queue/qv/" + t.endpoint.family() + "/requests/" + t.id
	return result, result + "/status"
}

// handle is the submission reply in the endpoint's form (INTERFACE 2.11).
func (t *task) handle() map[string]any {
	result, status := t.urls()
	h := map[string]any{"status": "IN_QUEUE", "request_id": t.id, "response_url": result, "status_url": status}
	switch t.endpoint.form {
	case formA:
		h["cancel_url"] = ""
	case formA2:
		h["cancel_url"], h["queue_position"], h["logs"] = "", 0, []any{}
	case formB:
		h["queue_position"], h["logs"] = 0, []any{}
	case formC:
		h["logs"], h["metrics"], h["queue_position"], h["result"], h["detail"] = nil, map[string]any{}, 0, nil, nil
	}
	return h
}

// logs are the first n log lines: one per rendering step and a last line.
func (s *Server) logs(t *task, n int) []any {
	out := make([]any, 0, n)
	for i := range n {
		level, msg := "INFO", fmt.Sprintf("rendering frame %d/%d", (i+1)*frames/renderSteps, frames)
		switch {
		case i == 0:
			level = "STDERR"
		case i == renderSteps && t.failure != nil:
			level, msg = "ERROR", "render failed: "+t.failure.msg
		case i == renderSteps:
			msg = "render complete"
		}
		at := t.created.Add(time.Duration(queueSteps+i) * s.opts.Pace).UTC()
		out = append(out, map[string]any{"message": msg, "level": level, "source": "USER", "timestamp": at.Format("2006-01-02T15:04:05.000000Z07:00")})
	}
	return out
}

// video is the result file object.
func (s *Server) video(t *task) map[string]any {
	return map[string]any{"url": t.base + mediaPrefix + t.id + ".mp4", "content_type": "video/mp4",
		"file_name": t.id + ".mp4", "file_size": len(s.mp4)}
}

// failureDetail is the 422 detail list of a failed task.
func (t *task) failureDetail() []any {
	return []any{map[string]any{"loc": []any{"body", "prompt"}, "msg": t.failure.msg, "type": t.failure.typ}}
}

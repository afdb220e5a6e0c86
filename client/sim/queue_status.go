package sim

import (
	"net/http"
	"time"
)

// taskStatus answers GET …/requests/<id>/status: 202 while queued or in
// progress, 200 once completed; log lines only with ?logs=1.
func (c *call) taskStatus(family, id string) {
	t, st, ok := c.task(family, id)
	if !ok {
		return
	}
	q := c.r.URL.Query().Get("logs")
	withLogs := q == "1" || q == "true"
	code := http.StatusAccepted
	if st.status == "COMPLETED" {
		code = http.StatusOK
	}
	if t.endpoint.form == formC {
		c.reply(code, c.s.formC(t, st, withLogs))
		return
	}
	result, status := t.urls()
	out := map[string]any{"status": st.status, "request_id": t.id, "response_url": result, "status_url": status}
	if t.endpoint.form == formA || t.endpoint.form == formA2 {
		out["cancel_url"] = ""
	}
	if withLogs && st.status != "IN_QUEUE" {
		out["logs"] = c.s.logs(t, st.logs)
	}
	switch st.status {
	case "IN_QUEUE":
		out["queue_position"] = st.position
	case "COMPLETED":
		out["metrics"] = map[string]any{"inference_time": (renderSteps * c.s.opts.Pace).Seconds()}
		if t.failure != nil {
			out["error"], out["error_type"] = t.failure.msg, t.failure.typ
		}
	}
	c.reply(code, out)
}

// formC is a videoc3.1 task in the Form C envelope: logs as a free-form
// object, progress or failure in detail, the video in result.
func (s *Server) formC(t *task, st taskState, withLogs bool) map[string]any {
	result, status := t.urls()
	out := map[string]any{"status": st.status, "request_id": t.id, "response_url": result, "status_url": status,
		"logs": nil, "metrics": map[string]any{}, "queue_position": st.position, "result": nil, "detail": nil}
	if withLogs && st.status != "IN_QUEUE" {
		out["logs"] = map[string]any{"entries": s.logs(t, st.logs)}
	}
	switch {
	case st.status == "IN_PROGRESS":
		out["detail"] = map[string]any{"progress": float64(st.logs) / renderSteps, "message": "rendering"}
	case st.status != "COMPLETED":
	case t.failure != nil:
		out["detail"] = map[string]any{"type": t.failure.typ, "msg": t.failure.msg, "loc": []any{"body", "prompt"}}
	default:
		out["result"] = map[string]any{"video": s.video(t)}
		out["metrics"] = map[string]any{"inference_time": (renderSteps * s.opts.Pace).Seconds()}
	}
	return out
}

// taskResult answers GET …/requests/<id>: 400 before completion; then the
// video, a 422 detail for a failure, or the Form C envelope for videoc3.1.
func (c *call) taskResult(family, id string) {
	t, st, ok := c.task(family, id)
	if !ok {
		return
	}
	switch {
	case st.status != "COMPLETED":
		c.fail(http.StatusBadRequest, "Request is still in progress")
		return
	case t.endpoint.form == formC:
		c.reply(http.StatusOK, c.s.formC(t, st, false))
	case t.failure != nil:
		c.reply(http.StatusUnprocessableEntity, map[string]any{"detail": t.failureDetail()})
	default:
		c.reply(http.StatusOK, map[string]any{"video": c.s.video(t)})
	}
}

// task finds the task a status or result request names and its state now,
// answering 404 when there is none. A task seen complete gets its webhook
// callback, if it has not had it yet.
func (c *call) task(family, id string) (*task, taskState, bool) {
	t := c.s.lookup(family, id, c.baseURL())
	if t == nil {
		c.fail(http.StatusNotFound, "Request not found: "+id)
		return nil, taskState{}, false
	}
	st := c.s.state(t, c.s.now())
	if st.status == "COMPLETED" {
		c.s.deliver(t)
	}
	return t, st, true
}

// armWebhook schedules the completion callback of t, if it has a webhook.
// With a real clock a timer fires it at completion; with a simulated clock
// (no timers) it is sent when a status or result request first sees the
// task complete.
func (s *Server) armWebhook(t *task) {
	switch {
	case t.hook == "":
	case s.opts.Pace <= 0:
		s.deliver(t)
	case s.realClock:
		s.mu.Lock()
		defer s.mu.Unlock()
		if !s.closed {
			s.timers[t.id] = time.AfterFunc(s.duration(), func() { s.deliver(t) })
		}
	}
}

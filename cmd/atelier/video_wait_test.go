package main

import (
	"errors"
	"strings"
	"testing"

	"atelier/client"
	"atelier/poller"
)

// progressOf is what video wait writes to stderr for these updates of
// task "rq-1", an update of another task among them.
func progressOf(updates ...poller.Update) string {
	var errs strings.Builder
	a := &app{io: stdio{err: &errs}}
	ch := make(chan poller.Update, len(updates)+1)
	ch <- poller.Update{RequestID: "rq-other", Status: "IN_PROGRESS", Logs: logs("not this task")}
	for _, u := range updates {
		u.RequestID = "rq-1"
		ch <- u
	}
	close(ch)
	a.showProgress(ch, "rq-1")
	return errs.String()
}

func logs(msgs ...string) []client.VideoLog {
	var out []client.VideoLog
	for _, m := range msgs {
		out = append(out, client.VideoLog{Message: m})
	}
	return out
}

// The poller keeps the newest update of a task for a reader that falls
// behind; it carries every log line so far, so a reader that missed the
// update of IN_PROGRESS still writes its log line, once; a line that says
// it already is not written again; and no log line is written where it
// would say something false (a COMPLETED not yet read, a failure).
func TestVideoWaitShowsEveryLogLine(t *testing.T) {
	pos := 2
	for _, tc := range []struct {
		name    string
		updates []poller.Update
		want    string
	}{
		{"every update read", []poller.Update{
			{Status: "IN_QUEUE", QueuePosition: &pos, Logs: logs("queued")},
			{Status: "IN_PROGRESS", Logs: logs("queued", "rendering")},
			{Status: "COMPLETED", Logs: logs("queued", "rendering")},
			{Status: "COMPLETED", Logs: logs("queued", "rendering"), Downloaded: 4096},
			{Status: "COMPLETED", Logs: logs("queued", "rendering"), Downloaded: 8192, Done: true},
		}, "IN_QUEUE (position 2): queued\nIN_PROGRESS: rendering\nCOMPLETED: 4096 bytes of the video saved\n"},
		{"only the download read", []poller.Update{
			{Status: "COMPLETED", Logs: logs("queued", "rendering"), Downloaded: 4096},
			{Status: "COMPLETED", Logs: logs("queued", "rendering"), Downloaded: 8192, Done: true},
		}, "COMPLETED: rendering\nCOMPLETED: 4096 bytes of the video saved\n"},
		{"only the end read", []poller.Update{
			{Status: "COMPLETED", Logs: logs("rendering"), Downloaded: 8192, Done: true},
		}, "COMPLETED: rendering\n"},
		{"a COMPLETED not read yet, then a failure", []poller.Update{
			{Status: "COMPLETED", Logs: logs("render failed")},
			{Status: "COMPLETED", Logs: logs("render failed"), Done: true, Failed: true, Err: errors.New("render failed")},
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := progressOf(tc.updates...); got != tc.want {
				t.Errorf("video wait wrote\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

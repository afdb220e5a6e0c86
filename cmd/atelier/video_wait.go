package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"

	"atelier/client"
	"atelier/internal/termtext"
	"atelier/poller"
	"atelier/store"
)

// waitVideo follows the task with id to its end with the background
// poller (which also resumes every other unfinished task of the history
// while it runs), writing progress to stderr, and prints the saved video's
// path. A failed task is an error with the failure's detail.
func (a *app) waitVideo(ctx context.Context, c *client.Client, st *store.Store, id string) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p := poller.NewSession(c, st, poller.Options{Clock: a.clocks.poller})
	ran := make(chan error, 1)
	go func() {
		ran <- p.Run(ctx)
		cancel() // a poller that cannot start ends the wait
	}()
	shown := make(chan struct{})
	go func() {
		defer close(shown)
		a.showProgress(p.Updates(), id)
	}()
	t, err := p.Wait(ctx, id)
	cancel()
	runErr := <-ran
	<-shown
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	if err != nil {
		return retryHint(id, err)
	}
	return a.printSaved(st, t)
}

// showProgress writes a line to stderr for each change of the task with
// id: its status and queue position, its last log line, a failed request
// about to be sent again. The poller keeps one update a task for a reader
// that falls behind, the newest, which carries every log line so far: its
// newest log line is written once even when the update itself tells of
// the download, so a busy machine loses no log line a fast one shows.
func (a *app) showProgress(updates <-chan poller.Update, id string) {
	last, lastLog := "", ""
	write := func(line string) {
		if line != "" && line != last {
			fmt.Fprintln(a.io.err, cleanLine(line))
			last = line
		}
	}
	for u := range updates {
		if u.RequestID != id {
			continue
		}
		line := progressLine(u)
		if n := len(u.Logs); n > 0 && u.Logs[n-1].Message != lastLog {
			lastLog = u.Logs[n-1].Message
			if !strings.HasSuffix(line, ": "+lastLog) { // the update's own line does not tell it
				write(logLine(u, lastLog))
			}
		}
		write(line)
	}
}

// logLine is the status with msg, the task's newest log line, where that
// says nothing false: not for a task that failed, was paused or whose
// request failed (what follows says why), nor for a COMPLETED whose
// result is not read yet (a failure may be told as COMPLETED).
func logLine(u poller.Update, msg string) string {
	switch {
	case u.Paused, u.Failed, u.Err != nil:
		return ""
	case u.Status == client.VideoCompleted && u.Downloaded == 0:
		return ""
	}
	return cmp.Or(u.Status, noStatus) + ": " + msg
}

// noStatus stands for a status reply without a status word.
const noStatus = "(no status)"

// progressLine is one update in words.
func progressLine(u poller.Update) string {
	var b strings.Builder
	b.WriteString(cmp.Or(u.Status, noStatus))
	if u.QueuePosition != nil && u.Status == client.VideoInQueue {
		fmt.Fprintf(&b, " (position %d)", *u.QueuePosition)
	}
	switch {
	case u.Paused:
		return pausedLine
	case u.Done:
		return "" // the path, or the failure, follows
	case u.Status == client.VideoCompleted && u.Downloaded == 0:
		// The task has ended, how is not known until its result is read: a
		// failure may be told as COMPLETED (form C). The path, or the
		// failure, follows; "COMPLETED: render failed" would mislead.
		return ""
	case u.Err != nil && u.Retry.IsZero(): // given up: the error follows
		return ""
	case u.Err != nil:
		fmt.Fprintf(&b, ": %v; trying again at %s", u.Err, u.Retry.Local().Format("15:04:05"))
	case u.Downloaded > 0:
		fmt.Fprintf(&b, ": %d bytes of the video saved", u.Downloaded)
	case len(u.Logs) > 0:
		b.WriteString(": " + u.Logs[len(u.Logs)-1].Message)
	}
	return b.String()
}

// cleanLine makes text from the service (an id, a status word, a URL, an
// error) safe to write to a terminal, in one line. Unlike model text, which
// a pipe gets as it is, such text is cleaned wherever it goes: none of it
// has a reason to hold a control character.
func cleanLine(s string) string { return oneLine(termtext.String(s)) }

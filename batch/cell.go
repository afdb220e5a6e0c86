package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"syscall"
	"time"
	"unicode"

	"atelier/batch/judge"
	"atelier/client"
	"atelier/store"
)

// cell runs one cell to its end — done, failed or interrupted — and
// records it. Store failures cost the cell (it stays to be resumed), never
// the run.
func (r *run) cell(ctx context.Context, g *gate, cell store.BatchCell) {
	cs := r.plan.Cases[cell.Case]
	t := r.targets[cell.Target]
	turns := []client.ChatTurn{{Role: "user", Text: cs.Text}}
	keep := context.WithoutCancel(ctx) // what is recorded survives a stop
	conv := cell.ConversationID
	if conv == 0 && r.images == nil {
		title := fmt.Sprintf("batch %s: %s → %s (%d/%d)", r.plan.Name, cs.Name, r.plan.Targets[cell.Target], cell.Repeat+1, r.plan.Repeats)
		var err error
		if conv, err = newCellConversation(keep, r.db, r.id, title, t, cs.Text); err != nil {
			return
		}
	}
	if err := r.db.StartCell(keep, r.id, cell.Cell, conv); err != nil {
		return
	}
	r.report(func(p *Progress) { p.Running++ })
	var end store.CellEnd
	if r.images != nil {
		req := r.images[cell.Target]
		req.Prompt = cs.Text
		end = r.imageAttempt(ctx, g, req, cs.Checks)
	} else {
		end = r.attempt(ctx, g, conv, t, turns, cs.Checks)
	}
	if err := r.db.FinishCell(keep, r.id, cell.Cell, end); err != nil {
		end.Status = store.StatusInterrupted
	}
	r.report(func(p *Progress) {
		p.Running--
		switch end.Status {
		case store.CellDone:
			p.Done++
			p.Ran++
		case store.CellFailed:
			p.Failed++
			p.Ran++
		}
	})
}

// attempt sends the cell's request, again while the service says to retry
// and attempts are left, and returns how the cell ended.
func (r *run) attempt(ctx context.Context, g *gate, conv int64, t client.ChatTarget, turns []client.ChatTurn, checks []Check) store.CellEnd {
	for n := 1; ; n++ {
		if err := g.enter(ctx); err != nil {
			return store.CellEnd{Status: store.StatusInterrupted, Error: "interrupted: the batch was stopped"}
		}
		rec := &cellReply{ctx: context.WithoutCancel(ctx), db: r.db, convID: conv, t: t, turns: turns}
		var res *client.ChatResult
		var err error
		for d, e := range r.c.StreamChat(ctx, t, turns) {
			rec.add(d)
			if d.Kind == client.ChatDoneDelta {
				res, err = d.Result, e
			}
		}
		g.leave()
		if wait, again := retryWait(err, n, rec.reply != nil); again && n < r.o.Attempts && ctx.Err() == nil {
			if isRateLimit(err) {
				g.holdFor(wait) // the whole family waits
			} else {
				select {
				case <-r.o.Clock.After(wait):
				case <-ctx.Done():
				}
			}
			continue
		}
		return r.end(ctx, rec, res, err, checks)
	}
}

// end records the reply and judges the cell.
func (r *run) end(ctx context.Context, rec *cellReply, res *client.ChatResult, err error, checks []Check) store.CellEnd {
	stopped := ctx.Err() != nil && (err != nil || res == nil || !res.Complete)
	msgID, recErr := rec.finish(res, err, stopped)
	end := store.CellEnd{MessageID: msgID}
	if res != nil {
		end.TTFT, end.Total = res.FirstToken, res.Total
		end.Usage = store.Usage{InputTokens: int64(res.Usage.Input), OutputTokens: int64(res.Usage.Output)}
		end.FirstLine = firstLine(res.Text)
	}
	switch {
	case ctx.Err() != nil && (err != nil || res == nil || !res.Complete):
		end.Status, end.Error = store.StatusInterrupted, "interrupted: the batch was stopped"
	case err != nil:
		end.Status, end.Error = store.CellFailed, err.Error()
	case res == nil || !res.Complete:
		end.Status, end.Error = store.CellFailed, client.ErrStreamIncomplete.Error()
	case recErr != nil:
		// The reply came but history could not keep it: run it again on resume.
		end.Status, end.Error = store.StatusInterrupted, "not recorded in history: "+recErr.Error()
	default:
		end.Status = store.CellDone
		if len(checks) > 0 {
			rs := Evaluate(checks, Outcome{Text: res.Text, Total: res.Total, OutputTokens: int64(res.Usage.Output)})
			graded, err := r.grade(ctx, Rubrics(checks), rec.turns[len(rec.turns)-1].Text, res.Text)
			if err != nil { // a grade that did not come, or came malformed, is no pass
				end.Status, end.Error = store.CellFailed, err.Error()
				return end
			}
			rs = append(rs, graded...)
			passed := Passed(rs)
			end.Passed = &passed
			end.ChecksJSON, _ = json.Marshal(rs)
		}
	}
	return end
}

// grade has the plan's judge grade the reply against each rubric, the
// judge's calls taking turns at its family's gate like any other.
func (r *run) grade(ctx context.Context, rubrics []Check, task, reply string) ([]CheckResult, error) {
	var out []CheckResult
	for _, c := range rubrics {
		if r.judge == nil {
			return nil, judge.ErrNoTarget
		}
		g := r.gates[r.judge.Target.Family]
		if err := g.enter(ctx); err != nil {
			return nil, fmt.Errorf("judge: interrupted: the batch was stopped")
		}
		grade, err := r.judge.Grade(ctx, c.Arg, task, reply)
		g.leave()
		if err != nil {
			return nil, err
		}
		res := CheckResult{Check: c.String(), Pass: grade.Pass, Score: &grade.Score}
		res.Why = fmt.Sprintf("score %.2f: %s", grade.Score, grade.Reason)
		out = append(out, res)
	}
	return out, nil
}

// retryWait says whether a failed attempt may be sent again, and after how
// long: what the service asked, else a backoff. Nothing is sent again once
// a reply has begun (it is recorded, and a second one would pay twice).
func retryWait(err error, attempt int, replied bool) (time.Duration, bool) {
	if err == nil || replied {
		return 0, false
	}
	var ae *client.APIError
	if errors.As(err, &ae) {
		if !ae.Temporary() {
			return 0, false
		}
		if ae.RetryAfter > 0 {
			return min(ae.RetryAfter, maxRetryAfter), true
		}
	} else if !errors.Is(err, syscall.ECONNREFUSED) { // nothing was sent
		return 0, false
	}
	return min(time.Second<<(attempt-1), 30*time.Second), true
}

// maxRetryAfter caps the wait a 429 imposes: every wait has an end.
const maxRetryAfter = 5 * time.Minute

func isRateLimit(err error) bool {
	var ae *client.APIError
	return errors.As(err, &ae) && ae.Status == http.StatusTooManyRequests
}

// firstLine is the reply's first non-empty line, cleaned for a terminal
// and cut to what a matrix cell can show.
func firstLine(text string) string {
	for line := range strings.SplitSeq(text, "\n") {
		if line = strings.TrimSpace(strings.Map(dropControl, line)); line != "" {
			if r := []rune(line); len(r) > firstLineMax {
				line = string(r[:firstLineMax-1]) + "…"
			}
			return line
		}
	}
	return ""
}

const firstLineMax = 200

// dropControl removes control characters (an escape sequence loses its
// ESC, so it cannot act); what shows the line still strips it for display.
func dropControl(r rune) rune {
	if unicode.IsControl(r) {
		return -1
	}
	return r
}

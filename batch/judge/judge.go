package judge

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	"atelier/store/record"
)

// Judge grades with one chat target. Its calls are recorded in one
// conversation of history, opened on the first call; it is safe for
// concurrent use (a batch grades its cells as they end).
type Judge struct {
	Client *client.Client
	Target client.ChatTarget
	// Store records the calls; nil records nothing.
	Store *store.Store
	// Title names the conversation the calls are recorded in; BatchID,
	// when set, makes it the batch's (deleted with it).
	Title   string
	BatchID int64

	mu   sync.Mutex
	conv int64
}

// ErrNoTarget is a judge asked for with no target chosen.
var ErrNoTarget = errors.New("judge: no judge target: set one in Settings (arena.judge) or judge = \"FAMILY:MODEL\" in the batch file")

// New is a judge of the target spec (FAMILY:MODEL[:settings], as -t takes
// it); an empty spec is ErrNoTarget.
func New(c *client.Client, db *store.Store, spec string) (*Judge, error) {
	if spec == "" {
		return nil, ErrNoTarget
	}
	t, err := client.ParseChatTarget(spec)
	if err != nil {
		return nil, fmt.Errorf("judge %q: %w", spec, err)
	}
	return &Judge{Client: c, Target: t, Store: db}, nil
}

// Name is the judge's target as -t writes it.
func (j *Judge) Name() string { return client.FormatChatTarget(j.Target) }

// target is the judge's target with the judge's own system prompt.
func (j *Judge) target() client.ChatTarget {
	t := j.Target
	t.Settings.System = system
	return t
}

// ask sends prompt to the judge and returns its reply's text, recording
// the call (prompt, reply, usage, native JSON) in the judge's
// conversation.
func (j *Judge) ask(ctx context.Context, prompt string) (string, error) {
	t := j.target()
	turns := []client.ChatTurn{{Role: "user", Text: prompt}}
	var rep *record.Reply
	if j.Store != nil {
		var err error
		if rep, err = j.begin(ctx, t, turns, prompt); err != nil {
			return "", fmt.Errorf("judge: recording the call: %w", err)
		}
	}
	res, err := j.Client.Chat(ctx, t, turns)
	if ferr := rep.Finish(res, err, ctx.Err() != nil); ferr != nil && err == nil {
		err = fmt.Errorf("judge: recording the reply: %w", ferr)
	}
	if err != nil {
		return "", fmt.Errorf("judge %s: %w", j.Name(), err)
	}
	if res == nil || !res.Complete {
		return "", fmt.Errorf("judge %s: %w", j.Name(), client.ErrStreamIncomplete)
	}
	return res.Text, nil
}

// begin records the prompt of one call on the next turn of the judge's
// conversation, opening it on the first call; one at a time, so that
// calls made together take turns of their own.
func (j *Judge) begin(ctx context.Context, t client.ChatTarget, turns []client.ChatTurn, prompt string) (*record.Reply, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.conv == 0 {
		title := j.Title
		if title == "" {
			title = "judge: " + j.Name()
		}
		var err error
		if j.BatchID != 0 {
			j.conv, err = j.Store.NewBatchConversation(ctx, j.BatchID, title)
		} else {
			j.conv, err = j.Store.NewConversation(ctx, store.KindChat, title)
		}
		if err != nil {
			return nil, err
		}
	}
	b, err := record.BeginChat(ctx, j.Store, record.Send{ConversationID: j.conv, NewTurn: true, Prompt: prompt,
		WithPrompt: true, Target: t, Turns: turns})
	return b.Reply, err
}

// Conversation is the history conversation the calls were recorded in;
// 0 before the first.
func (j *Judge) Conversation() int64 {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.conv
}

// Grade grades answer (to task) against rubric. A reply that does not end
// with the grade's lines is an error, never a pass.
func (j *Judge) Grade(ctx context.Context, rubric, task, answer string) (Grade, error) {
	reply, err := j.ask(ctx, GradePrompt(rubric, task, answer))
	if err != nil {
		return Grade{}, err
	}
	g, err := ParseGrade(reply)
	if err != nil {
		return Grade{}, fmt.Errorf("judge %s: %w", j.Name(), err)
	}
	return g, nil
}

// Verdict is a judge's choice between answers asked twice, in the order
// given and reversed. First and Second are the winners of each asking as
// indexes into the answers given (-1 a tie); a verdict that changes with
// the order is inconsistent, and counts as a tie (as MT-Bench counts a
// judge's position-swapped disagreement).
type Verdict struct {
	First, Second int
	Reasons       [2]string
	Consistent    bool
	// Winner is the answer both askings chose, -1 for a tie or an
	// inconsistent verdict.
	Winner int
}

// PickBothOrders asks which answer is better twice, the answers in the
// order given and then reversed.
func (j *Judge) PickBothOrders(ctx context.Context, rubric, task string, answers []string) (Verdict, error) {
	n := len(answers)
	if n < 2 {
		return Verdict{}, fmt.Errorf("judge: %d answer(s): want 2 or more to choose between", n)
	}
	first, err := j.pick(ctx, rubric, task, answers)
	if err != nil {
		return Verdict{}, err
	}
	reversed := slices.Clone(answers)
	slices.Reverse(reversed)
	second, err := j.pick(ctx, rubric, task, reversed)
	if err != nil {
		return Verdict{}, err
	}
	if second.Winner >= 0 {
		second.Winner = n - 1 - second.Winner
	}
	v := Verdict{First: first.Winner, Second: second.Winner, Reasons: [2]string{first.Reason, second.Reason},
		Consistent: first.Winner == second.Winner, Winner: -1}
	if v.Consistent {
		v.Winner = first.Winner
	}
	return v, nil
}

func (j *Judge) pick(ctx context.Context, rubric, task string, answers []string) (Pick, error) {
	reply, err := j.ask(ctx, PickPrompt(rubric, task, answers))
	if err != nil {
		return Pick{}, err
	}
	p, err := ParsePick(reply, len(answers))
	if err != nil {
		return Pick{}, fmt.Errorf("judge %s: %w", j.Name(), err)
	}
	return p, nil
}

// GradeAsk and PickAsks are what judge calls may cost, for the budget's
// estimates: a grade of an answer of about answerTokens, and the two
// picks among answers.
func (j *Judge) GradeAsk(rubric, task string, answerTokens int) price.Ask {
	return price.Ask{Model: j.Target.Model, Prompt: system + GradePrompt(rubric, task, pad(answerTokens)),
		MaxTokens: client.SentMaxTokens(j.target())}
}

// PickAsks are the two askings of PickBothOrders.
func (j *Judge) PickAsks(rubric, task string, answers []string) []price.Ask {
	a := price.Ask{Model: j.Target.Model, Prompt: system + PickPrompt(rubric, task, answers), MaxTokens: client.SentMaxTokens(j.target())}
	return []price.Ask{a, a}
}

// pad is text of about n tokens (four bytes each, as estimates count).
func pad(n int) string { return strings.Repeat("x", 4*max(n, 0)) }

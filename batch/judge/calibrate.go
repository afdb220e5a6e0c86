package judge

import (
	"context"
	"fmt"
	"sort"

	"atelier/store"
	"atelier/store/rank"
)

// Calibration is how often a judge agrees with the person's blind votes:
// the judge picks a winner among each vote's answers twice, in the order
// shown and reversed; a verdict that changes with the order is
// inconsistent and counts as a tie (as MT-Bench counts it). The person's
// label is the answer ranked first, or a tie ("both bad" too).
type Calibration struct {
	Judge string `json:"judge"`
	// Votes are the blind chat votes with a verdict of the judge;
	// Agreement is over them.
	Votes     int            `json:"votes"`
	Agreement rank.Agreement `json:"agreement"`
	// Inconsistent counts the verdicts that changed with the order.
	Inconsistent      int     `json:"inconsistent"`
	InconsistentShare float64 `json:"inconsistent_share"`
	// Asked counts the votes put to the judge this time (two calls each);
	// Unjudged those still without a verdict (a call failed, or the
	// answers are gone), FirstError why the first of them failed.
	Asked      int    `json:"asked"`
	Unjudged   int    `json:"unjudged"`
	FirstError string `json:"first_error,omitempty"`
}

// Pending are the blind chat votes f selects that judge has no verdict on
// yet, with what they judged, oldest first: what a calibration would ask.
func Pending(ctx context.Context, db *store.Store, judge string, f store.VoteFilter) ([]int64, map[int64]store.VoteAnswers, error) {
	f.Kind, f.Blind = store.VoteChat, ptr(true)
	answers, err := db.VoteAnswers(ctx, f)
	if err != nil {
		return nil, nil, err
	}
	done, err := db.JudgeVerdicts(ctx, judge, f)
	if err != nil {
		return nil, nil, err
	}
	var ids []int64
	for id := range answers {
		if _, ok := done[id]; !ok {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, k int) bool { return ids[i] < ids[k] })
	return ids, answers, nil
}

// Calibrate asks j about the blind chat votes f selects that it has no
// verdict on (j nil: asks nothing), keeps its verdicts, and reports its
// agreement with the person over every vote it has a verdict on.
func Calibrate(ctx context.Context, db *store.Store, j *Judge, name string, f store.VoteFilter) (Calibration, error) {
	out := Calibration{Judge: name}
	if j != nil {
		ids, answers, err := Pending(ctx, db, name, f)
		if err != nil {
			return out, err
		}
		for _, id := range ids {
			if err := ask(ctx, db, j, name, id, answers[id]); err != nil {
				if ctx.Err() != nil {
					return out, ctx.Err()
				}
				if out.FirstError == "" {
					out.FirstError = err.Error()
				}
				continue
			}
			out.Asked++
		}
	}
	return out, report(ctx, db, name, f, &out)
}

// ask puts one vote's answers to the judge in both orders and keeps its
// verdict.
func ask(ctx context.Context, db *store.Store, j *Judge, name string, id int64, va store.VoteAnswers) error {
	letters := make([]string, 0, len(va.Answers))
	for l := range va.Answers {
		letters = append(letters, l)
	}
	sort.Strings(letters)
	texts := make([]string, len(letters))
	for i, l := range letters {
		texts[i] = va.Answers[l]
	}
	v, err := j.PickBothOrders(ctx, "", va.Prompt, texts)
	if err != nil {
		return fmt.Errorf("vote %d: %w", id, err)
	}
	label := func(w int) string {
		if w < 0 {
			return store.VerdictTie
		}
		return letters[w]
	}
	return db.RecordJudgeVerdict(context.WithoutCancel(ctx), store.JudgeVerdict{VoteID: id, Judge: name,
		First: label(v.First), Second: label(v.Second), Reason: v.Reasons[0]})
}

// report fills out's figures from the kept verdicts.
func report(ctx context.Context, db *store.Store, name string, f store.VoteFilter, out *Calibration) error {
	f.Kind, f.Blind = store.VoteChat, ptr(true)
	votes, err := db.Votes(ctx, f)
	if err != nil {
		return err
	}
	verdicts, err := db.JudgeVerdicts(ctx, name, f)
	if err != nil {
		return err
	}
	var person, judge []string
	for _, v := range votes {
		jv, ok := verdicts[v.ID]
		if !ok {
			out.Unjudged++
			continue
		}
		person = append(person, PersonLabel(v.Verdict))
		judge = append(judge, JudgeLabel(jv))
		if jv.First != jv.Second {
			out.Inconsistent++
		}
	}
	out.Votes = len(person)
	if out.Votes > 0 {
		out.InconsistentShare = float64(out.Inconsistent) / float64(out.Votes)
	}
	out.Agreement, err = rank.CohenKappa(person, judge)
	return err
}

// PersonLabel is a vote's verdict as the calibration compares it: the
// letter ranked first, or a tie (a tie or "both bad").
func PersonLabel(verdict string) string {
	if verdict == store.VerdictTie || verdict == store.VerdictBad || verdict == "" {
		return store.VerdictTie
	}
	return verdict[:1]
}

// JudgeLabel is a judge's verdict as the calibration compares it: the
// winner both orders chose, else a tie.
func JudgeLabel(v store.JudgeVerdict) string {
	if v.First != v.Second {
		return store.VerdictTie
	}
	return v.First
}

func ptr[T any](v T) *T { return &v }

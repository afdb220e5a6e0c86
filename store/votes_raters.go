package store

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"atelier/store/rank"
)

// Raters: the person's own votes have no rater in the table and go by
// RaterMe; a colleague's, imported from a ballot, by the name they gave.
// Agreement between two raters is measured over the comparisons both
// voted on: the same prompt's replies for chat, the same image jobs or
// video tasks otherwise, whatever letters each saw.

// raterColumn is a rater's name as the votes table stores it.
func raterColumn(name string) string {
	if name == RaterMe {
		return ""
	}
	return name
}

// raterName is a stored rater as it is shown.
func raterName(col string) string {
	if col == "" {
		return RaterMe
	}
	return col
}

// Raters lists the raters of the standing blind votes of kind (every
// kind when ""), RaterMe first when the person voted, then by name.
func (s *Store) Raters(ctx context.Context, kind VoteKind) ([]string, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT DISTINCT rater FROM votes WHERE withdrawn_at = 0 AND blind = 1
		AND (? = '' OR kind = ?) ORDER BY rater`, kind, kind)
	if err != nil {
		return nil, fmt.Errorf("raters: %w", err)
	}
	out, err := collect(rows, func(sc rowScanner) (string, error) {
		var r string
		err := sc.Scan(&r)
		return raterName(r), err
	})
	if err != nil {
		return nil, fmt.Errorf("raters: %w", err)
	}
	return out, nil
}

// Agreement is how often two raters agree on the comparisons both voted.
type Agreement struct {
	A       string  `json:"a"` // the raters
	B       string  `json:"b"`
	N       int     `json:"n"`       // comparisons both voted on
	Agreed  int     `json:"agreed"`  // of those, with the same verdict
	Percent float64 `json:"percent"` // Agreed / N, 0 to 1
	// Kappa is Cohen's kappa (rank.CohenKappa): the agreement beyond what
	// the two raters' own habits would give by chance. KappaOK is false
	// when it is not defined (both raters always gave one same verdict).
	Kappa   float64 `json:"kappa"`
	KappaOK bool    `json:"kappa_defined"`
}

// Agreements measures every pair of raters of the votes f selects (its
// Rater ignored: a pair needs two) over the comparisons both voted on;
// a rater's latest standing vote on a comparison counts. Pairs that
// share no comparison are left out.
func (s *Store) Agreements(ctx context.Context, f VoteFilter) ([]Agreement, error) {
	f.Rater = ""
	yes := true
	f.Blind = &yes
	where, args, err := voteWhere(f)
	if err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT v.id, v.kind, ifnull(v.conversation_id, 0), v.turn, v.verdict, v.rater,
		t.letter, ifnull(t.image_job_id, 0), ifnull(t.video_task_id, 0), t.target
		FROM votes v JOIN vote_targets t ON t.vote_id = v.id
		WHERE `+where+` ORDER BY v.created_at, v.id, t.letter`, args...)
	if err != nil {
		return nil, fmt.Errorf("agreement: %w", err)
	}
	type judged struct {
		v     Vote
		rater string
	}
	var all []judged
	defer rows.Close()
	for rows.Next() {
		var v Vote
		var t VoteTarget
		var rater string
		if err := rows.Scan(&v.ID, &v.Kind, &v.ConversationID, &v.Turn, &v.Verdict, &rater, &t.Letter,
			&t.ImageJobID, &t.VideoTaskID, &t.Target); err != nil {
			return nil, fmt.Errorf("agreement: %w", err)
		}
		if n := len(all); n == 0 || all[n-1].v.ID != v.ID {
			all = append(all, judged{v: v, rater: raterName(rater)})
		}
		last := &all[len(all)-1].v
		last.Targets = append(last.Targets, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("agreement: %w", err)
	}
	// verdicts[rater][comparison] = the verdict by name; later votes win.
	verdicts := map[string]map[string]string{}
	for _, j := range all {
		if verdicts[j.rater] == nil {
			verdicts[j.rater] = map[string]string{}
		}
		verdicts[j.rater][comparisonKey(j.v)] = verdictByName(j.v)
	}
	raters := make([]string, 0, len(verdicts))
	for r := range verdicts {
		raters = append(raters, r)
	}
	sort.Slice(raters, func(i, j int) bool { // me first, then by name
		if (raters[i] == RaterMe) != (raters[j] == RaterMe) {
			return raters[i] == RaterMe
		}
		return raters[i] < raters[j]
	})
	out := []Agreement{}
	for i, a := range raters {
		for _, b := range raters[i+1:] {
			var va, vb []string
			keys := make([]string, 0, len(verdicts[a]))
			for k := range verdicts[a] {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				if w, ok := verdicts[b][k]; ok {
					va, vb = append(va, verdicts[a][k]), append(vb, w)
				}
			}
			if len(va) == 0 {
				continue
			}
			k, err := rank.CohenKappa(va, vb)
			if err != nil {
				return nil, fmt.Errorf("agreement: %w", err)
			}
			ag := Agreement{A: a, B: b, N: k.N, Percent: k.Agree, Agreed: int(math.Round(k.Agree * float64(k.N)))}
			if k.Kappa != nil {
				ag.Kappa, ag.KappaOK = *k.Kappa, true
			}
			out = append(out, ag)
		}
	}
	return out, nil
}

// comparisonKey names what a vote judged, whatever the letters: the
// comparison's prompt, or the image jobs or video tasks, with the
// targets judged (sorted by name).
func comparisonKey(v Vote) string {
	names := make([]string, 0, len(v.Targets))
	var ids []int64
	for _, t := range v.Targets {
		names = append(names, t.Target)
		ids = append(ids, t.ImageJobID+t.VideoTaskID)
	}
	slices.Sort(names)
	slices.Sort(ids)
	what := fmt.Sprintf("chat:%d:%d", v.ConversationID, v.Turn)
	if v.Kind != VoteChat {
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = strconv.FormatInt(id, 10)
		}
		what = string(v.Kind) + ":" + strings.Join(parts, ",")
	}
	return what + "\x00" + strings.Join(names, "\x00")
}

// verdictByName is a verdict in targets' names, the same whatever letters
// a rater saw: "tie", "bad", or the names best first.
func verdictByName(v Vote) string {
	names, tie, bad := v.Ranked()
	switch {
	case tie:
		return VerdictTie
	case bad:
		return VerdictBad
	}
	return strings.Join(names, " > ")
}

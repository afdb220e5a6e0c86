package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
)

// LaneRating is a verdict given on a comparison's lane with the target's
// name in view: stars, the winner's mark. The leaderboard shows these apart
// from the blind votes and never fits them.
type LaneRating struct {
	Family       string
	Model        string
	SettingsJSON json.RawMessage
	Rating       int // 0 unrated, 1..5
	Winner       bool
}

// LaneRatings lists the rated or winning lanes of comparisons, with f's
// Tag (on the comparison), Family (the lane's) and Since/Until (the
// comparison's start) applied; its other fields do not apply.
func (s *Store) LaneRatings(ctx context.Context, f VoteFilter) ([]LaneRating, error) {
	where, args := []string{"(l.rating > 0 OR l.winner)"}, []any{}
	if f.Tag != "" {
		where, args = append(where, "EXISTS (SELECT 1 FROM tags g WHERE g.tag = ? AND g.conversation_id = l.conversation_id)"), append(args, f.Tag)
	}
	if f.Family != "" {
		where, args = append(where, "l.family = ?"), append(args, f.Family)
	}
	if !f.Since.IsZero() {
		where, args = append(where, "c.created_at >= ?"), append(args, ms(f.Since))
	}
	if !f.Until.IsZero() {
		where, args = append(where, "c.created_at < ?"), append(args, ms(f.Until))
	}
	rows, err := s.r.QueryContext(ctx, `SELECT l.family, l.model, l.settings_json, l.rating, l.winner
		FROM compare_lanes l JOIN conversations c ON c.id = l.conversation_id
		WHERE `+strings.Join(where, " AND ")+` ORDER BY l.conversation_id, l.turn, l.lane`, args...)
	if err != nil {
		return nil, fmt.Errorf("lane ratings: %w", err)
	}
	out, err := collect(rows, func(sc rowScanner) (LaneRating, error) {
		var r LaneRating
		var settings sql.NullString
		err := sc.Scan(&r.Family, &r.Model, &settings, &r.Rating, &r.Winner)
		r.SettingsJSON = rawJSON(settings)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("lane ratings: %w", err)
	}
	return out, nil
}

// RatedTarget sums up one target's lane ratings: counted, never fitted.
type RatedTarget struct {
	Target string  `json:"target"`
	Rated  int     `json:"rated"` // lanes given stars
	Stars  float64 `json:"stars"` // their mean
	Wins   int     `json:"wins"`  // lanes marked the winner
}

// RatedTargets groups ratings by target, named by name (the leaderboard's
// name of the lane's target), in order of first appearance.
func RatedTargets(ratings []LaneRating, name func(LaneRating) string) []RatedTarget {
	out := []RatedTarget{}
	at := map[string]int{}
	for _, r := range ratings {
		n := name(r)
		i, ok := at[n]
		if !ok {
			i = len(out)
			at[n] = i
			out = append(out, RatedTarget{Target: n})
		}
		rt := &out[i]
		if r.Rating > 0 {
			rt.Stars = (rt.Stars*float64(rt.Rated) + float64(r.Rating)) / float64(rt.Rated+1)
			rt.Rated++
		}
		if r.Winner {
			rt.Wins++
		}
	}
	return out
}

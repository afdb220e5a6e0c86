package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// VoteFilter selects votes. Zero fields select everything but withdrawn
// votes.
type VoteFilter struct {
	Kind VoteKind
	// Tag keeps the votes on a prompt with this tag: the comparison's, or
	// any judged image job's or video task's.
	Tag string
	// Family keeps the votes between targets all of this family: that
	// family's own board.
	Family string
	Since  time.Time
	Until  time.Time // exclusive
	// Blind: nil for both, else only blind or only open votes.
	Blind *bool
	// Item keeps the votes on one history item (chat, compare, image or
	// video).
	Item *ItemRef
	// Withdrawn includes the withdrawn votes too.
	Withdrawn bool
	// Rater keeps one rater's votes: RaterMe for the person's own, else
	// a colleague's name as imported (votes_raters.go); "" for everyone's.
	Rater string
}

// Votes lists the votes f selects, oldest first, with their targets.
func (s *Store) Votes(ctx context.Context, f VoteFilter) ([]Vote, error) {
	where, args, err := voteWhere(f)
	if err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT v.id, v.kind, ifnull(v.conversation_id, 0), v.turn, v.verdict,
		v.blind, v.created_at, v.withdrawn_at, t.letter, t.lane, ifnull(t.image_job_id, 0),
		ifnull(t.video_task_id, 0), t.family, t.model, t.target
		FROM votes v JOIN vote_targets t ON t.vote_id = v.id
		WHERE `+where+` ORDER BY v.created_at, v.id, t.letter`, args...)
	if err != nil {
		return nil, fmt.Errorf("votes: %w", err)
	}
	return votesOf(rows, func(v *Vote, t *VoteTarget) error {
		var at, withdrawn sql.NullInt64
		err := rows.Scan(&v.ID, &v.Kind, &v.ConversationID, &v.Turn, &v.Verdict, &v.Blind, &at, &withdrawn,
			&t.Letter, &t.Lane, &t.ImageJobID, &t.VideoTaskID, &t.Family, &t.Model, &t.Target)
		v.At, v.WithdrawnAt = fromMS(at), fromMS(withdrawn)
		return err
	})
}

// votesOf gathers rows of one vote target each, in vote order, into
// votes: scan reads a row into a vote and a target, the vote's own fields
// kept from its first row.
func votesOf(rows *sql.Rows, scan func(*Vote, *VoteTarget) error) ([]Vote, error) {
	defer rows.Close()
	var out []Vote
	for rows.Next() {
		var v Vote
		var t VoteTarget
		if err := scan(&v, &t); err != nil {
			return nil, fmt.Errorf("votes: %w", err)
		}
		if n := len(out); n == 0 || out[n-1].ID != v.ID {
			out = append(out, v)
		}
		last := &out[len(out)-1]
		last.Targets = append(last.Targets, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("votes: %w", err)
	}
	return out, nil
}

// voteWhere is f as the condition of a query of votes v.
func voteWhere(f VoteFilter) (string, []any, error) {
	where, args := []string{"1"}, []any{}
	add := func(cond string, a ...any) { where, args = append(where, cond), append(args, a...) }
	if f.Kind != "" {
		add("v.kind = ?", f.Kind)
	}
	if f.Tag != "" {
		add(`(EXISTS (SELECT 1 FROM tags g WHERE g.tag = ? AND g.conversation_id = v.conversation_id)
			OR EXISTS (SELECT 1 FROM vote_targets t JOIN tags g ON g.tag = ? AND
				(g.image_job_id = t.image_job_id OR g.video_task_id = t.video_task_id) WHERE t.vote_id = v.id))`,
			f.Tag, f.Tag)
	}
	if f.Family != "" {
		add(`EXISTS (SELECT 1 FROM vote_targets t WHERE t.vote_id = v.id AND t.family = ?)
			AND NOT EXISTS (SELECT 1 FROM vote_targets t WHERE t.vote_id = v.id AND t.family <> ?)`, f.Family, f.Family)
	}
	if !f.Since.IsZero() {
		add("v.created_at >= ?", ms(f.Since))
	}
	if !f.Until.IsZero() {
		add("v.created_at < ?", ms(f.Until))
	}
	if f.Blind != nil {
		add("v.blind = ?", *f.Blind)
	}
	if !f.Withdrawn {
		add("v.withdrawn_at = 0")
	}
	if f.Rater != "" {
		add("v.rater = ?", raterColumn(f.Rater))
	}
	if r := f.Item; r != nil {
		switch r.Kind {
		case KindChat, KindCompare:
			add("v.conversation_id = ?", r.ID)
		case KindImage:
			add("EXISTS (SELECT 1 FROM vote_targets t WHERE t.vote_id = v.id AND t.image_job_id = ?)", r.ID)
		case KindVideo:
			add("EXISTS (SELECT 1 FROM vote_targets t WHERE t.vote_id = v.id AND t.video_task_id = ?)", r.ID)
		default:
			return "", nil, fmt.Errorf("votes: item kind %q: want chat, compare, image or video", r.Kind)
		}
	}
	return strings.Join(where, " AND "), args, nil
}

package store

import (
	"context"
	"fmt"
	"strings"
)

// Marks narrow the history to what the person marked: items
// with a tag, items voted on. They are ItemFilter's, for the listing, and
// KeepMarked's, for a search's hits.
type Marks struct {
	Tags  []string // every one of these tags (as stored: lower case)
	Voted bool     // a vote on it stands (not withdrawn)
	Blind bool     // a blind vote on it stands
	// Label is the label it carries (labels.go), case aside: only image
	// jobs and video tasks carry one.
	Label string
}

// Any reports whether the marks narrow anything.
func (m Marks) Any() bool { return len(m.Tags) > 0 || m.Voted || m.Blind || m.Label != "" }

// markColumns are, per arm rank, the column tags and vote targets refer to
// an item of that arm by.
var markColumns = map[int]string{0: "conversation_id", 1: "image_job_id", 2: "video_task_id"}

// conds are the conditions the marks put on an arm's rows (aliased t),
// with their arguments.
func (m Marks) conds(rank int) ([]string, []any) {
	col := markColumns[rank]
	var where []string
	var args []any
	switch {
	case m.Label == "":
	case itemArms[rank].labels:
		where, args = append(where, labelCond), append(args, m.Label)
	default:
		where = append(where, "0") // a conversation carries no label
	}
	for _, tag := range m.Tags {
		where = append(where, "EXISTS (SELECT 1 FROM tags g WHERE g."+col+" = t.id AND g.tag = ?)")
		args = append(args, tag)
	}
	if m.Voted || m.Blind {
		standing := "v.withdrawn_at = 0"
		if m.Blind {
			standing += " AND v.blind = 1"
		}
		if rank == 0 {
			where = append(where, "EXISTS (SELECT 1 FROM votes v WHERE v.conversation_id = t.id AND "+standing+")")
		} else {
			where = append(where, "EXISTS (SELECT 1 FROM vote_targets vt JOIN votes v ON v.id = vt.vote_id WHERE vt."+
				col+" = t.id AND "+standing+")")
		}
	}
	return where, args
}

// KeepMarked reports which of refs carry the marks: a search's hits are
// narrowed by them after the search, one query per item.
func (s *Store) KeepMarked(ctx context.Context, refs []ItemRef, m Marks) (map[ItemRef]bool, error) {
	keep := map[ItemRef]bool{}
	for _, ref := range refs {
		arm := -1
		for _, a := range itemArms {
			for _, k := range a.kinds {
				if k == ref.Kind {
					arm = a.rank
				}
			}
		}
		if arm < 0 {
			return nil, fmt.Errorf("marks: item kind %q: want chat, compare, image or video", ref.Kind)
		}
		where, args := m.conds(arm)
		table := strings.Fields(itemArms[arm].table)[0]
		var ok bool
		err := s.r.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM "+table+" t WHERE t.id = ? AND "+
			strings.Join(append(where, "1"), " AND ")+")", append([]any{ref.ID}, args...)...).Scan(&ok)
		if err != nil {
			return nil, fmt.Errorf("marks of %s %d: %w", ref.Kind, ref.ID, err)
		}
		keep[ref] = ok
	}
	return keep, nil
}

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Alternatives linked by id (the alternatives migration): a run made
// beside another (Compare's ctrl+r, the Image results' r) joins that
// one's group, held as alt_of, the id of the group's first member. A group is read by its
// index alone, however many comparisons or jobs history holds.

// AltKind is what is grouped: comparisons (conversations) or image jobs.
type AltKind int

const (
	AltComparison AltKind = iota
	AltImageJob
)

// table is the kind's table; a constant, never input.
func (k AltKind) table() string {
	if k == AltImageJob {
		return "image_jobs"
	}
	return "conversations"
}

func (k AltKind) String() string {
	if k == AltImageJob {
		return "image job"
	}
	return "comparison"
}

// LinkAlternative puts id in the group of of, as an alternative made
// beside it: of starts a group when it has none. Both must exist.
func (s *Store) LinkAlternative(ctx context.Context, kind AltKind, of, id int64) error {
	t := kind.table()
	err := s.tx(ctx, func(tx *txn) error {
		var group sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT alt_of FROM `+t+` WHERE id = ?`, of).Scan(&group); err != nil {
			return err
		}
		if !group.Valid {
			group.Int64 = of
			if _, err := tx.ExecContext(ctx, `UPDATE `+t+` SET alt_of = ? WHERE id = ?`, of, of); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `UPDATE `+t+` SET alt_of = ? WHERE id = ?`, group.Int64, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return sql.ErrNoRows
		}
		return nil
	})
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s %d beside %d: %w", kind, id, of, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("%s %d beside %d: %w", kind, id, of, err)
	}
	return nil
}

// Alternatives are the members of id's group, oldest first, id among
// them; id alone when it has none.
func (s *Store) Alternatives(ctx context.Context, kind AltKind, id int64) ([]int64, error) {
	groups, err := s.AlternativeGroups(ctx, kind, []int64{id})
	if err != nil {
		return nil, err
	}
	if g, ok := groups[id]; ok {
		return g, nil
	}
	return []int64{id}, nil
}

// AlternativeGroups are the groups of ids that have one (two members or
// more), by id, each oldest first: one query for a listing's rows.
func (s *Store) AlternativeGroups(ctx context.Context, kind AltKind, ids []int64) (map[int64][]int64, error) {
	out := map[int64][]int64{}
	if len(ids) == 0 {
		return out, nil
	}
	t := kind.table()
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
	rows, err := s.r.QueryContext(ctx, `SELECT m.alt_of, m.id FROM `+t+` m
		WHERE m.alt_of IN (SELECT alt_of FROM `+t+` WHERE id IN (`+marks+`) AND alt_of IS NOT NULL)
		ORDER BY m.alt_of, m.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("alternatives of %ss: %w", kind, err)
	}
	defer rows.Close()
	byGroup := map[int64][]int64{}
	for rows.Next() {
		var g, id int64
		if err := rows.Scan(&g, &id); err != nil {
			return nil, fmt.Errorf("alternatives of %ss: %w", kind, err)
		}
		byGroup[g] = append(byGroup[g], id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("alternatives of %ss: %w", kind, err)
	}
	for _, members := range byGroup {
		if len(members) < 2 {
			continue
		}
		for _, id := range members {
			out[id] = members
		}
	}
	return out, nil
}

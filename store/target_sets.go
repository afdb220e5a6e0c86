package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"atelier/client"
)

// TargetSet is a named list of chat targets with their settings, as the
// command line writes them (FAMILY:MODEL[:key=value,...]).
type TargetSet struct {
	Name      string
	Targets   []string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// MaxTargetSet is how many targets a set holds at most: a comparison
// takes 2 to 4 of them, a batch all.
const MaxTargetSet = 16

// ArenaTargetSet is the set the Arena adds the pairs it runs to.
const ArenaTargetSet = "arena"

// CheckTargetSetName refuses a name that is empty, longer than 64
// characters, or holds a control character, naming the rule.
func CheckTargetSetName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("target set name: must not be empty")
	case len([]rune(name)) > 64:
		return fmt.Errorf("target set name: at most 64 characters (got %d)", len([]rune(name)))
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return errors.New("target set name: must hold no control characters")
	}
	return nil
}

// checkTargets refuses a list that is empty, too long, or holds a target
// the client cannot read, naming which; duplicates are dropped, the first
// kept. Each target is written back as FormatChatTarget writes it.
func checkTargets(targets []string) ([]string, error) {
	var out []string
	for i, s := range targets {
		t, err := client.ParseChatTarget(s)
		if err != nil {
			return nil, fmt.Errorf("target set: target %d: %w", i+1, err)
		}
		if spec := client.FormatChatTarget(t); !slices.Contains(out, spec) {
			out = append(out, spec)
		}
	}
	switch {
	case len(out) == 0:
		return nil, errors.New("target set: give at least one target")
	case len(out) > MaxTargetSet:
		return nil, fmt.Errorf("target set: at most %d targets (got %d)", MaxTargetSet, len(out))
	}
	return out, nil
}

// SaveTargetSet saves targets under name, replacing what the name held
// (names are matched without regard to case).
func (s *Store) SaveTargetSet(ctx context.Context, name string, targets []string) error {
	if err := CheckTargetSetName(name); err != nil {
		return err
	}
	targets, err := checkTargets(targets)
	if err != nil {
		return err
	}
	raw, _ := json.Marshal(targets)
	now := s.nowMS()
	_, err = s.w.ExecContext(ctx, `INSERT INTO target_sets (name, targets, created_at, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET targets = excluded.targets, updated_at = excluded.updated_at`,
		strings.TrimSpace(name), string(raw), now, now)
	if err != nil {
		return fmt.Errorf("save target set %q: %w", name, err)
	}
	return nil
}

// AddToTargetSet adds targets to the set name (made when there is none),
// after those it holds, leaving out those it holds already: a set is
// added to, never replaced. It reports how many were added.
func (s *Store) AddToTargetSet(ctx context.Context, name string, targets []string) (int, error) {
	added := 0
	err := s.tx(ctx, func(tx *txn) error {
		var raw string
		var have []string
		err := tx.QueryRowContext(ctx, `SELECT targets FROM target_sets WHERE name = ?`, name).Scan(&raw)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return err
		default:
			if err := json.Unmarshal([]byte(raw), &have); err != nil {
				return err
			}
		}
		all, err := checkTargets(append(slices.Clone(have), targets...))
		if err != nil {
			return err
		}
		added = len(all) - len(have)
		b, _ := json.Marshal(all)
		now := s.nowMS()
		_, err = tx.ExecContext(ctx, `INSERT INTO target_sets (name, targets, created_at, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (name) DO UPDATE SET targets = excluded.targets, updated_at = excluded.updated_at`,
			name, string(b), now, now)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("add to target set %q: %w", name, err)
	}
	return added, nil
}

// TargetSets are every saved set, by name.
func (s *Store) TargetSets(ctx context.Context) ([]TargetSet, error) {
	out, err := selectAll(ctx, s.r, scanTargetSet, `SELECT name, targets, created_at, updated_at FROM target_sets ORDER BY name COLLATE NOCASE`)
	if err != nil {
		return nil, fmt.Errorf("target sets: %w", err)
	}
	return out, nil
}

// TargetSetNamed is the set saved under name; ErrNotFound when none is.
func (s *Store) TargetSetNamed(ctx context.Context, name string) (*TargetSet, error) {
	ts, err := scanTargetSet(s.r.QueryRowContext(ctx, `SELECT name, targets, created_at, updated_at FROM target_sets WHERE name = ?`, name))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("target set %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("target set %q: %w", name, err)
	}
	return &ts, nil
}

// DeleteTargetSet deletes the set name; ErrNotFound when there is none.
func (s *Store) DeleteTargetSet(ctx context.Context, name string) error {
	res, err := s.w.ExecContext(ctx, `DELETE FROM target_sets WHERE name = ?`, name)
	if err != nil {
		return fmt.Errorf("delete target set %q: %w", name, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("delete target set %q: %w", name, ErrNotFound)
	}
	return nil
}

func scanTargetSet(row rowScanner) (TargetSet, error) {
	var ts TargetSet
	var raw string
	var created, updated sql.NullInt64
	if err := row.Scan(&ts.Name, &raw, &created, &updated); err != nil {
		return ts, err
	}
	if err := json.Unmarshal([]byte(raw), &ts.Targets); err != nil {
		return ts, fmt.Errorf("its targets: %w", err)
	}
	ts.CreatedAt, ts.UpdatedAt = fromMS(created), fromMS(updated)
	return ts, nil
}

package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A label is the idea an image job or a video task belongs to: one
// per item, typed by the person, shown in the lists and
// filtered by. Unlike tags (tags.go) it keeps the case it was typed in;
// filters match it without case (ASCII, as SQLite's NOCASE does).

// MaxLabelLen bounds a label, in characters (runes): a name, not a note.
const MaxLabelLen = 40

// NormalizeLabel is a label as stored: trimmed of spaces. It is an error,
// naming the field and the rule, if it is empty once trimmed, longer than
// MaxLabelLen characters, not UTF-8, or holds a control character (a line
// break, a tab, an escape).
func NormalizeLabel(label string) (string, error) {
	l := strings.TrimSpace(label)
	// The rule comes first and the value last, cut: a form shows the
	// start of the message beside the row.
	switch {
	case l == "":
		return "", fmt.Errorf("label: empty: a label is 1 to %d characters", MaxLabelLen)
	case !utf8.ValidString(l):
		return "", fmt.Errorf("label: not valid UTF-8 (%s)", quoteCut(label))
	case utf8.RuneCountInString(l) > MaxLabelLen:
		return "", fmt.Errorf("label: longer than %d characters (%d: %s)", MaxLabelLen, utf8.RuneCountInString(l), quoteCut(l))
	case strings.ContainsFunc(l, unicode.IsControl):
		return "", fmt.Errorf("label: no control characters: line breaks, tabs, escapes (%s)", quoteCut(l))
	}
	return l, nil
}

// quoteCut is a value quoted for an error, its first 16 characters.
func quoteCut(s string) string {
	if r := []rune(s); len(r) > 16 {
		return strconv.Quote(string(r[:16])) + "…"
	}
	return strconv.Quote(s)
}

// labelTable is the table of the items of kind, which carry labels.
func labelTable(kind Kind) (string, error) {
	switch kind {
	case KindImage:
		return "image_jobs", nil
	case KindVideo:
		return "video_tasks", nil
	}
	return "", fmt.Errorf("label: item kind %q: only image and video items carry a label", kind)
}

// SetLabel labels an existing image job or video task, replacing its label;
// the label is normalised first (NormalizeLabel). The row's updated_at
// moves, so views that follow the store see the change.
func (s *Store) SetLabel(ctx context.Context, ref ItemRef, label string) error {
	l, err := NormalizeLabel(label)
	if err != nil {
		return fmt.Errorf("set label of %s %d: %w", ref.Kind, ref.ID, err)
	}
	return s.writeLabel(ctx, ref, l)
}

// ClearLabel takes an item's label away.
func (s *Store) ClearLabel(ctx context.Context, ref ItemRef) error { return s.writeLabel(ctx, ref, "") }

// writeLabel stores l ("" for none) on ref's row.
func (s *Store) writeLabel(ctx context.Context, ref ItemRef, l string) error {
	table, err := labelTable(ref.Kind)
	if err != nil {
		return err
	}
	err = s.tx(ctx, func(tx *txn) error {
		// updated_at moves even within the same millisecond: the Video
		// tab reads its tasks again only when their stamp moved.
		res, err := tx.ExecContext(ctx, `UPDATE `+table+` SET label = ?, updated_at = max(updated_at + 1, ?)
			WHERE id = ?`, l, s.nowMS(), ref.ID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("label %s %d: %w", ref.Kind, ref.ID, err)
	}
	if ref.Kind == KindImage {
		s.setRecipeLabel(ref.ID, l)
	}
	return nil
}

// Labels lists the labels in use, the one of the newest labelled item
// first, at most limit (all when limit <= 0): what completion offers.
// Labels that differ only in (ASCII) case are one, spelled as the newest
// item spells it (SQLite takes a bare column from the row max() chose).
func (s *Store) Labels(ctx context.Context, limit int) ([]string, error) {
	if limit <= 0 {
		limit = -1
	}
	rows, err := s.r.QueryContext(ctx, `SELECT label, max(at) AS last FROM (
			SELECT label, created_at AS at FROM image_jobs WHERE label != ''
			UNION ALL SELECT label, submitted_at FROM video_tasks WHERE label != '')
		GROUP BY label COLLATE NOCASE ORDER BY last DESC, label LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("labels: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var l string
		var last int64
		if err := rows.Scan(&l, &last); err != nil {
			return nil, fmt.Errorf("labels: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("labels: %w", err)
	}
	return out, nil
}

// labelCond is the condition that a row (aliased t) carries label, without
// case; with the index's own term so SQLite uses the partial index.
const labelCond = "t.label != '' AND t.label = ? COLLATE NOCASE"

package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// maxTagLen bounds a tag: a word or two, not a note.
const maxTagLen = 40

// tagColumn is the tags column that refers to an item of ref's kind.
func tagColumn(ref ItemRef) (string, error) {
	switch ref.Kind {
	case KindChat, KindCompare:
		return "conversation_id", nil
	case KindImage:
		return "image_job_id", nil
	case KindVideo:
		return "video_task_id", nil
	}
	return "", fmt.Errorf("tags: item kind %q: want chat, compare, image or video", ref.Kind)
}

// NormalizeTag is a tag as stored: trimmed, lower-case. It is an error if
// empty, longer than 40 characters or holding a comma (tags are typed as a
// comma-separated list).
func NormalizeTag(tag string) (string, error) {
	t := strings.ToLower(strings.TrimSpace(tag))
	switch {
	case t == "":
		return "", fmt.Errorf("tag %q: empty", tag)
	case utf8.RuneCountInString(t) > maxTagLen:
		return "", fmt.Errorf("tag %q: longer than %d characters", tag, maxTagLen)
	case strings.ContainsAny(t, ",\n\t"):
		return "", fmt.Errorf("tag %q: no commas, tabs or line breaks", tag)
	}
	return t, nil
}

// SetTags replaces an item's tags.
func (s *Store) SetTags(ctx context.Context, ref ItemRef, tags []string) error {
	col, err := tagColumn(ref)
	if err != nil {
		return err
	}
	var clean []string
	for _, t := range tags {
		n, err := NormalizeTag(t)
		if err != nil {
			return fmt.Errorf("set tags: %w", err)
		}
		if !slices.Contains(clean, n) {
			clean = append(clean, n)
		}
	}
	err = s.tx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM tags WHERE `+col+` = ?`, ref.ID); err != nil {
			return err
		}
		for _, t := range clean {
			if _, err := tx.ExecContext(ctx, `INSERT INTO tags (tag, `+col+`) VALUES (?, ?)`, t, ref.ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("set tags of %s %d: %w", ref.Kind, ref.ID, err)
	}
	return nil
}

// Tags returns an item's tags in order.
func (s *Store) Tags(ctx context.Context, ref ItemRef) ([]string, error) {
	col, err := tagColumn(ref)
	if err != nil {
		return nil, err
	}
	out, err := selectAll(ctx, s.r, scanValue[string], `SELECT tag FROM tags WHERE `+col+` = ? ORDER BY tag`, ref.ID)
	if err != nil {
		return nil, fmt.Errorf("tags of %s %d: %w", ref.Kind, ref.ID, err)
	}
	return out, nil
}

// AllTags lists every tag in the history, in order: the boards split by
// tag read one board per tag.
func (s *Store) AllTags(ctx context.Context) ([]string, error) {
	out, err := selectAll(ctx, s.r, scanValue[string], `SELECT DISTINCT tag FROM tags ORDER BY tag`)
	if err != nil {
		return nil, fmt.Errorf("tags: %w", err)
	}
	return out, nil
}

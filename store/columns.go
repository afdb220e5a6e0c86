package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"time"
)

// querier is what reads need from *sql.DB, *txn and *sql.Conn alike.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// rowScanner is a *sql.Row or *sql.Rows: what the scan functions read.
type rowScanner interface{ Scan(dest ...any) error }

// collect reads every row with scan, then closes rows.
func collect[T any](rows *sql.Rows, scan func(rowScanner) (T, error)) ([]T, error) {
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// selectAll runs query on q and reads every row it returns with scan.
func selectAll[T any](ctx context.Context, q querier, scan func(rowScanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return collect(rows, scan)
}

// scanValue reads a row of one column.
func scanValue[T any](sc rowScanner) (v T, err error) { return v, sc.Scan(&v) }

// jsonArg stores raw JSON as text, and no JSON as NULL.
func jsonArg(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	return string(raw)
}

// rawJSON reads a JSON column back; NULL becomes nil.
func rawJSON(v sql.NullString) json.RawMessage {
	if !v.Valid || v.String == "" {
		return nil
	}
	return json.RawMessage(v.String)
}

// nullInt stores 0 as NULL: a count that was never reported.
func nullInt(v int64) any {
	if v == 0 {
		return nil
	}
	return v
}

// nullDur stores a duration as whole milliseconds, 0 as NULL. A time under
// a millisecond is kept as one: stored as 0 it would read back as not
// known, and a first token the screen timed at 0.4 ms was left blank in
// the reports.
func nullDur(d time.Duration) any {
	if d <= 0 {
		return nil
	}
	return max(d.Milliseconds(), 1)
}

// dur reads a millisecond column back.
func dur(v sql.NullInt64) time.Duration { return time.Duration(v.Int64) * time.Millisecond }

// intPtrArg stores an optional int, nil as NULL.
func intPtrArg(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

// intPtr reads an optional int back.
func intPtr(v sql.NullInt64) *int {
	if !v.Valid {
		return nil
	}
	n := int(v.Int64)
	return &n
}

// samePos compares a stored optional int with a new one.
func samePos(old sql.NullInt64, p *int) bool {
	if p == nil {
		return !old.Valid
	}
	return old.Valid && old.Int64 == int64(*p)
}

// compactJSON normalises JSON for comparison and storage: whitespace
// removed, and null or nothing as nil. Bytes that are not JSON are kept as
// a JSON string.
func compactJSON(raw json.RawMessage) json.RawMessage {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return nil
	}
	var b bytes.Buffer
	if json.Compact(&b, t) != nil {
		s, _ := json.Marshal(string(t))
		return s
	}
	return b.Bytes()
}

package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one numbered schema step; the database's PRAGMA user_version
// is the number of the last step applied.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations are the embedded steps in order, read once at start-up.
var migrations = mustLoadMigrations(migrationFiles)

// SchemaVersion is the schema version this build of atelier writes.
var SchemaVersion = len(migrations)

// mustLoadMigrations reads migrations/NNNN_name.sql, insisting on numbers
// 1, 2, 3... with no gap, so a misnamed file fails every test at once.
func mustLoadMigrations(fsys fs.FS) []migration {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		panic(err)
	}
	var out []migration
	for i, name := range names { // Glob returns names sorted
		base := path.Base(name)
		num, rest, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v != i+1 {
			panic(fmt.Sprintf("store: migration %s: want number %04d", base, i+1))
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			panic(err)
		}
		out = append(out, migration{version: v, name: strings.TrimSuffix(rest, ".sql"), sql: string(b)})
	}
	return out
}

// migrate applies the steps the database lacks, all in one transaction, so a
// failure leaves the schema as it was. Two processes starting at once are
// serialised by the IMMEDIATE transaction; the second finds nothing to do.
func migrate(ctx context.Context, db *sql.DB, steps []migration) error {
	v, err := userVersion(ctx, db)
	if err != nil {
		return err
	}
	if v == len(steps) {
		return nil // the common case: no write lock taken
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return err
	}
	if v > len(steps) {
		return fmt.Errorf("database schema version %d is newer than this atelier knows (%d): upgrade atelier", v, len(steps))
	}
	for _, m := range steps[v:] {
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("migration %04d_%s: %w", m.version, m.name, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version)); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// userVersion reads PRAGMA user_version.
func userVersion(ctx context.Context, db *sql.DB) (int, error) {
	var v int
	err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}

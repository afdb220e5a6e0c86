package store

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// fixtures are the rows each schema version can hold, written with that
// version's own SQL: what a user of that version would have on disk.
var fixtures = map[int][]string{
	1: {
		`INSERT INTO conversations (id, kind, title, created_at, updated_at) VALUES (1, 'chat', 'Tea haiku', 1000, 1000)`,
		`INSERT INTO messages (id, conversation_id, role, text, created_at, updated_at)
			VALUES (1, 1, 'user', 'write a haiku about a lighthouse', 1000, 1000)`,
		`INSERT INTO messages (id, conversation_id, role, family, model, text, status, created_at, updated_at)
			VALUES (2, 1, 'assistant', 'alpha', 'model-x', 'Steam curls from the cup', 'complete', 1001, 1001)`,
		`INSERT INTO image_jobs (id, model, prompt, status, created_at, updated_at)
			VALUES (1, 'gamma/image-2', 'a lighthouse in fog, watercolor', 'complete', 1002, 1002)`,
		`INSERT INTO video_tasks (id, request_id, endpoint, family, prompt, status, queue_position, submitted_at, updated_at)
			VALUES (1, 'rq-1', 'videob/o3/pro/text-to-video', 'videob', 'the lighthouse beam sweeps', 'IN_PROGRESS', 3, 1003, 1004)`,
	},
	2: {
		`INSERT INTO messages (id, conversation_id, role, text, created_at, updated_at)
			VALUES (3, 1, 'user', 'and one about a harbour', 1005, 1005)`,
	},
	6: { // a batch whose cell is a conversation
		`INSERT INTO batches (id, name, plan_json, status, created_at, updated_at) VALUES (1, 'caps', '{}', 'done', 1006, 1006)`,
		`INSERT INTO conversations (id, kind, title, created_at, updated_at) VALUES (2, 'chat', 'batch caps: a → b (1/1)', 1006, 1006)`,
		`INSERT INTO batch_cells (batch_id, cell, prompt, case_idx, target, repeat, status, conversation_id)
			VALUES (1, 0, 0, 0, 0, 0, 'done', 2)`,
	},
	8: { // an image batch whose cell is an image job
		`INSERT INTO batches (id, name, plan_json, status, created_at, updated_at) VALUES (2, 'pics', '{}', 'done', 1007, 1007)`,
		`INSERT INTO image_jobs (id, model, prompt, status, created_at, updated_at)
			VALUES (2, 'gamma/image-2', 'a cell', 'complete', 1007, 1007)`,
		`INSERT INTO batch_cells (batch_id, cell, prompt, case_idx, target, repeat, status, image_job_id)
			VALUES (2, 0, 0, 0, 0, 0, 'done', 2)`,
	},
	9: { // a writer at version 9 names a cell's row after its batch as it makes it
		`UPDATE conversations SET batch_id = 1 WHERE id = 2`,
		`UPDATE image_jobs SET batch_id = 2 WHERE id = 2`,
	},
}

// schemas are the empty databases at every schema version before the
// last, each made by one more step from the one before, so that the test
// of every version's migration runs each step once to build them rather
// than all the steps up to each.
type schemas []string

// buildSchemas writes the empty database at each version 0 to
// SchemaVersion-1 into dir.
func buildSchemas(t *testing.T, dir string) schemas {
	t.Helper()
	db := migratedTo(t, t.TempDir(), 0)
	defer db.Close()
	out := make(schemas, SchemaVersion)
	for v := range SchemaVersion {
		if err := migrate(bg, db, migrations[:v]); err != nil {
			t.Fatal(err)
		}
		out[v] = filepath.Join(dir, fmt.Sprintf("v%d.db", v))
		if _, err := db.Exec(`VACUUM INTO ?`, out[v]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// buildAt creates a database at schema version v holding the fixtures of
// versions up to v, from its empty schema.
func (sc schemas) buildAt(t *testing.T, dir string, v int) {
	t.Helper()
	b, err := os.ReadFile(sc[v])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, FileName), b, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", dsn(filepath.Join(dir, FileName), writerPragmas))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for i := 1; i <= v; i++ {
		for _, q := range fixtures[i] {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("fixture of version %d: %v", i, err)
			}
		}
	}
	if got := must[int](t)(userVersion(bg, db)); got != v {
		t.Fatalf("built version %d, want %d", got, v)
	}
}

// migratedTo opens a new database in dir and runs the first v migrations.
func migratedTo(t *testing.T, dir string, v int) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(filepath.Join(dir, FileName), writerPragmas))
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(bg, db, migrations[:v]); err != nil {
		db.Close()
		t.Fatal(err)
	}
	return db
}

// openThrough builds a database just before the migration named name,
// with the rows of fixtures, and opens it, which runs that migration and
// the later ones.
func openThrough(t *testing.T, name string, fixtures ...string) *Store {
	t.Helper()
	v := slices.IndexFunc(migrations, func(m migration) bool { return m.name == name })
	if v < 0 {
		t.Fatalf("no %s migration", name)
	}
	dir := t.TempDir()
	db := migratedTo(t, dir, v)
	defer db.Close()
	for _, q := range fixtures {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s := must[*Store](t)(Open(dir))
	t.Cleanup(func() { s.Close() })
	return s
}

func TestMigrateFromEveryEarlierVersion(t *testing.T) {
	t.Parallel()
	if SchemaVersion < 3 {
		t.Fatalf("schema version %d: this test expects at least 3 steps", SchemaVersion)
	}
	sc := buildSchemas(t, t.TempDir())
	for v := 0; v < SchemaVersion; v++ {
		t.Run(fmt.Sprintf("from_v%d", v), func(t *testing.T) {
			dir := t.TempDir()
			sc.buildAt(t, dir, v)
			s := must[*Store](t)(Open(dir))
			defer s.Close()
			if got := must[int](t)(userVersion(bg, s.r.DB)); got != SchemaVersion {
				t.Fatalf("version %d after open, want %d", got, SchemaVersion)
			}
			if v == 0 {
				return
			}
			c := must[*Conversation](t)(s.Conversation(bg, 1))
			wantMsgs := 2
			if v >= 2 {
				wantMsgs = 3
			}
			if c.Title != "Tea haiku" || len(c.Messages) != wantMsgs || c.Messages[1].Text != "Steam curls from the cup" {
				t.Fatalf("conversation after migration: %+v", c)
			}
			// 0002 indexed the rows that were already there.
			hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "lighthouse"}))
			if len(hits) != 3 {
				t.Fatalf("search after migration: %d hits, want message, image and video", len(hits))
			}
			// 0003 gave the existing task one event with its latest status
			// (a task written at version 3 or later has none: its writer
			// would have recorded them).
			task := must[*VideoTask](t)(s.VideoTask(bg, "rq-1"))
			if v < 3 && (len(task.Events) != 1 || task.Events[0].Status != "IN_PROGRESS" || *task.Events[0].QueuePosition != 3) {
				t.Fatalf("video events after migration: %+v", task.Events)
			}
			// 0004's indexes answer the filters on rows that were there.
			if items := must[[]Item](t)(s.Items(bg, ItemFilter{Model: "model-x"})); len(items) != 1 || items[0].ID != 1 {
				t.Fatalf("filter by model after migration: %+v", items)
			}
			// 0009 named the cells' rows after their batches: they stay
			// with them, and each batch is one item of the listing.
			want := []string{"video:1", "image:1", "chat:1"}
			if v >= 2 { // its message of 1005 moved the conversation up
				want = []string{"chat:1", "video:1", "image:1"}
			}
			if v >= 6 {
				want = append([]string{"batch:1"}, want...)
			}
			if v >= 8 {
				want = append([]string{"batch:2"}, want...) // the newest
			}
			if got := refs(must[[]Item](t)(s.Items(bg, ItemFilter{}))); !slices.Equal(got, want) {
				t.Fatalf("items after migration: %v, want %v", got, want)
			}
			if v >= 6 {
				if got := refs(must[[]Item](t)(s.Items(bg, ItemFilter{Batch: 1}))); !slices.Equal(got, []string{"chat:2"}) {
					t.Fatalf("cells of batch 1 after migration: %v", got)
				}
			}
			if v >= 8 {
				if got := refs(must[[]Item](t)(s.Items(bg, ItemFilter{Batch: 2}))); !slices.Equal(got, []string{"image:2"}) {
					t.Fatalf("cells of batch 2 after migration: %v", got)
				}
			}
			// And the migrated database works as a new one does.
			if ch, err := s.RecordVideoStatus(bg, "rq-1", VideoStatus{Status: "COMPLETED"}); err != nil || !ch {
				t.Fatalf("record status: %v %v", ch, err)
			}
		})
	}
}

func TestOpenRejectsNewerSchema(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := must[*Store](t)(Open(dir))
	s.w.Exec(`PRAGMA user_version = 999`)
	s.Close()
	_, err := Open(dir)
	if err == nil || !strings.Contains(err.Error(), "newer than this atelier") {
		t.Fatalf("err = %v", err)
	}
}

func TestMigrationFilesMustBeNumberedInOrder(t *testing.T) {
	t.Parallel()
	ok := fstest.MapFS{
		"migrations/0001_a.sql": {Data: []byte("CREATE TABLE a (x);")},
		"migrations/0002_b.sql": {Data: []byte("CREATE TABLE b (x);")},
	}
	if m := mustLoadMigrations(ok); len(m) != 2 || m[1].name != "b" {
		t.Fatalf("%+v", m)
	}
	gap := fstest.MapFS{
		"migrations/0001_a.sql": {Data: []byte("")},
		"migrations/0003_c.sql": {Data: []byte("")},
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a gap in the numbering did not panic")
		}
	}()
	mustLoadMigrations(gap)
}

func TestMigrationIsAtomic(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", dsn(filepath.Join(dir, FileName), writerPragmas))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	steps := append(append([]migration(nil), migrations...),
		migration{version: len(migrations) + 1, name: "broken", sql: "CREATE TABLE ok (x); SELECT * FROM missing;"})
	if err := migrate(bg, db, steps); err == nil || !strings.Contains(err.Error(), "broken") {
		t.Fatalf("err = %v", err)
	}
	if v := must[int](t)(userVersion(bg, db)); v != 0 {
		t.Fatalf("a failed migration left version %d", v)
	}
}

package storetest

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"atelier/store"
)

var bg = context.Background()

// The template is a database at this build's schema version: SQLite keeps
// PRAGMA user_version, the migrations' count, at byte 60 of the header.
func TestTemplateIsAtTheSchemaVersion(t *testing.T) {
	b, err := template()
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 100 || string(b[:16]) != "SQLite format 3\x00" {
		t.Fatalf("the template is not an SQLite database (%d bytes)", len(b))
	}
	if v := binary.BigEndian.Uint32(b[60:64]); int(v) != store.SchemaVersion {
		t.Fatalf("the template's user_version is %d, want %d", v, store.SchemaVersion)
	}
}

// Each store is its own copy: what one test writes, another never sees,
// and the file is the owner's alone, as store.Open makes it.
func TestStoresAreCopies(t *testing.T) {
	a, b := Open(t, ""), Open(t, "")
	if _, err := a.NewConversation(bg, store.KindChat, "only in a"); err != nil {
		t.Fatal(err)
	}
	for name, db := range map[string]*store.Store{"a": a, "b": b} {
		want := map[string]int{"a": 1, "b": 0}[name]
		if cs, err := db.Conversations(bg, store.ConversationQuery{}); err != nil || len(cs) != want {
			t.Errorf("store %s: %d conversations, %v; want %d", name, len(cs), err, want)
		}
		if fi, err := os.Stat(db.Path()); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("store %s: the database file is %v, %v; want 0600", name, fi.Mode().Perm(), err)
		}
	}
}

// Seed leaves a folder's database alone: a store reopened is the one the
// test wrote, not a fresh template.
func TestSeedKeepsADatabase(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	db := Open(t, dir)
	if _, err := db.NewConversation(bg, store.KindChat, "kept"); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	again := Open(t, dir)
	if cs, err := again.Conversations(bg, store.ConversationQuery{}); err != nil || len(cs) != 1 || cs[0].Title != "kept" {
		t.Fatalf("reopened: %+v, %v", cs, err)
	}
}

// Dir is a folder of its own holding the template: store.Open finds the
// schema there and the folder's history empty.
func TestDirHoldsTheTemplate(t *testing.T) {
	a, b := Dir(t), Dir(t)
	if a == b {
		t.Fatalf("two tests' folders are one: %s", a)
	}
	if _, err := os.Stat(filepath.Join(a, store.FileName)); err != nil {
		t.Fatalf("no database in the folder: %v", err)
	}
	db, err := store.Open(a)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if cs, err := db.Conversations(bg, store.ConversationQuery{}); err != nil || len(cs) != 0 {
		t.Fatalf("%d conversations, %v; want an empty history", len(cs), err)
	}
}

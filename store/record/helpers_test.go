package record

import (
	"context"
	"testing"

	"atelier/client"
	"atelier/store"
	"atelier/store/storetest"
)

// openStore opens a history in a temporary folder, closed at the end of the
// test (a copy of storetest's template).
func openStore(t *testing.T) *store.Store {
	t.Helper()
	return storetest.Open(t, "")
}

// target parses a chat target or fails the test.
func target(t *testing.T, spec string) client.ChatTarget {
	t.Helper()
	tg, err := client.ParseChatTarget(spec)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// conversation, message and job read a row back, or fail the test.
func conversation(t *testing.T, db *store.Store, id int64) *store.Conversation {
	return must[*store.Conversation](t)(db.Conversation(context.Background(), id))
}

func message(t *testing.T, db *store.Store, id int64) *store.Message {
	return must[*store.Message](t)(db.Message(context.Background(), id))
}

func job(t *testing.T, db *store.Store, id int64) *store.ImageJob {
	return must[*store.ImageJob](t)(db.ImageJob(context.Background(), id))
}

// must fails the test on an error and returns the value.
func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

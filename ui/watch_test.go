package ui

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// watchClock is a status bar clock that holds the looks at the store it is
// asked for, for the test to run one at a time; other lifetimes never end.
type watchClock struct{ due []func(time.Time) tea.Msg }

func (c *watchClock) tick(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	if d == watchEvery {
		c.due = append(c.due, fn)
	}
	return nil
}

// look runs the one look due, as its tick would, and returns its message.
func (c *watchClock) look(t testing.TB) tea.Msg {
	t.Helper()
	if len(c.due) != 1 {
		t.Fatalf("%d looks at the store are due, want 1", len(c.due))
	}
	fn := c.due[0]
	c.due = nil
	return fn(time.Now())
}

// watchedDeps are testDeps over a store in dir, on a watchClock.
func watchedDeps(t *testing.T, dir string) (Deps, *store.Store, *watchClock) {
	t.Helper()
	db := tabtest.OpenStore(t, dir)
	c := &watchClock{}
	d := testDeps(t)
	d.Store, d.Tick = db, c.tick
	return d, db, c
}

// changes counts the StoreChangedMsg a fake screen was given.
func changes(f *fakeScreen) (n int, last tab.StoreChangedMsg) {
	for _, g := range f.got {
		if c, ok := g.(tab.StoreChangedMsg); ok {
			n, last = n+1, c
		}
	}
	return n, last
}

// The shell looks at the store's version every half second, from Init on,
// and tells every tab when it moved: at the first look (the tabs' first
// loads may have missed a write), then after a write by this process or
// another, never while nothing was written. It always looks again.
func TestShellTellsTheTabsWhenTheStoreChanged(t *testing.T) {
	dir := t.TempDir()
	deps, db, clock := watchedDeps(t, dir)
	m, fakes := withFakes(New(deps))
	m = start(t, m)
	m = send(t, m, tabtest.Press("alt+5")) // History on screen

	want := 0
	lookAndCheck := func(why string, moved bool) {
		t.Helper()
		m = send(t, m, clock.look(t))
		if moved {
			want++
		}
		for id, f := range fakes {
			n, last := changes(f)
			if n != want {
				t.Fatalf("%s: tab %d was told %d times, want %d", why, id, n, want)
			}
			if n > 0 && last.Shown != tab.History {
				t.Fatalf("%s: told tab %v was shown, not History", why, last.Shown)
			}
		}
	}
	lookAndCheck("the first look", true)
	lookAndCheck("nothing written", false)
	lookAndCheck("still nothing", false)

	tabtest.Must[int64](t)(db.NewConversation(bg, store.KindChat, "this process"))
	lookAndCheck("a write of this process", true)
	lookAndCheck("nothing since", false)

	other := tabtest.OpenStore(t, dir) // another process, as SQLite sees it
	tabtest.Must[int64](t)(other.NewConversation(bg, store.KindCompare, "another process"))
	lookAndCheck("a write of another", true)
}

// Without a store there is nothing to watch: no look is asked for.
func TestShellWatchesNoStore(t *testing.T) {
	clock := &watchClock{}
	deps := testDeps(t)
	deps.Tick = clock.tick
	start(t, New(deps))
	if len(clock.due) != 0 {
		t.Fatalf("%d looks asked for without a store", len(clock.due))
	}
}

// An idle TUI reads nothing but the version: once every tab has loaded
// what it shows and taken in the first look, looks that find nothing
// written make no read of the history at all, whichever tab shows.
func TestIdleShellReadsNothing(t *testing.T) {
	deps, db, clock := watchedDeps(t, t.TempDir())
	fillHistory(t, db)
	m := start(t, New(deps))
	m = send(t, m, clock.look(t)) // the first look: every tab reloads
	for id := range tab.Count {
		m = send(t, m, tabtest.Press("alt+"+string(rune('1'+id))))
		before := db.Reads()
		for range 5 {
			m = send(t, m, clock.look(t))
		}
		if n := db.Reads() - before; n != 0 {
			t.Fatalf("with tab %d shown, 5 idle looks read the history %d times", id, n)
		}
	}
}

// fillHistory records a little of everything the views list.
func fillHistory(t testing.TB, db *store.Store) {
	t.Helper()
	for _, k := range []store.Kind{store.KindChat, store.KindCompare} {
		c := tabtest.Must[int64](t)(db.NewConversation(bg, k, string(k)+" one"))
		tabtest.Must[int64](t)(db.AddMessage(bg, store.Message{ConversationID: c, Role: store.RoleUser, Text: "hello"}))
	}
	tabtest.Must[int64](t)(db.AddImageJob(bg, store.ImageJobStart{Endpoint: store.ImageGenerate, Model: "m", Prompt: "a kite"}))
}

// BenchmarkIdleWatch is what an idle TUI costs: one look at the store's
// version, and the shell's handling of it, every half second. reads/op
// must stay 0: no list is read while nothing changes.
func BenchmarkIdleWatch(b *testing.B) {
	db := tabtest.OpenStore(b, b.TempDir())
	fillHistory(b, db)
	clock := &watchClock{}
	keys, _ := memKeys()
	deps := Deps{Store: db, Keys: keys, Settings: store.DefaultSettings(), SettingsPath: b.TempDir() + "/config.toml",
		Now: func() time.Time { return testNow }, Tick: clock.tick}
	m := New(deps)
	m = drive(b, m, run(m.Init())...)
	m = drive(b, m, clock.look(b))
	before := db.Reads()
	b.ReportAllocs()
	for b.Loop() {
		m = drive(b, m, clock.look(b))
	}
	b.ReportMetric(float64(db.Reads()-before)/float64(b.N), "reads/op")
}

// drive is send for a benchmark: msgs and the messages of their commands
// through Update until none is left.
func drive(b *testing.B, m Model, msgs ...tea.Msg) Model {
	b.Helper()
	queue := msgs
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10_000 {
			b.Fatal("messages keep coming")
		}
		next, cmd := m.Update(queue[0])
		m, queue = next.(Model), append(queue[1:], run(cmd)...)
	}
	return m
}

var bg = context.Background()

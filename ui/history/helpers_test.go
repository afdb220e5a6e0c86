package history

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

func TestMain(m *testing.M) { tabtest.InUTC(m) } // dates read the same everywhere

// now is the test clock: a day after the fixture's last item.
func now() time.Time { return t0.Add(48 * time.Hour) }

// harness drives the tab as the shell would: results addressed to History
// come back to it; everything else is kept for the test to read.
type harness struct {
	tabtest.Driver[*harness]
	t testing.TB
	m Model
}

func newHarness(t testing.TB, db *store.Store, w, h int) *harness {
	t.Helper()
	return harnessOf(t, New(Options{Store: db, Now: now, FFmpeg: noFFmpeg}), w, h)
}

// openFixture records the fixture in a fresh folder and opens the tab on
// it, sized w×h: the start of most of this package's tests.
func openFixture(t testing.TB, w, h int) (*fixture, *harness) {
	t.Helper()
	f := newFixture(t, t.TempDir())
	return f, newHarness(t, f.db, w, h)
}

// harnessOf drives m, sized w×h, from its Init on.
func harnessOf(t testing.TB, m Model, w, h int) *harness {
	t.Helper()
	hs := &harness{t: t, m: m}
	hs.Bind(t, tab.History, hs, func(msgs ...tea.Msg) { hs.Deliver(tabtest.Step(&hs.m), msgs...) })
	hs.m.SetSize(w, h)
	hs.Run(hs.m.Init())
	return hs
}

func (hs *harness) view() string { return ansi.Strip(hs.m.View()) }

// to moves the cursor to the first row holding text.
func (hs *harness) to(text string) *harness {
	hs.t.Helper()
	hs.Keys("g")
	for range len(hs.m.browse.list.rows()) {
		if r, ok := hs.m.browse.list.selected(); ok && strings.Contains(r.title, text) {
			return hs
		}
		hs.Keys("j")
	}
	hs.t.Fatalf("no row %q in\n%s", text, hs.view())
	return hs
}

// titles are the titles of the rows, in order.
func (hs *harness) titles() []string {
	var out []string
	for _, r := range hs.m.browse.list.rows() {
		out = append(out, plainTitle(r))
	}
	return out
}

// numberedChats is a store of n chats, the i-th titled "prompt i" (three
// digits), made in that order: a copy of a history recorded once (see
// numberedSnapshot).
func numberedChats(t testing.TB, n int) *store.Store {
	t.Helper()
	return numberedSnapshot(t, n).open(t, "")
}

// chatCounts are the numbers of chats the tests ask numberedChats for,
// smallest first: each is recorded on a copy of the one before it, so the
// largest is the only one recorded from the start.
var chatCounts = []int{2*pageSize + 30, 3*pageSize + 50, 2*windowPages*pageSize + 37}

// numberedSnapshot records n numbered chats, on a copy of the largest of
// chatCounts below n when there is one.
func numberedSnapshot(t testing.TB, n int) *snapshot {
	t.Helper()
	return snapshotOf(t, fmt.Sprintf("%d chats", n), func(t testing.TB, dir string) any {
		from := 0
		for _, c := range chatCounts {
			if c < n {
				from = c
			}
		}
		if from > 0 {
			numberedSnapshot(t, from).restore(t, dir)
		}
		db := recordStore(t, dir)
		defer db.Close()
		for i := from; i < n; i++ { // titled as its prompt would title it: one statement, not five
			tabtest.Must[int64](t)(db.NewConversation(bg, store.KindChat, fmt.Sprintf("prompt %03d", i)))
		}
		check(t, db.Close())
		return nil
	})
}

// noFFmpeg finds no ffmpeg: views read the same whether it is installed
// or not (the frames have a test of their own, tagged ffmpeg).
func noFFmpeg() string { return "" }

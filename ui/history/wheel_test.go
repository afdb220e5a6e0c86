package history

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestWheelPagesTheList: the wheel moving the cursor near the end of the
// loaded rows asks for the next page, as the keys do. It used to mark the
// list as loading and drop the command that fetches it, so the list never
// paged again and the keys after it left the rows on "loading…".
func TestWheelPagesTheList(t *testing.T) {
	t.Parallel()
	const n = 2*pageSize + 30
	db := numberedChats(t, n)
	hs := newHarness(t, db, 80, 24)
	down := tea.MouseWheelMsg{Button: tea.MouseWheelDown}
	for range 30 { // 90 rows down: within pageAhead of the first page's end
		hs.Send(down)
	}
	if got := len(hs.m.browse.list.rows()); got != 2*pageSize {
		t.Fatalf("after the wheel: %d rows, want %d (loading %v)", got, 2*pageSize, hs.m.browse.list.loading)
	}
	for range 30 {
		hs.Send(down)
	}
	hs.Keys("G", "G", "G")
	l := hs.m.browse.list
	if len(l.rows()) != n || l.more || l.loading {
		t.Fatalf("after the wheel and G G G: %d rows, more %v, loading %v; want %d, false, false",
			len(l.rows()), l.more, l.loading, n)
	}
	if view := hs.view(); strings.Contains(view, "loading…") || !strings.Contains(view, "prompt 000") {
		t.Errorf("the list's end is not in sight:\n%s", view)
	}
}

package compare

import (
	"slices"
	"testing"
)

// TestBrowserFollowsTheRunOnScreen: the browser's cursor stays on the run
// on screen when history is read again with runs before and after it, a
// new run not in history points at nothing ([ then goes to the latest,
// ] nowhere), and a run deleted meanwhile leaves the list.
func TestBrowserFollowsTheRunOnScreen(t *testing.T) {
	t.Parallel()
	b := newBrowser()
	b, latest := b.listed([]int64{7, 3, 5}, 0, true)
	if latest != 2 || !slices.Equal(b.items(), []int64{3, 5, 7}) || b.at() != -1 {
		t.Fatalf("latest %d, items %v, at %d: the latest opens on an empty screen", latest, b.items(), b.at())
	}
	b = b.opening(1) // 5
	if b, _ = b.listed([]int64{1, 9}, 0, false); b.at() != 2 || b.items()[b.at()] != 5 {
		t.Fatalf("at %d of %v: the run on its way lost when the list grew", b.at(), b.items())
	}
	b = b.opened(5, false)
	if got := b.where(2, 5); got != "run 3 of 5" {
		t.Errorf("where %q", got)
	}
	if b.older() != 1 || b.newer() != 3 {
		t.Errorf("older %d, newer %d", b.older(), b.newer())
	}

	b = b.left() // a new run, not recorded yet
	if b.at() != -1 || b.older() != 4 || b.newer() != -1 || b.where(2, 0) != "not recorded" {
		t.Errorf("at %d, older %d, newer %d, where %q", b.at(), b.older(), b.newer(), b.where(2, 0))
	}
	if b = b.recorded(11); b.at() != 5 || b.where(2, 11) != "run 6 of 6" {
		t.Errorf("recorded: at %d, where %q", b.at(), b.where(2, 11))
	}

	b = b.opening(0) // 1, deleted elsewhere: fails to open
	b = b.opened(11, true)
	if !slices.Equal(b.items(), []int64{3, 5, 7, 9, 11}) || b.at() != 4 || b.loading {
		t.Errorf("items %v, at %d, loading %v after a deleted run failed to open", b.items(), b.at(), b.loading)
	}
	var i int
	if b, i = b.insert(4); i != 1 || !slices.Equal(b.items(), []int64{3, 4, 5, 7, 9, 11}) || b.at() != 5 {
		t.Errorf("insert: index %d, items %v, at %d", i, b.items(), b.at())
	}
}

// TestBrowserCopiesShareNothing: a copy of the browser (as a copy of the
// Model holds) does not move when the other one does.
func TestBrowserCopiesShareNothing(t *testing.T) {
	t.Parallel()
	a := newBrowser().recorded(1).recorded(2)
	b := a.opening(0)
	if a.at() != 1 || b.at() != 0 {
		t.Errorf("at %d and %d", a.at(), b.at())
	}
}

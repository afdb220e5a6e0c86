package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/internal/frameclock"
)

// syncs counts the frameclock.SyncMsg each fake was given, and checks that
// each says the shell's clock.
func syncs(t *testing.T, fakes []*fakeScreen) int {
	t.Helper()
	n := -1
	for id, f := range fakes {
		k := 0
		for _, msg := range f.got {
			if s, ok := msg.(frameclock.SyncMsg); ok {
				k++
				if !s.At.Equal(testNow) {
					t.Errorf("tab %d: synced at %v, want the shell's now %v", id, s.At, testNow)
				}
			}
		}
		if n >= 0 && k != n {
			t.Errorf("tab %d was synced %d times, another tab %d", id, k, n)
		}
		n = k
	}
	return n
}

// TestRendererTicksReachEveryTab: every tab learns when Bubble Tea's
// renderer ticks, at start (Bubble Tea starts its ticker just before
// Init), after ctrl+z, and when the terminal's size comes again unchanged
// (the terminal taken back after an editor); a real resize is not a tick.
func TestRendererTicksReachEveryTab(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	m = start(t, m)
	if n := syncs(t, fakes[:]); n != 1 {
		t.Fatalf("at start, each tab was synced %d times, want once", n)
	}
	for _, step := range []struct {
		msg  tea.Msg
		want int
	}{
		{tea.WindowSizeMsg{Width: 100, Height: 30}, 1}, // the first size: a resize
		{tea.WindowSizeMsg{Width: 100, Height: 30}, 2}, // the same: after an editor
		{tea.WindowSizeMsg{Width: 90, Height: 30}, 2},
		{tea.ResumeMsg{}, 3},
	} {
		m = send(t, m, step.msg)
		if n := syncs(t, fakes[:]); n != step.want {
			t.Fatalf("after %#v, each tab was synced %d times, want %d", step.msg, n, step.want)
		}
	}
}

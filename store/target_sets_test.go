package store

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestTargetSets: a set is saved under a name (any case finds it), read
// back in order, replaced by a save, added to without losing what it had,
// and deleted; bad names and targets are refused, naming the rule.
func TestTargetSets(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sweep := []string{"alpha:m:temperature=0.2", "alpha:m:temperature=1", "beta:b"}
	if err := s.SaveTargetSet(ctx, "Sweep", sweep); err != nil {
		t.Fatal(err)
	}
	got, err := s.TargetSetNamed(ctx, "sweep")
	if err != nil || got.Name != "Sweep" || !slices.Equal(got.Targets, sweep) {
		t.Fatalf("%v %+v", err, got)
	}
	n, err := s.AddToTargetSet(ctx, "SWEEP", []string{"beta:b", "gamma:g:effort=low"})
	if err != nil || n != 1 {
		t.Fatalf("added %d, %v", n, err)
	}
	got, _ = s.TargetSetNamed(ctx, "Sweep")
	if want := append(slices.Clone(sweep), "gamma:g:effort=low"); !slices.Equal(got.Targets, want) {
		t.Fatalf("after adding: %v, want %v", got.Targets, want)
	}
	if n, err := s.AddToTargetSet(ctx, ArenaTargetSet, []string{"alpha:a", "beta:b"}); err != nil || n != 2 {
		t.Fatalf("a new set by adding: %d, %v", n, err)
	}
	if err := s.SaveTargetSet(ctx, "sweep", []string{"gamma:g"}); err != nil {
		t.Fatal(err)
	}
	all, err := s.TargetSets(ctx)
	if err != nil || len(all) != 2 || all[0].Name != "arena" || all[1].Name != "Sweep" || !slices.Equal(all[1].Targets, []string{"gamma:g"}) {
		t.Fatalf("sets %+v, %v", all, err)
	}
	for _, bad := range []struct {
		name    string
		targets []string
		want    string
	}{
		{"", []string{"alpha:a"}, "must not be empty"},
		{"x\x07", []string{"alpha:a"}, "control characters"},
		{strings.Repeat("n", 65), []string{"alpha:a"}, "at most 64 characters"},
		{"ok", nil, "at least one target"},
		{"ok", []string{"alpha:a", "delta:d"}, "target 2"},
	} {
		if err := s.SaveTargetSet(ctx, bad.name, bad.targets); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q %v: %v, want %q", bad.name, bad.targets, err, bad.want)
		}
	}
	if err := s.DeleteTargetSet(ctx, "Sweep"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TargetSetNamed(ctx, "sweep"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a deleted set: %v", err)
	}
	if err := s.DeleteTargetSet(ctx, "sweep"); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleting it again: %v", err)
	}
}

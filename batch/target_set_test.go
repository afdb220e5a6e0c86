package batch

import (
	"context"
	"slices"
	"strings"
	"testing"

	"atelier/store"
)

// TestTargetSetInABatchFile: target_set = "NAME" runs the set's targets,
// then those the file lists; a set that is not there, an image batch's, or
// one read with no history open is refused at its line.
func TestTargetSetInABatchFile(t *testing.T) {
	db, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if err := db.SaveTargetSet(ctx, "sweep", []string{"alpha:m:temperature=0.2", "alpha:m:temperature=1"}); err != nil {
		t.Fatal(err)
	}
	sets := StoreSets(ctx, db)
	src := "name = \"s\"\ntarget_set = \"sweep\"\ntargets = [\"beta:b\"]\n[[prompts]]\ntext = \"hi\"\n"
	p, err := ParseWith("s.toml", []byte(src), nil, sets)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"alpha:m:temperature=0.2", "alpha:m:temperature=1", "beta:b"}; !slices.Equal(p.Targets, want) || p.TargetSet != "sweep" {
		t.Fatalf("targets %v (set %q), want %v", p.Targets, p.TargetSet, want)
	}
	if p, err := ParseWith("s.toml", []byte("target_set = \"SWEEP\"\n[[prompts]]\ntext = \"hi\"\n"), nil, sets); err != nil || len(p.Targets) != 2 {
		t.Fatalf("the set alone: %v %v", err, p)
	}
	for _, bad := range []struct {
		src  string
		sets TargetSets
		want string
	}{
		{"target_set = \"nope\"\n[[prompts]]\ntext = \"hi\"\n", sets, `s.toml:1: target_set: no target set "nope"`},
		{"target_set = \"sweep\"\n[[prompts]]\ntext = \"hi\"\n", nil, "s.toml:1: target_set: target sets are kept in the history"},
		{"kind = \"image\"\ntarget_set = \"sweep\"\ntargets = [\"gamma/image-2\"]\n[[prompts]]\ntext = \"hi\"\n", sets, "s.toml:2: target_set: a target set holds chat targets"},
		{"target_set = \"sweep\"\ntargets = [\"alpha:m:temperature=1\"]\n[[prompts]]\ntext = \"hi\"\n", sets, "listed twice"},
	} {
		if _, err := ParseWith("s.toml", []byte(bad.src), nil, bad.sets); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: %v, want %q", bad.src, err, bad.want)
		}
	}
}

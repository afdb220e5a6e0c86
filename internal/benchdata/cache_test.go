package benchdata

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDir checks the cache: the first call generates the corpus under
// $ATELIER_BENCH_DIR, a later one reuses it without generating, and a
// generation cut short (no "generated" mark) is made again from an empty
// folder.
func TestDir(t *testing.T) {
	root := t.TempDir()
	t.Setenv("ATELIER_BENCH_DIR", root)
	runs := 0
	generate := func(dir string) error {
		runs++
		if _, err := os.Stat(filepath.Join(dir, "half")); err == nil {
			t.Errorf("a generation started again over the last one's leftovers")
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, "corpus"), []byte("text"), 0o600)
	}
	dir := Dir(t, "corpus-v1", generate)
	if want := filepath.Join(root, "corpus-v1"); dir != want || runs != 1 {
		t.Fatalf("first call: %s after %d generations, want %s after 1", dir, runs, want)
	}
	if again := Dir(t, "corpus-v1", generate); again != dir || runs != 1 {
		t.Fatalf("second call: %s after %d generations, want %s reused", again, runs, dir)
	}

	cut := filepath.Join(root, "corpus-v2")
	if err := os.MkdirAll(cut, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cut, "half"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if got := Dir(t, "corpus-v2", generate); got != cut || runs != 2 {
		t.Fatalf("a cut generation: %s after %d generations, want %s made again", got, runs, cut)
	}
	if _, err := os.Stat(filepath.Join(cut, "generated")); err != nil {
		t.Errorf("no mark left after generating: %v", err)
	}
}

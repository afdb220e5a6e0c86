// Package benchdata is for benchmarks only: the corpora they read (a
// store of a million messages, a history of 100,000 items) are generated
// once into a cache folder and reused by later runs, and their text is
// drawn from one Zipf generator, so that every corpus has the same shape.
package benchdata

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Dir is the cache folder of the corpus called name, generating it with
// generate the first time. $ATELIER_BENCH_DIR chooses where the caches
// live (default: the system's temporary folder); name says what the
// corpus is and its version (the schema's, the generator's), so that a
// change makes a new one. A generation cut short is started again.
func Dir(b testing.TB, name string, generate func(dir string) error) string {
	b.Helper()
	root := os.Getenv("ATELIER_BENCH_DIR")
	if root == "" {
		root = os.TempDir()
	}
	dir := filepath.Join(root, name)
	done := filepath.Join(dir, "generated")
	if took, err := os.ReadFile(done); err == nil {
		b.Logf("%s, generated before (%s)", dir, took)
		return dir
	}
	os.RemoveAll(dir) // a generation cut short
	start := time.Now()
	if err := generate(dir); err != nil {
		b.Fatal(err)
	}
	took := time.Since(start).Round(time.Second).String()
	if err := os.WriteFile(done, []byte("in "+took), 0o600); err != nil {
		b.Fatal(err)
	}
	b.Logf("generated %s in %s", dir, took)
	return dir
}

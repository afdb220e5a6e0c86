package hostile

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"atelier/cmd/atelier/internal/clitest"
)

// The hostile-server suite, a shared batch file: one that names files
// outside its folder is refused before anything is sent.

// A batch file naming a file outside its folder is refused before anything
// is sent, naming the line; --allow-outside-files reads it.
func TestHostileBatchFileOutsideItsFolder(t *testing.T) {
	t.Parallel()
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.txt")
	clitest.WriteFile(t, secret, "the secret")
	dir := filepath.Join(t.TempDir(), "shared")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "link-out.txt")); err != nil {
		t.Fatal(err)
	}
	up, err := filepath.Rel(dir, secret)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, file string }{
		{"absolute", secret},
		{"..", up},
		{"a symlink out", "link-out.txt"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := clitest.NewHostile(t, clitest.Controls) // a whole streamed reply
			var mu sync.Mutex
			var bodies []string
			h.SetServe(func(w http.ResponseWriter, r *http.Request) bool {
				b, _ := io.ReadAll(r.Body)
				mu.Lock()
				bodies = append(bodies, string(b))
				mu.Unlock()
				r.Body = io.NopCloser(strings.NewReader(string(b)))
				return false // the messages endpoint answers
			})
			env := h.Env(t)
			file := filepath.Join(dir, "b.toml")
			clitest.WriteFile(t, file, "targets = [\"alpha:m\"]\n\n[[prompts]]\nfile = \""+tc.file+"\"\n")
			r := runHostile(t, env, nil, "real", "batch", "run", file)
			checkRun(t, r, 2, "b.toml:4: prompts[0].file: ")
			if !strings.Contains(r.Stderr, "--allow-outside-files") || h.Hits.Load() != 0 {
				t.Fatalf("%d requests; stderr %q", h.Hits.Load(), r.Stderr)
			}
			r = runHostile(t, env, nil, "real", "batch", "run", "--allow-outside-files", file)
			mu.Lock()
			defer mu.Unlock()
			if r.Code != 0 || len(bodies) != 1 || !strings.Contains(bodies[0], "the secret") {
				t.Fatalf("allowed: exit %d, sent %q; stderr %q", r.Code, bodies, r.Stderr)
			}
		})
	}
}

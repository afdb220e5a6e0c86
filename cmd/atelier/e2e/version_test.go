package e2e

import (
	"os/exec"
	"strings"
	"testing"
)

// atelier --version tells the build the binary's own build info records,
// as go version -m reads it.
func TestVersionFlag(t *testing.T) {
	t.Parallel()
	r := atelier(t, nil, "", "--version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "atelier 0.1.0, build ") || strings.Count(r.stdout, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	out, err := exec.Command("go", "version", "-m", binary).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "(devel), no VCS revision"
	for _, line := range strings.Split(string(out), "\n") {
		if rev, ok := strings.CutPrefix(strings.TrimSpace(line), "build\tvcs.revision="); ok {
			want = rev[:12]
		}
	}
	if !strings.Contains(r.stdout, want) {
		t.Fatalf("--version says %q; the build info (go version -m) says %s", r.stdout, want)
	}
}

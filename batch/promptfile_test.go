package batch

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPromptFileStaysInItsFolder: a prompt file resolves inside the batch
// file's folder or below; an absolute path, a way up with .., and a
// symbolic link out of the folder are each an error naming the line,
// unless outside files are allowed. A link that stays inside is read.
func TestPromptFileStaysInItsFolder(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.txt")
	must(t, os.WriteFile(secret, []byte("the secret"), 0o600))
	dir := filepath.Join(t.TempDir(), "shared")
	must(t, os.MkdirAll(filepath.Join(dir, "prompts"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "prompts", "p.txt"), []byte("a prompt below"), 0o600))
	must(t, os.Symlink(secret, filepath.Join(dir, "link-out.txt")))
	must(t, os.Symlink(filepath.Join(dir, "prompts"), filepath.Join(dir, "dir-in")))
	must(t, os.Symlink(outside, filepath.Join(dir, "dir-out")))
	up, err := filepath.Rel(dir, secret)
	must(t, err)

	for _, tc := range []struct {
		name, file string
		inside     bool   // read without the option
		want       string // the text read
	}{
		{"a file below", "prompts/p.txt", true, "a prompt below"},
		{"a link that stays inside", "dir-in/p.txt", true, "a prompt below"},
		{"the folder's own path, absolute", filepath.Join(dir, "prompts", "p.txt"), true, "a prompt below"},
		{"absolute, outside", secret, false, "the secret"},
		{"..", up, false, "the secret"},
		{"../ inside the name", "prompts/../" + up, false, "the secret"},
		{"a symlink out", "link-out.txt", false, "the secret"},
		{"a folder symlink out", "dir-out/secret.txt", false, "the secret"},
		{"/etc/shadow", "/etc/shadow", false, ""}, // refused without being read; not read in the test either
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(dir, "b.toml")
			must(t, os.WriteFile(file, []byte("targets = [\"alpha:m\"]\n\n[[prompts]]\nfile = \""+tc.file+"\"\n"), 0o600))
			p, err := ReadFile(file)
			if tc.inside {
				if err != nil || p.Cases[0].Text != tc.want {
					t.Fatalf("%s: %v, %+v", tc.file, err, p)
				}
				return
			}
			var fe *FileError
			if p != nil || !errors.As(err, &fe) || fe.Line != 4 || fe.Field != "prompts[0].file" {
				t.Fatalf("%s: want an error at line 4, got %v (%+v)", tc.file, err, p)
			}
			if msg := err.Error(); !strings.Contains(msg, "b.toml:4: prompts[0].file: ") || !strings.Contains(msg, errOutside.Error()) ||
				!strings.Contains(msg, "--allow-outside-files") {
				t.Fatalf("the error does not name the line, the rule and the way out: %v", err)
			}
			if tc.want == "" {
				return
			}
			p, err = ReadFileWith(file, ReadOptions{AllowOutsideFiles: true})
			if err != nil || p.Cases[0].Text != tc.want {
				t.Fatalf("allowed, %s: %v, %+v", tc.file, err, p)
			}
		})
	}
}

package components

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDroppedFile: the ways terminals paste a dragged file all name it;
// text that is not a regular file's path, a file on another host, or a
// relative path where none is allowed names nothing.
func TestDroppedFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a cat (1).png")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	escaped := strings.NewReplacer(" ", `\ `, "(", `\(`, ")", `\)`).Replace(file)
	url := "file://" + strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29").Replace(file)
	for _, c := range []struct {
		text     string
		relative bool
		want     string
	}{
		{file, false, file},
		{"  " + file + "\t", false, file},
		{"'" + file + "'", false, file},
		{`"` + file + `"`, false, file},
		{escaped, false, file},
		{url, false, file},
		{"'" + url + "'", false, file},
		{"file://localhost" + strings.TrimPrefix(url, "file://"), false, file},
		{"file://elsewhere" + strings.TrimPrefix(url, "file://"), false, ""},
		{"./a cat (1).png", false, ""},
		{"./a cat (1).png", true, "./a cat (1).png"},
		{"a cat (1).png", true, ""}, // a word, not a path
		{dir, false, ""},            // a folder
		{file + "\n" + file, false, ""},
		{filepath.Join(dir, "missing.png"), false, ""},
		{"/" + strings.Repeat("a", 4096), false, ""},
		{"", false, ""},
	} {
		if got := DroppedFile(c.text, c.relative); got != c.want {
			t.Errorf("DroppedFile(%.60q, %v) = %q, want %q", c.text, c.relative, got, c.want)
		}
	}
}

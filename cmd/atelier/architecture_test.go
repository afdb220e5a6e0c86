package main

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestArchitectureListsEveryPackage holds README's Architecture block to
// the tree: every package of the module (a folder with a non-test .go
// file, testdata aside) and every top-level folder has a line of its own,
// and every line names a folder that exists. A package added, moved or
// removed fails here until the README says so.
func TestArchitectureListsEveryPackage(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	listed := architectureEntries(t, filepath.Join(root, "README.md"))
	if len(listed) < 10 {
		t.Fatalf("README's Architecture block lists %d folders: is it still a fenced block after the heading?", len(listed))
	}
	packages, top := treeFolders(t, root)
	for _, d := range packages {
		if !slices.Contains(listed, d) {
			t.Errorf("package %s/ is not in README's Architecture block", d)
		}
	}
	for _, d := range top {
		if !slices.ContainsFunc(listed, func(e string) bool { return e == d || strings.HasPrefix(e, d+"/") }) {
			t.Errorf("top-level folder %s/ is not in README's Architecture block", d)
		}
	}
	for _, d := range top {
		if !slices.Contains(rooms, d) {
			t.Errorf("top-level folder %s/ is not one of the design's rooms %v", d, rooms)
		}
	}
	for _, d := range listed {
		if fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(d))); err != nil || !fi.IsDir() {
			t.Errorf("README's Architecture block names %s/, which does not exist", d)
			continue
		}
		holds := slices.ContainsFunc(packages, func(p string) bool { return p == d || strings.HasPrefix(p, d+"/") })
		if !holds && !slices.Contains(top, d) {
			t.Errorf("README's Architecture block names %s/, which holds no package", d)
		}
	}
}

// rooms are the top-level folders the design card draws (DESIGN.md's
// Layout): nothing else stands beside them.
var rooms = []string{"cmd", "ui", "client", "store", "poller", "batch", "internal", "assets", "testdata"}

// moduleRoot is the folder of go.mod above this package.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}

// architectureEntries are the folders the README's Architecture block
// gives a line each: the first word of each line that starts with one
// ending in a slash.
func architectureEntries(t *testing.T, readme string) []string {
	t.Helper()
	f, err := os.Open(readme)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	section, block := false, false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			section = line == "## Architecture"
		case section && strings.HasPrefix(line, "```"):
			if block {
				return out
			}
			block = true
		case block && line != "" && line[0] != ' ':
			if word := strings.Fields(line)[0]; strings.HasSuffix(word, "/") {
				out = append(out, strings.TrimSuffix(word, "/"))
			}
		}
	}
	return out
}

// treeFolders are the module's package folders and its top-level folders
// (a top-level folder is listed by a line of its own or of a folder in
// it), relative to root with slashes; hidden folders and the testdata of
// packages are not.
func treeFolders(t *testing.T, root string) (packages, top []string) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if rel != "." && (strings.HasPrefix(name, ".") || name == "testdata" && strings.Contains(rel, "/") || name == "node_modules") {
				return filepath.SkipDir
			}
			if rel != "." && !strings.Contains(rel, "/") {
				top = append(top, rel)
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") {
			if dir := filepath.ToSlash(filepath.Dir(rel)); dir != "." && !slices.Contains(packages, dir) {
				packages = append(packages, dir)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return packages, top
}

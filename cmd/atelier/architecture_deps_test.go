package main

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestArchitectureDependencies holds the README's arrows to the imports:
// every import from one part of the tree to another runs along an arrow
// the README states, every stated arrow is carried by at least one import,
// and the arrows make no cycle. A part is a folder the arrows' block names
// on the left, with everything under it that no deeper part claims; test
// files do not count, as tests may reach across (a tab's test serves the
// simulator).
func TestArchitectureDependencies(t *testing.T) {
	t.Parallel()
	root := moduleRoot(t)
	stated := architectureArrows(t, filepath.Join(root, "README.md"))
	if len(stated) < 5 {
		t.Fatalf("README's Architecture states %d parts' arrows: is the second fenced block still there?", len(stated))
	}
	parts := make([]string, 0, len(stated))
	for p := range stated {
		parts = append(parts, p)
	}
	actual := importArrows(t, root, parts)
	for from, tos := range actual {
		for to, where := range tos {
			if !slices.Contains(stated[from], to) {
				t.Errorf("%s imports %s (%s), an arrow README's Architecture does not state", from, to, where)
			}
		}
	}
	for from, tos := range stated {
		for _, to := range tos {
			if _, ok := actual[from][to]; !ok {
				t.Errorf("README's Architecture states %s → %s, which no import carries", from, to)
			}
		}
	}
	if cycle := findCycle(stated); cycle != nil {
		t.Errorf("README's arrows make a cycle: %s", strings.Join(cycle, " → "))
	}
}

// architectureArrows reads the second fenced block of the README's
// Architecture section: lines "part → a, b, c", where a part with no
// arrows says so in parentheses.
func architectureArrows(t *testing.T, readme string) map[string][]string {
	t.Helper()
	f, err := os.Open(readme)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	section, fences := false, 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			section = line == "## Architecture"
		case section && strings.HasPrefix(line, "```"):
			fences++
		case section && fences == 3:
			from, to, ok := strings.Cut(line, "→")
			if !ok {
				t.Fatalf("README's arrows: %q has no →", line)
			}
			from = strings.TrimSpace(from)
			out[from] = nil
			if to = strings.TrimSpace(to); strings.HasPrefix(to, "(") {
				continue
			}
			for _, p := range strings.Split(to, ",") {
				out[from] = append(out[from], strings.TrimSpace(p))
			}
		}
	}
	return out
}

// importArrows is every import between two parts of the module, from its
// non-test files, with one file that carries each arrow.
func importArrows(t *testing.T, root string, parts []string) map[string]map[string]string {
	t.Helper()
	module := modulePath(t, root)
	partOf := func(dir string) string {
		best := ""
		for _, p := range parts {
			if (dir == p || strings.HasPrefix(dir, p+"/")) && len(p) > len(best) {
				best = p
			}
		}
		return best
	}
	out := map[string]map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		from := partOf(filepath.ToSlash(rel))
		if from == "" {
			t.Errorf("%s is in no part README's arrows name", rel)
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range file.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			if !strings.HasPrefix(ip, module+"/") {
				continue
			}
			to := partOf(strings.TrimPrefix(ip, module+"/"))
			if to == "" || to == from {
				continue
			}
			if out[from] == nil {
				out[from] = map[string]string{}
			}
			if _, seen := out[from][to]; !seen {
				r, _ := filepath.Rel(root, path)
				out[from][to] = filepath.ToSlash(r)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// modulePath is the module line of go.mod.
func modulePath(t *testing.T, root string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		if m, ok := strings.CutPrefix(line, "module "); ok {
			return strings.TrimSpace(m)
		}
	}
	t.Fatal("go.mod has no module line")
	return ""
}

// findCycle returns one cycle of the graph, or nil.
func findCycle(g map[string][]string) []string {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var stack []string
	var visit func(n string) []string
	visit = func(n string) []string {
		state[n] = open
		stack = append(stack, n)
		for _, m := range g[n] {
			switch state[m] {
			case open:
				i := slices.Index(stack, m)
				return append(slices.Clone(stack[i:]), m)
			case unseen:
				if c := visit(m); c != nil {
					return c
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[n] = done
		return nil
	}
	nodes := make([]string, 0, len(g))
	for n := range g {
		nodes = append(nodes, n)
	}
	slices.Sort(nodes)
	for _, n := range nodes {
		if state[n] == unseen {
			if c := visit(n); c != nil {
				return c
			}
		}
	}
	return nil
}

// TestFindCycle checks the cycle finder the dependency test relies on.
func TestFindCycle(t *testing.T) {
	t.Parallel()
	if c := findCycle(map[string][]string{"a": {"b"}, "b": {"c"}, "c": nil}); c != nil {
		t.Errorf("acyclic graph: got cycle %v", c)
	}
	if c := findCycle(map[string][]string{"a": {"b"}, "b": {"c"}, "c": {"a"}}); len(c) != 4 || c[0] != c[3] {
		t.Errorf("a → b → c → a: got %v", c)
	}
}

package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"atelier/ui/tab"
)

// The shape every tab keeps (issue 21): a tab type of a few dozen methods
// composed of components, and functions short enough to read at once.
const (
	maxTabMethods = 35
	maxFuncLines  = 43 // from the func keyword to the closing brace
)

// longFuncAllowed are the functions that may be longer: pure tables.
var longFuncAllowed = []string{"defaultKeyMap"}

// TestTabShape parses the non-test Go files of every tab package (a
// package under ui/ whose Model has the methods the shell's screen
// interface asks for) and fails where a Model has more than
// maxTabMethods methods or a function or method is longer than
// maxFuncLines lines.
func TestTabShape(t *testing.T) {
	contract := screenMethods(t)
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var tabs []string
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "testdata" || d.Name() == "internal" {
			continue
		}
		p := parsePackage(t, d.Name())
		if !p.isTab(contract) {
			continue
		}
		tabs = append(tabs, d.Name())
		if n := len(p.methods); n > maxTabMethods {
			t.Errorf("ui/%s: Model has %d methods, more than %d", d.Name(), n, maxTabMethods)
		}
		for _, f := range p.funcs {
			if f.lines > maxFuncLines && !slices.Contains(longFuncAllowed, f.name) {
				t.Errorf("ui/%s: %s (%s) is %d lines, more than %d", d.Name(), f.full, f.file, f.lines, maxFuncLines)
			}
		}
	}
	if len(tabs) != int(tab.Count) {
		t.Errorf("found %d tab packages %v, the shell has %d tabs: is the contract still screen's?", len(tabs), tabs, tab.Count)
	}
}

// screenMethods are the names of the methods of the shell's screen
// interface (screen.go), which every tab's Model has.
func screenMethods(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "screen.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "screen" {
			return true
		}
		for _, m := range ts.Type.(*ast.InterfaceType).Methods.List {
			for _, id := range m.Names {
				names = append(names, id.Name)
			}
		}
		return false
	})
	if len(names) < 5 {
		t.Fatalf("screen.go's screen interface has %d methods: %v", len(names), names)
	}
	return names
}

// shape is what the test measures of a package.
type shape struct {
	methods []string // the names of Model's methods
	funcs   []funcLen
}

type funcLen struct {
	name, full, file string // full is Type.name for a method
	lines            int
}

// parsePackage reads the non-test Go files of dir.
func parsePackage(t *testing.T, dir string) shape {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var s shape
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			full := fd.Name.Name
			if recv := receiverType(fd); recv != "" {
				full = recv + "." + full
				if recv == "Model" {
					s.methods = append(s.methods, fd.Name.Name)
				}
			}
			lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			s.funcs = append(s.funcs, funcLen{name: fd.Name.Name, full: full, file: filepath.Base(path), lines: lines})
		}
	}
	return s
}

// receiverType is the name of fd's receiver type ("" for a function).
func receiverType(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	typ := fd.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if ix, ok := typ.(*ast.IndexExpr); ok { // a generic receiver
		typ = ix.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// isTab reports whether the package's Model has a method of every name in
// the contract (Update returns the tab's own type; the shell adapts it).
func (s shape) isTab(contract []string) bool {
	for _, name := range contract {
		if !slices.Contains(s.methods, name) {
			return false
		}
	}
	return true
}

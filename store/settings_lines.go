package store

import (
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// keyLines maps each dotted key of a TOML document (tables, and keys inside
// tables and inline tables) to the line it is written on, so that a value
// found invalid after decoding can be reported at its line. The document
// has already decoded, so it parses.
func keyLines(data []byte) map[string]int {
	lines := map[string]int{}
	var p unstable.Parser
	p.Reset(data)
	var table []string
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = keyPath(&p, e, nil, lines)
		case unstable.KeyValue:
			keyValueLines(&p, e, table, lines)
		}
	}
	return lines
}

// keyValueLines records a key-value's key, and those of an inline table it
// holds.
func keyValueLines(p *unstable.Parser, kv *unstable.Node, prefix []string, lines map[string]int) {
	path := keyPath(p, kv, prefix, lines)
	v := kv.Value()
	if v == nil || v.Kind != unstable.InlineTable {
		return
	}
	it := v.Children()
	for it.Next() {
		if n := it.Node(); n.Kind == unstable.KeyValue {
			keyValueLines(p, n, path, lines)
		}
	}
}

// keyPath appends a node's (possibly dotted) key to prefix, recording the
// line of each step the first time it is seen, and returns the full path.
func keyPath(p *unstable.Parser, n *unstable.Node, prefix []string, lines map[string]int) []string {
	path := append([]string(nil), prefix...)
	it := n.Key()
	for it.Next() {
		k := it.Node()
		path = append(path, string(k.Data))
		joined := strings.Join(path, ".")
		if _, seen := lines[joined]; !seen {
			lines[joined] = p.Shape(k.Raw).Start.Line
		}
	}
	return path
}

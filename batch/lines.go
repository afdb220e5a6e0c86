package batch

import (
	"fmt"
	"maps"
	"slices"

	"github.com/pelletier/go-toml/v2/unstable"
)

// keyLines maps each key of a batch file to the line it is written on, so
// that a value found wrong after decoding is reported at its line. Keys are
// written as the validator names them: an array of tables and the elements
// of an array carry their index (prompts[1].checks[0].regex, targets[2]).
// The document has already decoded, so it parses.
func keyLines(data []byte) map[string]int {
	lines := map[string]int{}
	counts := map[string]int{} // elements of each array of tables so far
	last := map[string]string{}
	var p unstable.Parser
	p.Reset(data)
	table := ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			parts, line := keyParts(&p, e)
			path := ""
			for i, k := range parts {
				path = join(path, k)
				if i == len(parts)-1 && e.Kind == unstable.ArrayTable {
					n := counts[path]
					counts[path]++
					base := path
					path = fmt.Sprintf("%s[%d]", path, n)
					last[base] = path
				} else if cur, ok := last[path]; ok {
					path = cur // a table under the latest element of an array of tables
				}
			}
			table = path
			setLine(lines, path, line)
		case unstable.KeyValue:
			keyValueLines(&p, e, table, lines)
		}
	}
	return lines
}

// keyValueLines records a key-value's key, the elements of an array it
// holds, and the keys of inline tables inside it.
func keyValueLines(p *unstable.Parser, kv *unstable.Node, prefix string, lines map[string]int) {
	parts, line := keyParts(p, kv)
	path := prefix
	for _, k := range parts {
		path = join(path, k)
		setLine(lines, path, line)
	}
	valueLines(p, kv.Value(), path, line, lines)
}

func valueLines(p *unstable.Parser, v *unstable.Node, path string, line int, lines map[string]int) {
	if v == nil {
		return
	}
	switch v.Kind {
	case unstable.InlineTable:
		it := v.Children()
		for it.Next() {
			if n := it.Node(); n.Kind == unstable.KeyValue {
				keyValueLines(p, n, path, lines)
			}
		}
	case unstable.Array:
		it := v.Children()
		for i := 0; it.Next(); i++ {
			n := it.Node()
			el := fmt.Sprintf("%s[%d]", path, i)
			elLine := line
			if n.Raw.Length > 0 {
				elLine = p.Shape(n.Raw).Start.Line
			} else if n.Kind == unstable.InlineTable {
				if first := n.Child(); first != nil {
					if _, l := keyParts(p, first); l > 0 {
						elLine = l
					}
				}
			}
			setLine(lines, el, elLine)
			valueLines(p, n, el, elLine, lines)
		}
	}
}

// keyParts returns the parts of a node's (possibly dotted) key and its line.
func keyParts(p *unstable.Parser, n *unstable.Node) ([]string, int) {
	var parts []string
	line := 0
	it := n.Key()
	for it.Next() {
		k := it.Node()
		parts = append(parts, string(k.Data))
		if line == 0 && k.Raw.Length > 0 {
			line = p.Shape(k.Raw).Start.Line
		}
	}
	return parts, line
}

func setLine(lines map[string]int, key string, line int) {
	if _, seen := lines[key]; !seen && line > 0 {
		lines[key] = line
	}
}

func join(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

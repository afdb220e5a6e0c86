package markdown

import (
	"bytes"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
)

// Lines of code are drawn here rather than by glamour when they can be:
// glamour passes each byte of highlighted code through three writers and
// pads every line to the width a styled cell at a time, some 0.2 ms a line
// (0.5 ms at 200 columns), where the highlighting itself costs a tenth of
// that. A line of code in glamour's output is what glamour writes before
// it (its frame: indentation, margins, their styles), then chroma's
// terminal formatter's output for its tokens; once compacted, only the
// styles of the cells remain. So a line drawn as the probe's prefix, then
// the formatter's output for the line's tokens, compacts to the very line
// glamour draws: TestStreamedMatchesWhole holds the two to it.

// rawPrefix returns what glamour wrote before the code on line i of out,
// the probe's: the line up to the formatter's output for its X.
func rawPrefix(out string, i int) string {
	lines := strings.Split(out, "\n")
	st := charmStyle()
	if i >= len(lines) || st == nil {
		return ""
	}
	var x strings.Builder
	if formatters.TTY16m.Format(&x, st, chroma.Literator(chroma.Token{Type: chroma.Text, Value: "X"})) != nil {
		return ""
	}
	fx := x.String()
	fx = fx[:strings.IndexByte(fx, 'X')+1]
	if j := strings.Index(lines[i], fx); j >= 0 {
		return lines[i][:j]
	}
	return ""
}

// charmStyle is the chroma style glamour registers for code, once it has
// drawn some (the probe does).
func charmStyle() *chroma.Style {
	if st, ok := styles.Registry["charm"]; ok {
		return st
	}
	return nil
}

// drawCode draws complete lines of code of c as glamour would, from their
// tokens; ok is false when it cannot tell that it would (no probe prefix,
// a line that could wrap, no style), and glamour draws them.
func (r *Renderer) drawCode(c *codeRun, content []byte) (lines, sigs []string, code []byte, ok bool) {
	st := charmStyle()
	if c.frame.prefix == "" || st == nil {
		return nil, nil, nil, false
	}
	code, ok = dedent(content, []byte(c.ind))
	if !ok {
		return nil, nil, nil, false
	}
	for l := range bytes.Lines(code) {
		if c.frame.indent+len(l)+3*bytes.Count(l, []byte("\t"))+2 >= r.width || bytes.IndexByte(l, 0x1b) >= 0 {
			return nil, nil, nil, false
		}
	}
	lexer := lexers.Get(plainLang)
	if c.lang != "" && knownLang([]byte(c.lang)) {
		lexer = lexers.Get(c.lang)
	}
	if lexer == nil {
		return nil, nil, nil, false
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, string(code))
	if err != nil {
		return nil, nil, nil, false
	}
	f := formatters.TTY16m
	var line []chroma.Token
	var buf strings.Builder
	emit := func() {
		buf.Reset()
		buf.WriteString(c.frame.prefix)
		_ = f.Format(&buf, st, chroma.Literator(line...))
		lines = compact(lines, buf.String())
		line = line[:0]
	}
	for tok := it(); tok != chroma.EOF; tok = it() {
		for v := tok.Value; v != ""; {
			part, rest, nl := strings.Cut(v, "\n")
			if part != "" {
				line = append(line, chroma.Token{Type: tok.Type, Value: part})
			}
			if !nl {
				break
			}
			emit()
			v = rest
		}
	}
	if len(line) > 0 {
		emit()
	}
	return lines, lineSigs(c.lang, string(code)), code, true
}

// dedent removes from each line of b up to as many leading spaces as ind
// holds: the indentation of a fence (inside a list item, the item's too),
// which goldmark strips as far as a line has it. ok is false for a tab
// among them, which goldmark would cut into spaces.
func dedent(b, ind []byte) (out []byte, ok bool) {
	if len(ind) == 0 {
		return b, true
	}
	if bytes.IndexByte(ind, '\t') >= 0 {
		return nil, false
	}
	out = make([]byte, 0, len(b))
	for l := range bytes.Lines(b) {
		n := 0
		for n < len(ind) && n < len(l) && l[n] != '\n' {
			if l[n] == '\t' {
				return nil, false
			}
			if l[n] != ' ' {
				break
			}
			n++
		}
		out = append(out, l[n:]...)
	}
	return out, true
}

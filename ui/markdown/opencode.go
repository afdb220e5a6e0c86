package markdown

import (
	"bytes"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// openCode draws a fenced code block that is still arriving without
// rendering it whole at every frame: highlighting a long block costs
// milliseconds a frame, so its complete lines are rendered once, in pieces
// (the lines that arrived since the last frame), and the line still being
// written is drawn plain. The pieces are highlighted each on its own, so a
// construct spanning two of them (a multi-line string) may be coloured
// wrongly for a while: when the fence closes the block is rendered whole, once,
// like any other.
type openCode struct {
	open     int    // offset of the fence's opening line
	done     int    // offset up to which the content is rendered; 0: unused
	label    string // the `[N] lang` line, once labelled is set
	labelled bool
	lines    []string // the rendered content lines
	lang     string
}

// codeFrame is where the code sits in the lines of a rendered fenced code
// block, learnt once per width and style by rendering a probe.
type codeFrame struct {
	top, bottom int // lines before and after the code
	indent      int // columns before the code
}

// probeCode renders a one-line code block and finds the code in it.
func (r *Renderer) probeCode() codeFrame {
	rd, err := r.render([]byte(codeProbe))
	if err != nil {
		return codeFrame{}
	}
	lines := compact(nil, rd.out)
	for i, l := range lines {
		plain := ansi.Strip(l)
		if x := strings.IndexByte(plain, 'X'); x >= 0 && strings.TrimSpace(plain) == "X" {
			return codeFrame{top: i, bottom: len(lines) - 1 - i, indent: ansi.StringWidth(plain[:x])}
		}
	}
	return codeFrame{}
}

// renderOpenCode returns the lines and the code block of the open block,
// a fenced code block f whose closing fence has not arrived.
func (r *Renderer) renderOpenCode(f fence, first int) ([]string, []CodeBlock) {
	c := &r.code
	if c.done == 0 || c.open != f.open {
		*c = openCode{open: f.open, done: f.body}
	}
	if r.frame == (codeFrame{}) {
		r.frame = r.probeCode()
	}
	if !c.labelled {
		r.labelOpenCode(f, first)
		c.labelled = true
	}
	if end := r.split.pos; end > c.done {
		r.addCode(f, r.text[c.done:end])
		c.done = end
	}
	lines := make([]string, 0, len(c.lines)+2)
	if c.label != "" {
		lines = append(lines, c.label)
	}
	lines = append(lines, c.lines...)
	if partial := complete(r.text[r.split.pos:]); len(partial) > 0 {
		lines = compact(lines, strings.Repeat(" ", r.frame.indent)+string(partial))
	}
	code := CodeBlock{Lang: c.lang, Code: string(complete(r.text[f.body:]))}
	return lines, []CodeBlock{code}
}

// fenced returns content as a fenced code block opened like f.
func (r *Renderer) fenced(f fence, content []byte) []byte {
	src := make([]byte, 0, f.body-f.open+len(content)+f.n+1)
	src = append(src, r.text[f.open:f.body]...)
	src = append(src, content...)
	src = append(src, bytes.Repeat([]byte{f.char}, f.n)...)
	return append(src, '\n')
}

// labelOpenCode finds the label of the open fence f, number first, by
// rendering it empty.
func (r *Renderer) labelOpenCode(f fence, first int) {
	c := &r.code
	rd, err := r.render(r.fenced(f, nil))
	if err != nil {
		return
	}
	lines := compact(nil, rd.out)
	for i, l := range lines {
		if strings.Contains(l, codeMark) {
			labelCode(lines[i:i+1], rd.codes, first, r.styles.CodeLabel)
			c.label = lines[i]
			break
		}
	}
	if len(rd.codes) > 0 {
		c.lang = rd.codes[0].Lang
	}
}

// addCode renders complete content lines of the open fence f as a code block
// of their own and keeps the lines of code.
func (r *Renderer) addCode(f fence, content []byte) {
	c := &r.code
	rd, err := r.render(r.fenced(f, content))
	fr := r.frame
	lines := compact(nil, rd.out)
	if err != nil || len(lines) < fr.top+fr.bottom {
		c.lines = compact(c.lines, strings.TrimSuffix(string(content), "\n"))
		return
	}
	c.lines = append(c.lines, lines[fr.top:len(lines)-fr.bottom]...)
}

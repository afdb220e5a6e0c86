package markdown

import (
	"bytes"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// codeRun draws a fenced code block that is still arriving, at the top level
// or inside a list item, without rendering it whole at every frame:
// highlighting a long block costs milliseconds a frame, so its complete
// lines are rendered once, in pieces (the lines that arrived since the last
// frame), and the line still being written is drawn plain.
//
// The pieces are highlighted each on its own, so a construct spanning two
// of them (a multi-line string) could be coloured otherwise than in the
// whole block. When the fence closes, the block is lexed whole once (the
// cheap part of rendering it) and its tokens compared with the pieces',
// line by line: the pieces' lines are kept when they agree, which is almost
// always; when they do not, the block is rendered whole, once.
type codeRun struct {
	f        fence  // the fence, offsets in the Renderer's text
	ind      string // the fence's indentation, which its closing line gets
	stub     string // the lines rendered before it (list items), dropped
	done     int    // offset up to which the content is rendered
	label    string // the `[N] lang` line, once labelled is set
	labelled bool
	lang     string    // the language the model named
	lines    []string  // the rendered content lines
	sigs     []string  // each line's tokens, as its piece was lexed
	code     []byte    // the content as glamour saw it (list indentation removed)
	frame    codeFrame // where code sits in a rendered piece
}

// codeFrame is where the code sits in the lines of a rendered fenced code
// block, learnt once per width, style and context by rendering a probe.
type codeFrame struct {
	top, bottom int    // lines before and after the code
	indent      int    // columns before the code
	mark        string // the line holding the code mark, which becomes the label
	prefix      string // glamour's output before the code on a line, escapes and all
	ok          bool
}

// probeCode renders a one-line code block after stub, indented by ind, and
// finds the code in it. Probes are kept per context until the width or the
// styles change.
func (r *Renderer) probeCode(stub, ind string) codeFrame {
	// The numbers of the items in the stub do not move the code: one probe
	// serves every item of a list.
	key := strings.Map(func(c rune) rune {
		if c >= '0' && c <= '9' {
			return '9'
		}
		return c
	}, stub) + "\x00" + ind
	if fr, ok := r.frames[key]; ok {
		return fr
	}
	var fr codeFrame
	rd, err := r.render([]byte(stub + ind + "```\n" + ind + "X\n" + ind + "```\n"))
	if err == nil {
		lines := compact(nil, rd.out)
		for i, l := range lines {
			plain := ansi.Strip(l)
			if x := strings.IndexByte(plain, 'X'); x >= 0 && strings.TrimSpace(plain) == "X" {
				fr = codeFrame{top: i, bottom: len(lines) - 1 - i, indent: ansi.StringWidth(plain[:x]), ok: true}
				if i > 0 && strings.Count(lines[i-1], codeMark) == 1 {
					fr.mark = lines[i-1]
				}
				fr.prefix = rawPrefix(rd.out, i)
				break
			}
		}
	}
	if r.frames == nil {
		r.frames = map[string]codeFrame{}
	}
	if len(r.frames) < 64 { // contexts are few: a list nests a handful deep
		r.frames[key] = fr
	}
	return fr
}

// start begins drawing fence f (with indentation ind, after stub), whose
// label is number first.
func (r *Renderer) startCode(c *codeRun, f fence, ind, stub string, first int) {
	*c = codeRun{f: f, ind: ind, stub: stub, done: f.body}
	c.frame = r.probeCode(stub, ind)
	r.labelRun(c, first)
}

// pieceLines is how many complete lines of code wait, drawn plain, to be
// rendered together: at a model's pace a frame brings a line or so, and
// rendering a piece has a cost of its own whatever its length. More would
// bunch the work into fewer, longer frames (code costs glamour some 10 ms a
// kilobyte).
const pieceLines = 2

// codeLines returns the code block's lines so far: its label, the lines
// rendered, and those not rendered yet, plain, up to end.
func (r *Renderer) codeLines(c *codeRun, end int) []string {
	if lineEnd := lastLineEnd(r.text, c.done, end); lineEnd > c.done &&
		bytes.Count(r.text[c.done:lineEnd], []byte("\n")) >= pieceLines {
		r.addCode(c, r.text[c.done:lineEnd])
		c.done = lineEnd
	}
	lines := make([]string, 0, len(c.lines)+pieceLines+2)
	if c.label != "" {
		lines = append(lines, c.label)
	}
	lines = append(lines, c.lines...)
	pad := strings.Repeat(" ", c.frame.indent)
	for l := range bytes.Lines(complete(r.text[c.done:end])) {
		l = bytes.TrimPrefix(bytes.TrimSuffix(l, []byte("\n")), []byte(c.ind))
		lines = compact(lines, pad+string(l))
	}
	return lines
}

// lastLineEnd returns the offset after the last newline in text[from:to],
// or from if there is none.
func lastLineEnd(text []byte, from, to int) int {
	if i := bytes.LastIndexByte(text[from:to], '\n'); i >= 0 {
		return from + i + 1
	}
	return from
}

// block returns the code block as the reply holds it so far.
func (c *codeRun) block() CodeBlock { return CodeBlock{Lang: c.lang, Code: string(c.code)} }

// fenced returns content as a fenced code block opened like c's, after its
// stub.
func (r *Renderer) fenced(c *codeRun, content []byte) []byte {
	f := c.f
	src := make([]byte, 0, len(c.stub)+f.body-f.open+len(content)+len(c.ind)+f.n+1)
	src = append(src, c.stub...)
	src = append(src, r.text[f.open:f.body]...)
	src = append(src, content...)
	src = append(src, c.ind...)
	src = append(src, bytes.Repeat([]byte{f.char}, f.n)...)
	return append(src, '\n')
}

// labelRun finds the label of c, number first: from the probe's mark line
// and the language of the fence (its info string's first word, as goldmark
// reads it), or by rendering it empty.
func (r *Renderer) labelRun(c *codeRun, first int) {
	c.labelled = true
	if c.frame.mark != "" {
		info := bytes.TrimSpace(bytes.TrimLeft(bytes.TrimSpace(r.text[c.f.open:c.f.body]), string(c.f.char)))
		if lang, _, _ := bytes.Cut(info, []byte(" ")); !bytes.ContainsAny(lang, "\\&") {
			c.lang = string(lang)
			lines := []string{c.frame.mark}
			labelCode(lines, []CodeBlock{{Lang: c.lang}}, first, r.styles.CodeLabel)
			c.label = lines[0]
			return
		}
	}
	rd, err := r.render(r.fenced(c, nil))
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

// addCode renders complete content lines of c as a code block of their own
// and keeps the lines of code, with their tokens.
func (r *Renderer) addCode(c *codeRun, content []byte) {
	if lines, sigs, code, ok := r.drawCode(c, content); ok {
		c.lines = append(c.lines, lines...)
		c.sigs = append(c.sigs, sigs...)
		c.code = append(c.code, code...)
		return
	}
	rd, err := r.renderAt(r.pieceWidth(c, content))(r.fenced(c, content))
	fr := c.frame
	lines := compact(nil, rd.out)
	var piece string
	if err == nil && len(rd.codes) > 0 {
		piece = rd.codes[0].Code
	}
	c.code = append(c.code, piece...)
	sigs := lineSigs(c.lang, piece)
	n := len(lines) - fr.top - fr.bottom
	if err != nil || !fr.ok || n < len(sigs) { // more lines: long ones wrapped
		// Not the shape the probe promised: keep the text, and have the
		// check at the end fail, so that the block is rendered whole.
		c.lines = compact(c.lines, strings.TrimSuffix(string(content), "\n"))
		for range bytes.Count(content, []byte("\n")) {
			c.sigs = append(c.sigs, "\x00")
		}
		return
	}
	c.lines = append(c.lines, lines[fr.top:len(lines)-fr.bottom]...)
	c.sigs = append(c.sigs, sigs...)
}

// pieceWidth is the width to render content of c at. Glamour pads every
// line to the width, a styled cell at a time, which costs more than the
// code itself at 200 columns; the padding is dropped afterwards (compact).
// So a piece whose lines all fit well inside is rendered at the width they
// need, which draws them alike; one with a line that could wrap, at the
// Renderer's.
func (r *Renderer) pieceWidth(c *codeRun, content []byte) int {
	need := 0
	for l := range bytes.Lines(content) {
		need = max(need, len(l)+3*bytes.Count(l, []byte("\t")))
	}
	w := (c.frame.indent + need + 8 + 15) / 16 * 16 // a few widths, each rendered for once
	if !c.frame.ok || w >= r.width {
		return r.width
	}
	return w
}

// renderAt returns the render function at width w: the Renderer's own, or
// one kept for w.
func (r *Renderer) renderAt(w int) renderFunc {
	if w == r.width {
		return r.render
	}
	if f, ok := r.narrow[w]; ok {
		return f
	}
	if r.narrow == nil {
		r.narrow = map[int]renderFunc{}
	}
	f := r.newRender(w, r.styles)
	r.narrow[w] = f
	return f
}

// finishCode draws the rest of the content, up to the closing fence at
// end, and starts the check that the pieces are what the whole block gives
// (see codeCheck). It reports false when they plainly are not (a piece not
// drawn as the probe promised): the block is then rendered whole at once.
func (r *Renderer) finishCode(c *codeRun, end int) (*codeCheck, bool) {
	if end > c.done {
		content := r.text[c.done:end]
		if content[len(content)-1] != '\n' {
			content = append(content[:len(content):len(content)], '\n')
		}
		r.addCode(c, content)
		c.done = end
	}
	if c.label == "" && c.labelled || slices.Contains(c.sigs, "\x00") {
		return nil, false
	}
	return startCheck(c.lang, string(c.code), c.sigs), true
}

// codeCheck lexes a closed code block whole, off the event loop, and
// compares its tokens with its pieces', line by line. Lexing is the cheap
// part of rendering code, but still costs a few milliseconds a kilobyte:
// at the close of a long block it would be one long frame. The pieces'
// lines are drawn meanwhile; when (rarely) they differ, the block is
// rendered whole once the answer comes (see Renderer.settle).
type codeCheck struct {
	same chan bool // receives the answer, once
	ok   bool      // the answer, once received
	done bool
}

func startCheck(lang, code string, sigs []string) *codeCheck {
	k := &codeCheck{same: make(chan bool, 1)}
	go func() { k.same <- slices.Equal(lineSigs(lang, code), sigs) }()
	return k
}

// result returns the answer; wait says whether to wait for it.
func (k *codeCheck) result(wait bool) (ok, done bool) {
	if !k.done {
		if wait {
			k.ok, k.done = <-k.same, true
		} else {
			select {
			case k.ok = <-k.same:
				k.done = true
			default:
			}
		}
	}
	return k.ok, k.done
}

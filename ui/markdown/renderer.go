package markdown

import (
	"bytes"
	"strings"

	"atelier/internal/termtext"
)

// defaultWidth is used when a Renderer is given no usable width.
const defaultWidth = 80

// Renderer renders markdown that arrives in pieces. It cuts the text into
// top-level blocks, renders each block once it can no longer change and
// keeps the result, and renders again only the block still open at the end.
// It does no I/O and knows nothing of Bubble Tea.
//
// Model output is cleaned before anything else sees it: escape sequences and
// control characters are removed (statefully, so a sequence split across two
// Append calls goes too). The only escapes in the output are the styles
// glamour writes itself.
//
// Rendering happens lazily, in the methods that return output (Rendered,
// Lines, CodeBlocks); Append only stores and splits, so many Appends between
// two frames cost one render.
type Renderer struct {
	width     int
	styles    Styles
	newRender func(width int, st Styles) renderFunc // swapped by tests
	render    renderFunc                            // nil after a width or style change
	narrow    map[int]renderFunc                    // narrower ones, for code (see pieceWidth)
	newFlat   func(width int, st Styles) renderFunc // swapped by tests
	flat      renderFunc                            // an open paragraph's tail (paraflat.go); nil: none
	flatSet   bool                                  // flat was made for this width and style

	strip  termtext.Stripper
	text   []byte   // the cleaned markdown
	split  splitter // where the blocks end
	blocks []block  // the closed blocks, in order

	done    int         // blocks[:done] are rendered into lines
	lines   []string    // lines of blocks[:done], "" between blocks, then the open block's
	nClosed int         // lines[:nClosed] belong to closed blocks
	codes   []CodeBlock // the code blocks of blocks[:done]

	glued     bool                 // the last closed block takes no empty line after it
	tail      []CodeBlock          // the code blocks of the open block
	tailDirty bool                 // the open block changed since it was rendered
	finished  bool                 // Finish was called: no block is open
	checks    []pendingCheck       // code blocks drawn from their pieces, being checked
	code      codeRun              // the open block, when it is a fenced code block
	open      openBlock            // the open block, any other kind (see open.go)
	frames    map[string]codeFrame // where code sits in a rendered code block, per context
	joined    string               // Rendered's result, "" when stale
}

// NewRenderer returns a Renderer that renders at width columns in st.
func NewRenderer(width int, st Styles) *Renderer {
	if width <= 0 {
		width = defaultWidth
	}
	return &Renderer{
		width:     width,
		styles:    st,
		newRender: func(w int, st Styles) renderFunc { return newGlamour(w, st.Markdown) },
		newFlat:   newFlat,
		open:      openBlock{start: -1},
	}
}

// Append adds a piece of the reply.
func (r *Renderer) Append(s string) {
	if s == "" || r.finished {
		return
	}
	n := len(r.text)
	r.text = r.strip.Append(r.text, []byte(s))
	if len(r.text) == n {
		return
	}
	// A mark split across two pieces is whole only now; it may begin up to
	// two bytes before the new ones.
	unmarkText(r.text[max(n-2, 0):])
	r.split.scan(r.text, func(b block) { r.blocks = append(r.blocks, b) })
	r.tailDirty, r.joined = true, ""
}

// Finish says that the reply is complete: the block still open closes as
// it is, and is drawn as closed blocks are, exactly as rendering the whole
// reply draws it (a code block whose fence never closed, say, is checked
// against its whole highlighting). Append does nothing after it.
func (r *Renderer) Finish() {
	if r.finished {
		return
	}
	r.finished = true
	end := len(complete(r.text))
	if len(bytes.TrimSpace(r.text[r.split.start:end])) > 0 {
		r.blocks = append(r.blocks, block{start: r.split.start, end: end, list: r.split.list})
	}
	r.split = splitter{start: end, pos: end}
	r.tailDirty, r.joined = true, ""
}

// Text returns the markdown received so far, cleaned of control sequences.
func (r *Renderer) Text() string { return string(r.text) }

// Width returns the width the Renderer renders at.
func (r *Renderer) Width() int { return r.width }

// SetWidth changes the width. Every block will be rendered again, on the
// next call that returns output.
func (r *Renderer) SetWidth(w int) {
	if w <= 0 {
		w = defaultWidth
	}
	if w != r.width {
		r.width = w
		r.invalidate()
	}
}

// SetStyles changes the styles; as with SetWidth, everything is rendered
// again when next asked for.
func (r *Renderer) SetStyles(st Styles) {
	r.styles = st
	r.invalidate()
}

func (r *Renderer) invalidate() {
	r.render, r.narrow = nil, nil
	r.flat, r.flatSet = nil, false
	r.done, r.nClosed = 0, 0
	r.lines, r.codes, r.glued = r.lines[:0], nil, false
	r.code, r.frames, r.open = codeRun{}, nil, openBlock{start: -1}
	r.checks = nil // their answers are for lines no longer drawn
	r.tailDirty, r.joined = true, ""
}

// Rendered returns the rendered reply: the lines of Lines joined by "\n".
func (r *Renderer) Rendered() string {
	r.update()
	if r.joined == "" {
		r.joined = strings.Join(r.lines, "\n")
	}
	return r.joined
}

// Lines returns the rendered reply, one screen line each, with no trailing
// padding. Each line carries its own styles, so any slice of them can be
// drawn alone. The slice is the Renderer's own: it is valid until the next
// Append, SetWidth or SetStyles, and must not be modified.
func (r *Renderer) Lines() []string {
	r.update()
	return r.lines
}

// CodeBlocks returns the code blocks of the text so far, block N at index
// N-1, matching the `[N]` markers.
func (r *Renderer) CodeBlocks() []CodeBlock {
	r.update()
	return append(r.codes[:len(r.codes):len(r.codes)], r.tail...)
}

// update renders the blocks that closed since the last call, then the open
// block if it changed.
func (r *Renderer) update() {
	if r.render == nil {
		r.render = r.newRender(r.width, r.styles)
	}
	r.settle(r.finished)
	for ; r.done < len(r.blocks); r.done++ {
		b := r.blocks[r.done]
		lines, codes, html, check := r.closeBlock(b)
		if len(lines) == 0 {
			continue // nothing to draw: link definitions, an HTML comment
		}
		r.lines = r.lines[:r.nClosed]
		if r.nClosed > 0 && r.sepBefore(b.list) == "\n\n" {
			r.lines = append(r.lines, "")
		}
		if check != nil {
			r.checks = append(r.checks, pendingCheck{k: check, block: r.done, first: len(r.codes) + 1,
				from: len(r.lines), to: len(r.lines) + len(lines)})
		}
		r.glued = html
		r.lines = append(r.lines, lines...)
		r.nClosed = len(r.lines)
		r.codes = append(r.codes, codes...)
		r.tailDirty, r.joined = true, ""
	}
	if r.finished {
		r.settle(true)
	}
	if r.tailDirty {
		r.tailDirty = false
		r.updateTail()
	}
}

// closeBlock renders a block that closed: from what was drawn of it while
// it was open when that is what rendering it whole gives, else whole. A
// code block drawn in pieces comes with the check of its pieces.
func (r *Renderer) closeBlock(b block) ([]string, []CodeBlock, bool, *codeCheck) {
	switch {
	case r.code.f.open == b.start && r.code.f.char != 0:
		c := r.code
		r.code = codeRun{}
		end := lineStart(r.text, b.end-1)
		if last := r.text[end:b.end]; !c.f.closes(bytes.TrimRight(last, "\n"), indent(last)) {
			end = b.end // the reply ended inside the fence: all of it is code
		}
		if k, ok := r.finishCode(&c, end); ok {
			lines := []string(nil)
			if c.label != "" {
				lines = append(lines, c.label)
			}
			// Trimmed as a block rendered whole is: a fence left open by
			// the reply's end ends at its last line that is not blank.
			return trimBlank(append(lines, c.lines...)), []CodeBlock{c.block()}, false, k
		}
	case r.open.start == b.start:
		r.scanOpenTo(b.end)
		if r.checksAgree(b.start) {
			lines, codes, html, ok := r.closeOpen(b.end, r.nextItem())
			if ok {
				r.open = openBlock{start: -1}
				return lines, codes, html, nil
			}
		}
		r.open = openBlock{start: -1}
	}
	lines, codes, html := r.renderBlock(r.text[b.start:b.end], b.list, r.nextItem(), len(r.codes)+1)
	return lines, codes, html, nil
}

// lineStart is the offset of the line holding offset i.
func lineStart(text []byte, i int) int {
	return bytes.LastIndexByte(text[:max(i, 0)], '\n') + 1
}

// updateTail renders the open block.
func (r *Renderer) updateTail() {
	var lines []string
	var codes []CodeBlock
	end := r.split.start + len(complete(r.text[r.split.start:]))
	switch f := r.split.fence; {
	case len(bytes.TrimSpace(r.text[r.split.start:end])) == 0:
	case f.char != 0 && f.top:
		c := &r.code
		if c.f != f || c.f.char == 0 {
			r.startCode(c, f, "", "", len(r.codes)+1)
		}
		lines = trimBlank(r.codeLines(c, end)) // as when the block closes
		codes = []CodeBlock{{Lang: c.lang, Code: string(complete(r.text[f.body:]))}}
	default:
		lines, codes = r.renderOpen()
	}
	r.lines, r.tail = r.lines[:r.nClosed], codes
	if len(lines) > 0 && r.nClosed > 0 && r.sepBefore(r.split.list) == "\n\n" {
		r.lines = append(r.lines, "")
	}
	r.lines = append(r.lines, lines...)
}

// sepBefore returns what joins the text of the last closed block to the
// next block, item list.n of a list: a newline under the item before it or
// under an HTML block, else an empty line too.
func (r *Renderer) sepBefore(list listRef) string {
	if r.glued || list.n > 0 {
		return "\n"
	}
	return "\n\n"
}

// nextItem reports whether the block after blocks[done] is the next item of
// its list, drawn right under it.
func (r *Renderer) nextItem() bool {
	if r.done+1 < len(r.blocks) {
		return r.blocks[r.done+1].list.n > 0
	}
	return r.split.list.n > 0
}

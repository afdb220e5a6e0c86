package history

import (
	"image"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store/price"
	"atelier/ui/imageview"
)

// An open item is laid out as blocks of lines (a heading, a prompt, a
// reply, a row of comparison lanes...), one after another. Laying out is
// cheap: it only reads renderings made earlier, and shows plain text for
// a reply not rendered yet, listing it as missing.

// block is a run of lines; key names what it shows (a message id, or 0),
// so the view can stay on it when the layout changes.
type block struct {
	key     int64
	lines   []string
	replies []int64 // the replies inside: a lanes block holds several
	missing []mdJob // replies shown plain, waiting for a rendering
}

// span is a block placed on the page.
type span struct {
	key        int64
	start, end int // lines [start, end)
	replies    []int64
	missing    []mdJob
}

// page is a laid out item.
type page struct {
	lines []string
	spans []span
}

// assemble places blocks one after another, a blank line between them.
func assemble(blocks []block) page {
	var p page
	for i, b := range blocks {
		if i > 0 {
			p.lines = append(p.lines, "")
		}
		start := len(p.lines)
		p.lines = append(p.lines, b.lines...)
		p.spans = append(p.spans, span{key: b.key, start: start, end: len(p.lines), replies: b.replies, missing: b.missing})
	}
	return p
}

// find is the first line of the block showing message id.
func (p page) find(id int64) (int, bool) {
	for _, s := range p.spans {
		if s.key == id || slices.Contains(s.replies, id) {
			return s.start, true
		}
	}
	return 0, false
}

// anchor is the block at line offset and how far into it: where the view
// is, in terms that survive a new layout.
func (p page) anchor(offset int) (key int64, delta int, ok bool) {
	for i := len(p.spans) - 1; i >= 0; i-- {
		if s := p.spans[i]; s.start <= offset && s.key != 0 {
			return s.key, offset - s.start, true
		}
	}
	return 0, 0, false
}

// missing lists the replies shown plain in lines [from, to), or in the
// whole page when to is negative.
func (p page) missing(from, to int) []mdJob {
	var out []mdJob
	for _, s := range p.spans {
		if to < 0 || s.start < to && s.end > from {
			out = append(out, s.missing...)
		}
	}
	return out
}

// layoutCtx is what laying out reads.
type layoutCtx struct {
	width, height int
	st            styles
	thinking      bool // thinking shown, not folded
	stacked       bool // comparison lanes one after another
	md            map[mdKey][]string
	blocks        map[blockKey]block     // laid out conversation blocks; nil: none kept
	images        map[string]image.Image // decoded pictures, by imageKey
	imageErrs     map[string]string
	seq           int
	preview       *imageview.Preview
	prices        price.Table // the rates costs come from; nil: none shown
	link          int         // the lineage link marked
}

// markdown is a reply's rendering at width, or its plain text, noted as
// missing in b, until one is made.
func (lc *layoutCtx) markdown(b *block, id int64, text string, width int) []string {
	k := mdKey{id: id, width: width}
	if ls, ok := lc.md[k]; ok {
		return ls
	}
	b.missing = append(b.missing, mdJob{key: k, text: text})
	return wrapPlain(termtext.String(text), width)
}

// wrapPlain wraps text at width, keeping its line breaks.
func wrapPlain(text string, width int) []string {
	text = strings.TrimRight(strings.ReplaceAll(text, "\t", "    "), "\n ")
	if text == "" {
		return nil
	}
	return strings.Split(ansi.Wrap(text, max(width, 1), " "), "\n")
}

// paragraph is text cleaned, wrapped at width and styled line by line.
func paragraph(text string, width int, st lipgloss.Style) []string {
	ls := wrapPlain(termtext.String(text), width)
	for i, l := range ls {
		ls[i] = st.Render(l)
	}
	return ls
}

// indent puts n spaces before every line.
func indent(ls []string, n int) []string {
	pad := strings.Repeat(" ", n)
	out := make([]string, len(ls))
	for i, l := range ls {
		if l != "" {
			l = pad + l
		}
		out[i] = l
	}
	return out
}

// fit pads or cuts a styled line to exactly w cells.
func fit(s string, w int) string {
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}

// stripANSI is s without styling.
func stripANSI(s string) string { return ansi.Strip(s) }

// lipglossWidth is the width of s in cells.
func lipglossWidth(s string) int { return lipgloss.Width(s) }

// join puts parts together with sep, leaving out empty ones.
func join(sep string, parts ...string) string {
	kept := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

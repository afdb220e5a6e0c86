package history

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/glamour/v2"
	glamourstyles "charm.land/glamour/v2/styles"

	"atelier/ui/termtext"
)

// Replies are rendered as markdown with glamour, which takes a millisecond
// or more each. So an item opens with its replies as plain text, the ones
// in sight are rendered at once (ensureVisible), and the rest by a command
// in the background (renderCmd); each rendering is kept for its width.

// mdKey names a rendering: a message at a width.
type mdKey struct {
	id    int64
	width int
}

// mdJob is a reply waiting to be rendered.
type mdJob struct {
	key  mdKey
	text string
}

// mdCache holds renderings, and the renderers the UI loop uses for the
// replies in sight. It belongs to the UI loop; commands get copies of what
// they need and hand renderings back in messages.
type mdCache struct {
	out       map[mdKey][]string
	blocks    map[blockKey]block            // laid out with out: dropped with it
	renderers map[int]*glamour.TermRenderer // by width
	inflight  bool                          // a renderCmd is under way
}

func newMDCache() *mdCache {
	return &mdCache{out: map[mdKey][]string{}, blocks: map[blockKey]block{}, renderers: map[int]*glamour.TermRenderer{}}
}

// render renders jobs now, on the UI loop: only for replies in sight.
func (c *mdCache) render(jobs []mdJob, dark bool) {
	for _, j := range jobs {
		r := c.renderers[j.key.width]
		if r == nil {
			r = newRenderer(j.key.width, dark)
			c.renderers[j.key.width] = r
		}
		c.out[j.key] = renderMarkdown(r, j.text, j.key.width)
	}
}

// renderedMsg carries renderings made in the background for cache; they
// are dropped if the cache has been replaced since (another item opened,
// the background changed).
type renderedMsg struct {
	cache *mdCache // only compared, never read: it belongs to the UI loop
	out   map[mdKey][]string
}

// renderCmd renders jobs off the UI loop, with renderers of its own.
func renderCmd(cache *mdCache, dark bool, jobs []mdJob) tea.Cmd {
	return func() tea.Msg {
		out := make(map[mdKey][]string, len(jobs))
		renderers := map[int]*glamour.TermRenderer{}
		for _, j := range jobs {
			r := renderers[j.key.width]
			if r == nil {
				r = newRenderer(j.key.width, dark)
				renderers[j.key.width] = r
			}
			out[j.key] = renderMarkdown(r, j.text, j.key.width)
		}
		return result(renderedMsg{cache: cache, out: out})
	}
}

// newRenderer returns a glamour renderer wrapping at width, without the
// document margin (the tab indents replies itself). Code is coloured in
// true colour, which Bubble Tea's renderer brings down to what the
// terminal has; chroma's 256-colour output is not the same twice.
func newRenderer(width int, dark bool) *glamour.TermRenderer {
	style := glamourstyles.LightStyleConfig
	if dark {
		style = glamourstyles.DarkStyleConfig
	}
	zero := uint(0)
	style.Document.Margin = &zero
	style.Document.BlockPrefix, style.Document.BlockSuffix = "", ""
	// Line breaks are kept: a reply's single newlines (a poem, an address)
	// are meant, though markdown would join the lines.
	r, err := glamour.NewTermRenderer(glamour.WithStyles(style), glamour.WithWordWrap(max(width, 10)),
		glamour.WithChromaFormatter("terminal16m"), glamour.WithPreservedNewLines())
	if err != nil {
		return nil
	}
	return r
}

// renderMarkdown renders a reply, cleaned of control sequences first, its
// tabs made spaces.
// Glamour failing (or panicking on some input) leaves the text plain.
func renderMarkdown(r *glamour.TermRenderer, text string, width int) (lines []string) {
	// A tab would be measured as one cell and drawn as up to eight.
	text = strings.ReplaceAll(termtext.String(text), "\t", "    ")
	plain := func() []string { return wrapPlain(text, width) }
	if r == nil {
		return plain()
	}
	defer func() {
		if p := recover(); p != nil {
			lines = plain()
		}
	}()
	out, err := r.Render(text)
	if err != nil {
		return plain()
	}
	lines = trimBlank(strings.Split(out, "\n"))
	for i, l := range lines {
		lines[i] = trimPadding(l)
	}
	return lines
}

// trimPadding drops the spaces glamour pads each line to the full width
// with, each styled on its own, unless they paint a background (a code
// block's). They cost time in every view and in laying lanes side by side.
func trimPadding(l string) string {
	for {
		l = strings.TrimRight(l, " ")
		rest, ok := strings.CutSuffix(l, "\x1b[m")
		if !ok {
			if rest, ok = strings.CutSuffix(l, "\x1b[0m"); !ok {
				return l
			}
		}
		body := strings.TrimRight(rest, " ")
		i := strings.LastIndex(body, "\x1b[")
		if i < 0 || !strings.HasSuffix(body, "m") {
			return l
		}
		params := body[i+2 : len(body)-1]
		if strings.Trim(params, "0123456789;") != "" || paintsBackground(params) {
			return l // text, not padding; or a background to keep
		}
		l = body[:i]
	}
}

// paintsBackground reports whether SGR parameters set a background.
func paintsBackground(params string) bool {
	for _, p := range strings.Split(params, ";") {
		if p == "48" || len(p) == 2 && p[0] == '4' && p[1] != '9' || len(p) == 3 && p[:2] == "10" {
			return true
		}
	}
	return false
}

// trimBlank drops the blank lines glamour puts around a document.
func trimBlank(ls []string) []string {
	blank := func(s string) bool { return strings.TrimSpace(stripANSI(s)) == "" }
	for len(ls) > 0 && blank(ls[0]) {
		ls = ls[1:]
	}
	for len(ls) > 0 && blank(ls[len(ls)-1]) {
		ls = ls[:len(ls)-1]
	}
	return ls
}

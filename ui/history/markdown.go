package history

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/ui/markdown"
)

// Replies are rendered as markdown by ui/markdown, as the Chat and Compare
// tabs render them (links as their text and visible address, no terminal
// hyperlink; code in the language it names, or plain), which takes a
// millisecond or more each. So an item opens with its replies as plain
// text, the ones in sight are rendered at once (ensureVisible), and the rest
// by a command in the background (renderCmd); each rendering is kept for
// its width.

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

// mdCache holds renderings. It belongs to the UI loop; commands get copies
// of what they need and hand renderings back in messages.
type mdCache struct {
	out      map[mdKey][]string
	blocks   map[blockKey]block // laid out with out: dropped with it
	inflight bool               // a renderCmd is under way
}

func newMDCache() *mdCache {
	return &mdCache{out: map[mdKey][]string{}, blocks: map[blockKey]block{}}
}

// render renders jobs now, on the UI loop: only for replies in sight.
func (c *mdCache) render(jobs []mdJob, dark bool) {
	st := markdown.BareStyles(dark)
	for _, j := range jobs {
		c.out[j.key] = renderMarkdown(j.text, j.key.width, st)
	}
}

// renderedMsg carries renderings made in the background for cache; they
// are dropped if the cache has been replaced since (another item opened,
// the background changed).
type renderedMsg struct {
	cache *mdCache // only compared, never read: it belongs to the UI loop
	out   map[mdKey][]string
}

// renderCmd renders jobs off the UI loop.
func renderCmd(cache *mdCache, dark bool, jobs []mdJob) tea.Cmd {
	return func() tea.Msg {
		st := markdown.BareStyles(dark)
		out := make(map[mdKey][]string, len(jobs))
		for _, j := range jobs {
			out[j.key] = renderMarkdown(j.text, j.key.width, st)
		}
		return result(renderedMsg{cache: cache, out: out})
	}
}

// renderMarkdown renders a reply at width: cleaned of control sequences,
// its lines styled each on its own, no escape but SGR (see ui/markdown).
func renderMarkdown(text string, width int, st markdown.Styles) []string {
	r := markdown.NewRenderer(max(width, 10), st)
	r.Append(text)
	r.Finish()
	return trimBlank(r.Lines())
}

// trimBlank drops the blank lines at either end.
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

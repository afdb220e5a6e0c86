package batch

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/internal/limits"
	"atelier/ui/imageview"
)

// An image batch's cells show a half-block thumbnail of their file
// (ui/imageview's renderer) under the path. Files are read and decoded
// in a command, only for the cells in sight, and kept by file and size.

// thumbRows is the lines a thumbnail takes under a cell's two lines.
const thumbRows = 4

// thumbMaxBytes bounds the file a thumbnail is read from.
const thumbMaxBytes = 64 * limits.MiB

// thumbKey names a rendering: a file at a size in cells.
type thumbKey struct {
	path       string
	cols, rows int
}

// thumbCache holds the renderings, and those asked for. It belongs to
// the UI loop; commands hand renderings back in thumbsMsg.
type thumbCache struct {
	lines    map[thumbKey][]string
	inflight map[thumbKey]bool
	gen      int // counts arrivals: the drawing cache's key
}

func newThumbCache() *thumbCache {
	return &thumbCache{lines: map[thumbKey][]string{}, inflight: map[thumbKey]bool{}}
}

// thumbsMsg carries renderings made off the UI loop; a file that could
// not be read or decoded comes back with its error as its one line.
type thumbsMsg struct {
	cache *thumbCache // only compared: a reset cache drops late arrivals
	out   map[thumbKey][]string
}

// thumbsCmd renders the thumbnails the matrix shows and does not have.
func (m Model) thumbsCmd() tea.Cmd {
	if m.mx == nil || !m.mx.plan.IsImage() {
		return nil
	}
	return m.thumbs.fetch(m.layout().thumbsInSight())
}

// fetch renders, off the UI loop, those of keys the cache neither has nor
// waits for.
func (c *thumbCache) fetch(keys []thumbKey) tea.Cmd {
	var want []thumbKey
	for _, k := range keys {
		if c.lines[k] == nil && !c.inflight[k] {
			c.inflight[k] = true
			want = append(want, k)
		}
	}
	if len(want) == 0 {
		return nil
	}
	return func() tea.Msg {
		out := make(map[thumbKey][]string, len(want))
		for _, k := range want {
			out[k] = renderThumb(k)
		}
		return result(thumbsMsg{cache: c, out: out})
	}
}

// renderThumb reads, decodes and draws one thumbnail.
func renderThumb(k thumbKey) []string {
	data, err := limits.ReadFile(k.path, thumbMaxBytes, "image")
	if err != nil {
		return []string{"(" + err.Error() + ")"}
	}
	img, _, err := imageview.Decode(data, imageview.Limits{MaxBytes: thumbMaxBytes})
	if err != nil {
		return []string{"(" + err.Error() + ")"}
	}
	return strings.Split(imageview.HalfBlock(img, k.cols, k.rows), "\n")
}

// arrived keeps renderings made for this cache; a late arrival for a
// cache since reset is dropped.
func (c *thumbCache) arrived(msg thumbsMsg) {
	if msg.cache != c {
		return
	}
	for k, ls := range msg.out {
		c.lines[k] = ls
		delete(c.inflight, k)
	}
	c.gen++
}

// show is a cell's thumbnail, thumbRows lines of w cells: blank while it
// is read; a file that could not be read says why, in st.Fail.
func (c *thumbCache) show(media string, w int, st styles) []string {
	out := make([]string, thumbRows)
	ls := c.lines[thumbKey{path: media, cols: w, rows: thumbRows}]
	for i := range out {
		line := ""
		if i < len(ls) {
			line = ls[i]
		}
		if len(ls) == 1 && i == 0 { // an error, in words
			line = st.Fail.Render(fit(line, w))
		}
		out[i] = fit(line, w)
	}
	return out
}

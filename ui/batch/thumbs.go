package batch

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/budget"
	"atelier/ui/imageview"
)

// An image batch's cells show a half-block thumbnail of their file
// (ui/imageview's renderer) under the path. Files are read and decoded
// in a command, only for the cells in sight, and kept by file and size.

// thumbRows is the lines a thumbnail takes under a cell's two lines.
const thumbRows = 4

// thumbMaxBytes bounds the file a thumbnail is read from.
const thumbMaxBytes = 64 * budget.MiB

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
	x := m.mx
	if x == nil || !x.plan.IsImage() {
		return nil
	}
	var want []thumbKey
	cols := m.colWidth() - 2
	for i := x.top; i < len(x.rows) && i < x.top+m.matrixRows(); i++ {
		for _, t := range m.visibleTargets() {
			s := x.grid[x.rows[i]][t]
			if s.media == "" {
				continue
			}
			k := thumbKey{path: s.media, cols: cols, rows: thumbRows}
			if m.thumbs.lines[k] == nil && !m.thumbs.inflight[k] {
				m.thumbs.inflight[k] = true
				want = append(want, k)
			}
		}
	}
	if len(want) == 0 {
		return nil
	}
	cache := m.thumbs
	return func() tea.Msg {
		out := make(map[thumbKey][]string, len(want))
		for _, k := range want {
			out[k] = renderThumb(k)
		}
		return result(thumbsMsg{cache: cache, out: out})
	}
}

// renderThumb reads, decodes and draws one thumbnail.
func renderThumb(k thumbKey) []string {
	data, err := budget.ReadFile(k.path, thumbMaxBytes, "image")
	if err != nil {
		return []string{"(" + err.Error() + ")"}
	}
	img, _, err := imageview.Decode(data, imageview.Limits{MaxBytes: thumbMaxBytes})
	if err != nil {
		return []string{"(" + err.Error() + ")"}
	}
	return strings.Split(imageview.HalfBlock(img, k.cols, k.rows), "\n")
}

// thumbsArrived keeps renderings for the cache they were asked for.
func (m Model) thumbsArrived(msg thumbsMsg) Model {
	if msg.cache != m.thumbs {
		return m
	}
	for k, ls := range msg.out {
		m.thumbs.lines[k] = ls
		delete(m.thumbs.inflight, k)
	}
	m.thumbs.gen++
	return m
}

// thumbLines is a cell's thumbnail, thumbRows lines of w cells: blank
// while it is read.
func (m Model) thumbLines(media string, w int) []string {
	out := make([]string, thumbRows)
	ls := m.thumbs.lines[thumbKey{path: media, cols: w, rows: thumbRows}]
	for i := range out {
		line := ""
		if i < len(ls) {
			line = ls[i]
		}
		if len(ls) == 1 && i == 0 { // an error, in words
			line = m.st.Fail.Render(fit(line, w))
		}
		out[i] = fit(line, w)
	}
	return out
}

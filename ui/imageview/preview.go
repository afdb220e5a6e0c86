package imageview

import (
	"image"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
)

// defaultPreviewEntries is how many renderings a Preview keeps by default:
// a few sizes for each image on screen, with room for a gallery page.
const defaultPreviewEntries = 64

// Preview caches half-block renderings by image id and size, so a view that
// redraws every frame pays for a rendering once. The zero value is ready to
// use. It is meant for the UI loop: it is not safe for concurrent use.
type Preview struct {
	// Max is the number of renderings kept (oldest dropped first);
	// zero means 64.
	Max int
	// CellWidth and CellHeight are the terminal's cell size in pixels, for
	// HalfBlockCells; zero means 1:2.
	CellWidth, CellHeight int

	entries map[previewKey]string
	order   []previewKey // insertion order, oldest first
}

type previewKey struct {
	id           string
	cols, rows   int
	cellW, cellH int
}

// View returns img rendered by HalfBlockCells at cols×rows, from the cache
// when this id was rendered at this size before. The id names the pixels:
// give a new partial image, or an edited one, a new id.
func (p *Preview) View(id string, img image.Image, cols, rows int) string {
	k := previewKey{id, cols, rows, p.CellWidth, p.CellHeight}
	if s, ok := p.entries[k]; ok {
		return s
	}
	s := HalfBlockCells(img, cols, rows, p.CellWidth, p.CellHeight)
	p.store(k, s)
	return s
}

func (p *Preview) store(k previewKey, s string) {
	if p.entries == nil {
		p.entries = make(map[previewKey]string)
	}
	limit := p.Max
	if limit <= 0 {
		limit = defaultPreviewEntries
	}
	for len(p.entries) >= limit && len(p.order) > 0 {
		delete(p.entries, p.order[0])
		p.order = p.order[1:]
	}
	p.entries[k] = s
	p.order = append(p.order, k)
}

// Forget drops every rendering of id, for an image that left the screen.
func (p *Preview) Forget(id string) {
	kept := p.order[:0]
	for _, k := range p.order {
		if k.id == id {
			delete(p.entries, k)
			continue
		}
		kept = append(kept, k)
	}
	clear(p.order[len(kept):])
	p.order = kept
}

// Update takes the terminal's answer to a cell size query (CSI 16 t) and
// reports whether msg was one. A screen that shows previews without a
// Viewer (whose Capabilities do this) passes it every message.
func (p *Preview) Update(msg tea.Msg) bool {
	cs, ok := msg.(uv.CellSizeEvent)
	if ok && cs.Width > 0 && cs.Height > 0 {
		p.CellWidth, p.CellHeight = cs.Width, cs.Height
	}
	return ok
}

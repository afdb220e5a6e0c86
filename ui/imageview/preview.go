package imageview

import (
	"image"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
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
	// Profile is the colour profile Bubble Tea renders in: with 16 colours
	// the preview is dithered to them (else the renderer would take the
	// nearest of each pixel's); zero renders 24-bit colour.
	Profile colorprofile.Profile

	entries map[previewKey]string
	order   []previewKey // insertion order, oldest first
}

type previewKey struct {
	id           string
	cols, rows   int
	cellW, cellH int
	enc          encoding
}

// View returns img rendered by HalfBlockCells at cols×rows (dithered to
// 16 colours where Profile has no more), from the cache when this id was
// rendered at this size before. The id names the pixels: give a new
// partial image, or an edited one, a new id.
func (p *Preview) View(id string, img image.Image, cols, rows int) string {
	enc := profileEncoding(p.Profile)
	k := previewKey{id, cols, rows, p.CellWidth, p.CellHeight, enc}
	if s, ok := p.entries[k]; ok {
		return s
	}
	s := halfBlock(img, cols, rows, p.CellWidth, p.CellHeight, enc)
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

// Update takes the terminal's answer to a cell size query (CSI 16 t), or
// Bubble Tea's colour profile, and reports whether msg was one. A screen
// that shows previews without a Viewer (whose Capabilities do this) passes
// it every message.
func (p *Preview) Update(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case uv.CellSizeEvent:
		if msg.Width > 0 && msg.Height > 0 {
			p.CellWidth, p.CellHeight = msg.Width, msg.Height
		}
	case tea.ColorProfileMsg:
		p.Profile = msg.Profile
	default:
		return false
	}
	return true
}

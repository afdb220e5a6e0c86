package imageview

import (
	"image"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Viewer shows images inside views with the best inline protocol the
// terminal has: kitty placeholders, else the half-block preview. Images are
// named by a key (one per image, a new one for each partial image). It
// belongs to the UI loop: Prepare and Update from Update, View from View.
// Keep one per program (the root model's), since it allocates kitty ids.
type Viewer struct {
	Caps Capabilities

	preview Preview
	kitty   map[string]*kittyImage
	next    uint32 // counter behind the next kitty id
	// orphans are ids forgotten while their transmission was still being
	// encoded: they are deleted once it has gone out.
	orphans map[uint32]bool
}

// kittyImage is an image the terminal holds, with its current placement and
// the placeholder text for it.
type kittyImage struct {
	id         uint32
	cols, rows int // placement size asked for by the last Prepare
	// shownCols and shownRows are the placement size already handed to the
	// terminal (zero until the transmission has gone out): the placeholder
	// text follows them, never a placement the terminal lacks.
	shownCols, shownRows int
	text                 string // placeholder text, centred in boxCols×boxRows
	boxCols, boxRows     int
	trueColor            bool
}

// NewViewer returns a Viewer for a terminal with caps. seed varies the kitty
// image ids between programs sharing one terminal (tmux panes, say): pass
// something like the process id.
func NewViewer(caps Capabilities, seed uint32) *Viewer {
	return &Viewer{Caps: caps, next: seed}
}

// Prepare returns the command that must run before View can show img under
// key in cols×rows cells — with kitty graphics, the transmission, or a new
// placement after a resize — or nil when there is nothing to send. Call it
// from Update when an image arrives or the view changes size.
func (v *Viewer) Prepare(key string, img image.Image, cols, rows int) tea.Cmd {
	if v.Caps.Inline() != ProtocolKitty || cols <= 0 || rows <= 0 {
		return nil
	}
	b := img.Bounds()
	pc, pr := FitCells(b.Dx(), b.Dy(), min(cols, kittyMaxCells), min(rows, kittyMaxCells), v.Caps.CellWidth, v.Caps.CellHeight)
	if pc == 0 {
		return nil
	}
	enc := v.encoder()
	if k, ok := v.kitty[key]; ok {
		if k.cols == pc && k.rows == pr {
			return nil
		}
		k.cols, k.rows = pc, pr
		return enc.PlaceCmd(k.id, pc, pr)
	}
	if v.kitty == nil {
		v.kitty = make(map[string]*kittyImage)
	}
	k := &kittyImage{id: v.nextID(), cols: pc, rows: pr}
	v.kitty[key] = k
	return enc.TransmitCmd(img, k.id, pc, pr)
}

// Update notes that a transmission or placement from Prepare has been
// handed to the terminal, so View may draw its placeholders. Pass it every
// message (it looks at tea.RawMsg only). The command it may return deletes
// an image that was forgotten before its transmission went out.
func (v *Viewer) Update(msg tea.Msg) tea.Cmd {
	raw, ok := msg.(tea.RawMsg)
	if !ok {
		return nil
	}
	sent, ok := raw.Msg.(kittySent)
	if !ok {
		return nil
	}
	if v.orphans[sent.id] {
		delete(v.orphans, sent.id)
		return tea.Raw(v.encoder().Delete(sent.id))
	}
	for _, k := range v.kitty {
		if k.id == sent.id {
			k.shownCols, k.shownRows, k.text = sent.cols, sent.rows, ""
			break
		}
	}
	return nil
}

// View returns img under key as rows lines of cols cells: kitty placeholder
// text once Update has seen the image go out, else a half-block preview,
// both cached; "" when images are off. The caller shows the file path
// anyway.
func (v *Viewer) View(key string, img image.Image, cols, rows int) string {
	switch v.Caps.Inline() {
	case ProtocolOff:
		return ""
	case ProtocolKitty:
		if k, ok := v.kitty[key]; ok && k.shownCols > 0 && k.shownCols <= cols && k.shownRows <= rows {
			return v.kittyText(k, cols, rows)
		}
	}
	return v.preview.View(key, img, cols, rows)
}

// Forget drops what the Viewer keeps for key and returns the command that
// frees the terminal's copy of a kitty image, or nil (also when the image is
// still on its way: Update deletes it once it has been sent).
func (v *Viewer) Forget(key string) tea.Cmd {
	v.preview.Forget(key)
	k, ok := v.kitty[key]
	if !ok {
		return nil
	}
	delete(v.kitty, key)
	if k.shownCols == 0 {
		// Still being encoded: a delete now would reach the terminal first.
		if v.orphans == nil {
			v.orphans = make(map[uint32]bool)
		}
		v.orphans[k.id] = true
		return nil
	}
	return tea.Raw(v.encoder().Delete(k.id))
}

func (v *Viewer) encoder() Kitty {
	return Kitty{Tmux: v.Caps.Tmux, CellWidth: v.Caps.CellWidth, CellHeight: v.Caps.CellHeight}
}

// nextID returns a kitty image id that both placeholder forms can carry:
// a low byte of 16..255 (a palette index past the basic 16 colours), zero
// middle bytes, and any high byte (sent as a third diacritic).
func (v *Viewer) nextID() uint32 {
	c := v.next
	v.next++
	return (c/240%256)<<24 | (16 + c%240)
}

// kittyText returns k's placeholder text centred in cols×rows, cached.
func (v *Viewer) kittyText(k *kittyImage, cols, rows int) string {
	tc := v.Caps.TrueColor
	if k.text != "" && k.boxCols == cols && k.boxRows == rows && k.trueColor == tc {
		return k.text
	}
	var ph string
	if tc {
		ph = KittyPlaceholder(k.id, k.shownCols, k.shownRows)
	} else {
		ph = KittyPlaceholder256(k.id, k.shownCols, k.shownRows)
	}
	k.text, k.boxCols, k.boxRows, k.trueColor = centre(ph, k.shownCols, k.shownRows, cols, rows), cols, rows, tc
	return k.text
}

// centre pads w×h cells of text (lines joined by \n) with spaces to fill
// cols×rows, the block in the middle.
func centre(text string, w, h, cols, rows int) string {
	left, top := (cols-w)/2, (rows-h)/2
	blank := strings.Repeat(" ", cols)
	padL, padR := strings.Repeat(" ", left), strings.Repeat(" ", cols-w-left)
	var b strings.Builder
	b.Grow(len(text) + rows*(cols+1))
	lines := strings.Split(text, "\n")
	for y := range rows {
		if y > 0 {
			b.WriteByte('\n')
		}
		if y < top || y >= top+h {
			b.WriteString(blank)
			continue
		}
		b.WriteString(padL)
		b.WriteString(lines[y-top])
		b.WriteString(padR)
	}
	return b.String()
}

package imageview

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// kittyChunk is the most base64 bytes one kitty graphics command may carry.
const kittyChunk = 4096

// KittyFormat is how pixels travel in a kitty transmission.
type KittyFormat int

const (
	// KittyPNG sends a PNG (f=100): a few times smaller, costs an encode.
	KittyPNG KittyFormat = iota
	// KittyRGBA sends raw 8-bit RGBA (f=32): no encode, 4 bytes a pixel.
	KittyRGBA
)

// Kitty writes kitty graphics commands for images shown through Unicode
// placeholders. The zero value sends PNGs to a terminal outside tmux.
type Kitty struct {
	Format KittyFormat
	// Tmux wraps every command in tmux passthrough (see TmuxPassthrough).
	Tmux bool
	// CellWidth and CellHeight, in pixels, bound the pixels sent: an image
	// is shrunk to its placement's size first. Zero means 10×20.
	CellWidth, CellHeight int
}

// Transmit returns the commands that send img to the terminal as image id,
// silently (q=2), and create a virtual placement of cols×rows cells (a=T,
// U=1) that KittyPlaceholder text then shows. cols and rows are clamped to
// 1..297, the most the placeholder diacritics can address. It encodes the
// image, so run it from a tea.Cmd (TransmitCmd does).
func (k Kitty) Transmit(img image.Image, id uint32, cols, rows int) (string, error) {
	if id == 0 {
		return "", errors.New("kitty transmit: image id 0 is reserved")
	}
	b := img.Bounds()
	if b.Empty() {
		return "", errors.New("kitty transmit: empty image")
	}
	cols, rows = clampCells(cols), clampCells(rows)
	cw, ch := k.cellSize()
	img = Shrink(img, cols*cw, rows*ch)

	keys := "a=T,U=1,q=2,i=" + strconv.FormatUint(uint64(id), 10) +
		",c=" + strconv.Itoa(cols) + ",r=" + strconv.Itoa(rows)
	var payload []byte
	switch k.Format {
	case KittyRGBA:
		rgba := toNRGBA(img)
		keys += ",f=32,s=" + strconv.Itoa(rgba.Rect.Dx()) + ",v=" + strconv.Itoa(rgba.Rect.Dy())
		payload = rgba.Pix
	default:
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(&buf, img); err != nil {
			return "", fmt.Errorf("kitty transmit: %w", err)
		}
		keys += ",f=100"
		payload = buf.Bytes()
	}
	return k.chunks(keys, payload), nil
}

// chunks base64-encodes payload into commands of at most kittyChunk bytes:
// the first carries keys, the rest only m (1 = more follow, 0 = last).
func (k Kitty) chunks(keys string, payload []byte) string {
	data := base64.StdEncoding.EncodeToString(payload)
	var b strings.Builder
	b.Grow(len(data) + (len(data)/kittyChunk+1)*(len(keys)+16))
	for first := true; first || len(data) > 0; first = false {
		n := min(len(data), kittyChunk)
		more := "0"
		if n < len(data) {
			more = "1"
		}
		ctl := "m=" + more
		if first {
			ctl = keys + ",m=" + more
		}
		b.WriteString(k.command(ctl, data[:n]))
		data = data[n:]
	}
	return b.String()
}

// command builds one graphics command, wrapped for tmux when needed.
func (k Kitty) command(ctl, payload string) string {
	seq := "\x1b_G" + ctl
	if payload != "" {
		seq += ";" + payload
	}
	seq += "\x1b\\"
	if k.Tmux {
		return TmuxPassthrough(seq)
	}
	return seq
}

// Place returns the command that gives an already transmitted image a new
// virtual placement of cols×rows cells, for a resized view without sending
// the pixels again.
func (k Kitty) Place(id uint32, cols, rows int) string {
	return k.command(fmt.Sprintf("a=p,U=1,q=2,i=%d,c=%d,r=%d", id, clampCells(cols), clampCells(rows)), "")
}

// Delete returns the command that deletes image id and frees its data in the
// terminal (d=I), for an image that left the screen.
func (k Kitty) Delete(id uint32) string {
	return k.command(fmt.Sprintf("a=d,d=I,q=2,i=%d", id), "")
}

// TransmitCmd returns a command that encodes img off the UI loop and hands
// the result to Bubble Tea as a tea.RawMsg, which is how Bubble Tea v2 sends
// bytes to the terminal out of band: the program queues them, then passes
// the message on to Update, and writes the queue before the next frame.
// So a model that starts drawing placeholders once it sees the message in
// Update (Viewer.Update does) draws them after the image has been sent.
// img must not change afterwards. The command returns nil if id is 0 or the
// image is empty, the only ways encoding can fail.
func (k Kitty) TransmitCmd(img image.Image, id uint32, cols, rows int) tea.Cmd {
	cols, rows = clampCells(cols), clampCells(rows)
	return func() tea.Msg {
		seq, err := k.Transmit(img, id, cols, rows)
		if err != nil {
			return nil
		}
		return tea.RawMsg{Msg: kittySent{id: id, cols: cols, rows: rows, seq: seq}}
	}
}

// PlaceCmd is Place as a command, its tea.RawMsg recognised by Viewer.Update
// like TransmitCmd's.
func (k Kitty) PlaceCmd(id uint32, cols, rows int) tea.Cmd {
	cols, rows = clampCells(cols), clampCells(rows)
	msg := tea.RawMsg{Msg: kittySent{id: id, cols: cols, rows: rows, seq: k.Place(id, cols, rows)}}
	return func() tea.Msg { return msg }
}

// kittySent is the payload of the raw messages from TransmitCmd and PlaceCmd:
// Bubble Tea writes its String(), and Viewer.Update learns from it that the
// placement of id as cols×rows is on its way to the terminal.
type kittySent struct {
	id         uint32
	cols, rows int
	seq        string
}

// String returns the escape sequences, which is what Bubble Tea writes.
func (s kittySent) String() string { return s.seq }

func (k Kitty) cellSize() (int, int) {
	if k.CellWidth <= 0 || k.CellHeight <= 0 {
		return 10, 20
	}
	return k.CellWidth, k.CellHeight
}

func clampCells(n int) int {
	return min(max(n, 1), kittyMaxCells)
}

// toNRGBA returns img as straight-alpha RGBA bytes, as kitty's f=32 wants.
func toNRGBA(img image.Image) *image.NRGBA {
	if m, ok := img.(*image.NRGBA); ok && m.Rect.Min == (image.Point{}) && m.Stride == 4*m.Rect.Dx() {
		return m
	}
	b := img.Bounds()
	m := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(m, m.Rect, img, b.Min, draw.Src)
	return m
}

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
	"github.com/charmbracelet/x/ansi"
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
	// Answered asks the terminal to answer transmissions and placements
	// ("OK", or an error) instead of keeping quiet (q=2): inside tmux,
	// where a command can be lost on the way (see viewer_ack.go).
	Answered bool
	// CellWidth and CellHeight, in pixels, bound the pixels sent: an image
	// is shrunk to its placement's size first. Zero means 10×20.
	CellWidth, CellHeight int
}

// Placement is one placement of a transmitted image: which image (i),
// which of its placements (p) and its size in cells. Every placement
// command carries the placement id, so that placing an image again with the
// same id replaces the placement instead of adding one beside it (kitty
// picks any of an image's virtual placements for placeholder text that
// names none).
type Placement struct {
	Image, ID  uint32
	Cols, Rows int
}

// keys are the control keys naming the placement and its size, cols and
// rows clamped to 1..297 (the most the placeholder diacritics address).
func (p Placement) keys() string {
	return "i=" + strconv.FormatUint(uint64(p.Image), 10) + ",p=" + strconv.FormatUint(uint64(p.ID), 10) +
		",c=" + strconv.Itoa(clampCells(p.Cols)) + ",r=" + strconv.Itoa(clampCells(p.Rows))
}

// clamped is p with its size clamped as keys clamps it.
func (p Placement) clamped() Placement {
	p.Cols, p.Rows = clampCells(p.Cols), clampCells(p.Rows)
	return p
}

// Transmit returns the commands that send img to the terminal as image
// p.Image, silently (a=t, q=2), then create its virtual placement p (a=p,
// U=1: see Place) that KittyPlaceholder text shows. It encodes the image,
// so run it from a tea.Cmd (TransmitCmd does).
//
// The placement is a command of its own, not the transmission's a=T:
// kitty redraws the placeholder text already on the screen when a command
// with U=1 arrives, and of a transmission in chunks that is the first
// chunk, while the placement only exists after the last, whose command has
// no U. Placeholders drawn before then (as through tmux, where the image
// goes once passthrough is seen to flow, or whenever kitty draws a frame
// between two chunks) stayed blank until something redrew their lines: a
// resize. The answer, when Answered, is the placement's, which kitty gives
// only for an image it has whole.
func (k Kitty) Transmit(img image.Image, p Placement) (string, error) {
	seq, err := k.transmit(img, p, "a=t,q=2,i="+strconv.FormatUint(uint64(p.Image), 10))
	if err != nil {
		return "", err
	}
	return seq + k.Place(p), nil
}

// quiet is the key that keeps the terminal from answering, unless Answered.
func (k Kitty) quiet() string {
	if k.Answered {
		return ""
	}
	return "q=2,"
}

// TransmitAt is Transmit for a placement drawn where the cursor is (kitty's
// direct placement, which every version has), the cursor left where it is
// (C=1). Bubble Tea's renderer would draw over it, so it is only for a
// paused program (FullScreenCmd).
func (k Kitty) TransmitAt(img image.Image, p Placement) (string, error) {
	return k.transmit(img, p, "a=T,C=1,q=2,"+p.keys())
}

// transmit encodes img, shrunk to p's cells, into the chunks of a command
// whose first keys are keys.
func (k Kitty) transmit(img image.Image, p Placement, keys string) (string, error) {
	if p.Image == 0 {
		return "", errors.New("kitty transmit: image id 0 is reserved")
	}
	b := img.Bounds()
	if b.Empty() {
		return "", errors.New("kitty transmit: empty image")
	}
	p = p.clamped()
	cw, ch := k.cellSize()
	img = Shrink(img, p.Cols*cw, p.Rows*ch)

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

// command builds one graphics command, wrapped for tmux when needed (each
// chunk on its own: tmux drops a passthrough longer than its buffer).
func (k Kitty) command(ctl, payload string) string {
	seq := ansi.KittyGraphics([]byte(payload), ctl)
	if k.Tmux {
		return TmuxPassthrough(seq)
	}
	return seq
}

// Place returns the command that gives an already transmitted image the
// virtual placement p, for a resized view without sending the pixels again.
// A placement of the image with the same id is replaced.
func (k Kitty) Place(p Placement) string {
	return k.command("a=p,U=1,"+k.quiet()+p.keys(), "")
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
// img must not change afterwards. The command returns nil if the image id
// is 0 or the image is empty, the only ways encoding can fail.
func (k Kitty) TransmitCmd(img image.Image, p Placement) tea.Cmd {
	p = p.clamped()
	return func() tea.Msg {
		seq, err := k.Transmit(img, p)
		if err != nil {
			return nil
		}
		return tea.RawMsg{Msg: kittySent{p: p, seq: seq, ack: k.Answered}}
	}
}

// PlaceCmd is Place as a command, its tea.RawMsg recognised by Viewer.Update
// like TransmitCmd's.
func (k Kitty) PlaceCmd(p Placement) tea.Cmd {
	p = p.clamped()
	msg := tea.RawMsg{Msg: kittySent{p: p, seq: k.Place(p), ack: k.Answered}}
	return func() tea.Msg { return msg }
}

// kittySent is the payload of the raw messages from TransmitCmd and PlaceCmd:
// Bubble Tea writes its String(), and Viewer.Update learns from it that the
// placement of id as cols×rows is on its way to the terminal.
type kittySent struct {
	p   Placement
	seq string
	ack bool // the terminal answers it (Kitty.Answered)
}

// String returns the escape sequences, which is what Bubble Tea writes.
func (s kittySent) String() string { return s.seq }

func (k Kitty) cellSize() (int, int) {
	if k.CellWidth <= 0 || k.CellHeight <= 0 {
		return defaultCellW, defaultCellH
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

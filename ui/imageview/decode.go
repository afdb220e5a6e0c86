package imageview

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // register GIF for image.Decode
	_ "image/jpeg" // register JPEG for image.Decode
	_ "image/png"  // register PNG for image.Decode

	tea "charm.land/bubbletea/v2"
	_ "golang.org/x/image/webp" // register WebP for image.Decode
)

// ErrTooLarge reports image bytes or declared dimensions above the Limits.
var ErrTooLarge = errors.New("image too large")

// Limits caps what Decode accepts. A zero field takes the default.
type Limits struct {
	MaxBytes  int // encoded size; default 64 MiB
	MaxSide   int // width or height; default 16384
	MaxPixels int // width × height; default 100 M
}

const (
	defaultMaxBytes  = 64 << 20
	defaultMaxSide   = 16384
	defaultMaxPixels = 100_000_000
)

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = defaultMaxBytes
	}
	if l.MaxSide <= 0 {
		l.MaxSide = defaultMaxSide
	}
	if l.MaxPixels <= 0 {
		l.MaxPixels = defaultMaxPixels
	}
	return l
}

// Decode decodes a PNG, JPEG, GIF (first frame) or WebP image from untrusted
// bytes. It reads the header with image.DecodeConfig first and refuses an
// image whose declared size passes the limits, so a hostile header cannot
// make it allocate. It is CPU-bound: call it from a tea.Cmd, never in Update.
func Decode(data []byte, lim Limits) (image.Image, string, error) {
	lim = lim.withDefaults()
	if len(data) > lim.MaxBytes {
		return nil, "", fmt.Errorf("decode image: %d bytes (max %d): %w", len(data), lim.MaxBytes, ErrTooLarge)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, "", fmt.Errorf("decode image header: %w", err)
	}
	if err := lim.check(cfg.Width, cfg.Height); err != nil {
		return nil, format, fmt.Errorf("decode %s: %w", format, err)
	}
	img, format, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, format, fmt.Errorf("decode %s: %w", format, err)
	}
	// A decoder may trust a different header than DecodeConfig read (a WebP
	// canvas and its frame, say); check what was actually built.
	b := img.Bounds()
	if err := lim.check(b.Dx(), b.Dy()); err != nil {
		return nil, format, fmt.Errorf("decode %s: %w", format, err)
	}
	return img, format, nil
}

func (l Limits) check(w, h int) error {
	if w <= 0 || h <= 0 {
		return fmt.Errorf("empty image %dx%d", w, h)
	}
	if w > l.MaxSide || h > l.MaxSide || w*h > l.MaxPixels {
		return fmt.Errorf("%dx%d pixels (max side %d, max %d pixels): %w", w, h, l.MaxSide, l.MaxPixels, ErrTooLarge)
	}
	return nil
}

// DisplaySide is the longest side of DecodedMsg.Display: enough for a
// full-screen preview on a 4K screen, small enough that rendering it on the
// UI loop stays cheap.
const DisplaySide = 2048

// DecodedMsg is the result of DecodeCmd.
type DecodedMsg struct {
	ID     string      // the id given to DecodeCmd, so a stale result can be dropped
	Image  image.Image // the full image; nil on error
	Format string      // "png", "jpeg", "gif" or "webp"
	// Display is Image shrunk to fit DisplaySide (Image itself when it
	// already fits), made off the UI loop so previews never scan a huge image.
	Display image.Image
	Err     error
}

// DecodeCmd decodes data off the UI loop and returns a DecodedMsg carrying id.
// The caller must not modify data until the message arrives.
func DecodeCmd(id string, data []byte, lim Limits) tea.Cmd {
	return func() tea.Msg {
		img, format, err := Decode(data, lim)
		if err != nil {
			return DecodedMsg{ID: id, Format: format, Err: err}
		}
		return DecodedMsg{ID: id, Image: img, Format: format, Display: Shrink(img, DisplaySide, DisplaySide)}
	}
}

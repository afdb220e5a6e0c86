package imageview

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/iterm2"
)

// ITerm2 returns an image file (PNG, JPEG or GIF bytes) as an iTerm2 inline
// image (OSC 1337 File=…, built by x/ansi), fitted inside cols×rows cells
// with its aspect ratio kept (iTerm2's default). Zero cols or rows leave
// that side to the terminal. Inside tmux, wrap the result with
// TmuxPassthrough.
func ITerm2(data []byte, cols, rows int) string {
	f := iterm2.File{Inline: true, Size: int64(len(data)), Content: []byte(base64.StdEncoding.EncodeToString(data))}
	if cols > 0 {
		f.Width = iterm2.Cells(cols)
	}
	if rows > 0 {
		f.Height = iterm2.Cells(rows)
	}
	return ansi.ITerm2(f)
}

// ITerm2Image encodes img as PNG and returns it as ITerm2 does. Sending our
// own PNG rather than the bytes the service sent means the terminal's image
// decoder never sees untrusted input. Run it from a tea.Cmd.
func ITerm2Image(img image.Image, cols, rows int) (string, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return "", fmt.Errorf("iterm2 image: %w", err)
	}
	return ITerm2(buf.Bytes(), cols, rows), nil
}

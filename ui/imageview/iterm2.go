package imageview

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"strconv"
	"strings"
)

// ITerm2 returns an image file (PNG, JPEG or GIF bytes) as an iTerm2 inline
// image (OSC 1337 File=…), fitted inside cols×rows cells with its aspect
// ratio kept. Zero cols or rows leave that side to the terminal. Inside tmux,
// wrap the result with TmuxPassthrough.
func ITerm2(data []byte, cols, rows int) string {
	var b strings.Builder
	enc := base64.StdEncoding
	b.Grow(enc.EncodedLen(len(data)) + 80)
	b.WriteString("\x1b]1337;File=inline=1;size=")
	b.WriteString(strconv.Itoa(len(data)))
	if cols > 0 {
		b.WriteString(";width=" + strconv.Itoa(cols))
	}
	if rows > 0 {
		b.WriteString(";height=" + strconv.Itoa(rows))
	}
	b.WriteString(";preserveAspectRatio=1:")
	w := base64.NewEncoder(enc, &b)
	_, _ = w.Write(data) // a strings.Builder never fails
	_ = w.Close()
	b.WriteByte('\a')
	return b.String()
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

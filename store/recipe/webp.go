package recipe

import (
	"encoding/binary"
	"errors"
)

// WebP VP8X flags (the first byte of its data).
const (
	vp8xAlpha = 0x10
	vp8xXMP   = 0x04
)

// webpChunk is one chunk of a RIFF WebP.
type webpChunk struct {
	start, end int // the whole chunk with its padding byte
	fourcc     string
	data       []byte
}

// webpChunks splits a WebP into its chunks, within the RIFF size.
func webpChunks(b []byte) ([]webpChunk, error) {
	riff := int(binary.LittleEndian.Uint32(b[4:8]))
	if riff < 4 || riff > len(b)-8 {
		return nil, errors.New("webp: the RIFF size does not fit the file")
	}
	end := 8 + riff
	var out []webpChunk
	for at := 12; at < end; {
		if end-at < 8 {
			return nil, errors.New("webp: a chunk is cut short")
		}
		n := int(binary.LittleEndian.Uint32(b[at+4:]))
		if n < 0 || n > end-at-8 {
			return nil, errors.New("webp: a chunk is longer than the file")
		}
		c := webpChunk{start: at, end: at + 8 + n + n&1, fourcc: string(b[at : at+4]), data: b[at+8 : at+8+n]}
		c.end = min(c.end, end) // a last odd chunk whose pad byte is missing
		out = append(out, c)
		at = c.end
	}
	if len(out) == 0 {
		return nil, errors.New("webp: no chunks")
	}
	return out, nil
}

func webpChunkBytes(fourcc string, data []byte) []byte {
	out := append([]byte(fourcc), 0, 0, 0, 0)
	binary.LittleEndian.PutUint32(out[4:], uint32(len(data)))
	out = append(out, data...)
	if len(data)%2 == 1 {
		out = append(out, 0)
	}
	return out
}

// canvas reads the size of a simple WebP from its VP8 or VP8L bitstream
// header, and whether a lossless one uses alpha.
func canvas(c webpChunk) (w, h int, alpha bool, err error) {
	d := c.data
	switch c.fourcc {
	case "VP8 ":
		if len(d) < 10 || d[3] != 0x9d || d[4] != 0x01 || d[5] != 0x2a {
			return 0, 0, false, errors.New("webp: VP8 frame header not found")
		}
		w = int(binary.LittleEndian.Uint16(d[6:]) & 0x3fff)
		h = int(binary.LittleEndian.Uint16(d[8:]) & 0x3fff)
	case "VP8L":
		if len(d) < 5 || d[0] != 0x2f {
			return 0, 0, false, errors.New("webp: VP8L signature not found")
		}
		bits := binary.LittleEndian.Uint32(d[1:])
		w, h, alpha = int(bits&0x3fff)+1, int(bits>>14&0x3fff)+1, bits>>28&1 == 1
	default:
		return 0, 0, false, errors.New("webp: first chunk is " + c.fourcc + ", not VP8, VP8L or VP8X")
	}
	if w == 0 || h == 0 {
		return 0, 0, false, errors.New("webp: zero canvas size")
	}
	return w, h, alpha, nil
}

func embedWebP(b, text []byte) ([]byte, error) {
	chunks, err := webpChunks(b)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 12, len(b)+len(text)*2+64)
	copy(out, b[:12])
	first := chunks[0]
	if first.fourcc == "VP8X" {
		if len(first.data) < 10 {
			return nil, errors.New("webp: VP8X chunk too short")
		}
		x := append([]byte(nil), first.data...)
		x[0] |= vp8xXMP
		out = append(out, webpChunkBytes("VP8X", x)...)
	} else {
		w, h, alpha, err := canvas(first)
		if err != nil {
			return nil, err
		}
		x := make([]byte, 10)
		x[0] = vp8xXMP
		if alpha {
			x[0] |= vp8xAlpha
		}
		put24(x[4:], w-1)
		put24(x[7:], h-1)
		out = append(out, webpChunkBytes("VP8X", x)...)
		out = append(out, b[first.start:first.end]...)
	}
	for _, c := range chunks[1:] {
		if c.fourcc == "XMP " {
			if text, _ := xmpRecipe(c.data); text != nil {
				continue // our earlier recipe
			}
		}
		out = append(out, b[c.start:c.end]...)
	}
	out = append(out, webpChunkBytes("XMP ", xmpPacket(text))...)
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out, nil
}

func put24(b []byte, v int) { b[0], b[1], b[2] = byte(v), byte(v>>8), byte(v>>16) }

func readWebP(b []byte) ([]byte, error) {
	chunks, err := webpChunks(b)
	if err != nil {
		return nil, err
	}
	for _, c := range chunks {
		if c.fourcc != "XMP " {
			continue
		}
		if text, err := xmpRecipe(c.data); text != nil || err != nil {
			return text, err
		}
	}
	return nil, nil
}

package recipe

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
)

var pngSig = []byte("\x89PNG\r\n\x1a\n")

// pngKeyword names atelier's iTXt chunk.
const pngKeyword = "atelier:recipe"

// pngChunk is one chunk of a PNG: where it starts in the file and its
// type and data.
type pngChunk struct {
	start, end int // the whole chunk: length, type, data, CRC
	typ        string
	data       []byte
}

// pngChunks splits a PNG into its chunks up to IEND, checking each length
// against the file (not each CRC: a reader of metadata need not judge the
// pixels).
func pngChunks(b []byte) ([]pngChunk, error) {
	var out []pngChunk
	for at := len(pngSig); at < len(b); {
		if len(b)-at < 12 {
			return nil, errors.New("png: a chunk is cut short")
		}
		n := int(binary.BigEndian.Uint32(b[at:]))
		if n < 0 || n > len(b)-at-12 {
			return nil, errors.New("png: a chunk is longer than the file")
		}
		c := pngChunk{start: at, end: at + 12 + n, typ: string(b[at+4 : at+8]), data: b[at+8 : at+8+n]}
		out = append(out, c)
		at = c.end
		if c.typ == "IEND" {
			break
		}
	}
	return out, nil
}

// ourITXt reports whether a chunk is atelier's recipe chunk, and gives its
// text.
func ourITXt(c pngChunk) ([]byte, bool) {
	if c.typ != "iTXt" {
		return nil, false
	}
	key, rest, ok := bytes.Cut(c.data, []byte{0})
	if !ok || string(key) != pngKeyword || len(rest) < 2 {
		return nil, false
	}
	if rest[0] != 0 { // compressed: atelier never writes one
		return nil, false
	}
	rest = rest[2:]
	_, rest, ok = bytes.Cut(rest, []byte{0}) // language tag
	if !ok {
		return nil, false
	}
	_, text, ok := bytes.Cut(rest, []byte{0}) // translated keyword
	return text, ok
}

func embedPNG(b, text []byte) ([]byte, error) {
	chunks, err := pngChunks(b)
	if err != nil {
		return nil, err
	}
	data := append([]byte(pngKeyword), 0, 0, 0, 0, 0)
	data = append(data, text...)
	chunk := make([]byte, 0, len(data)+12)
	chunk = binary.BigEndian.AppendUint32(chunk, uint32(len(data)))
	chunk = append(chunk, "iTXt"...)
	chunk = append(chunk, data...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))

	out := make([]byte, 0, len(b)+len(chunk))
	out = append(out, b[:len(pngSig)]...)
	placed := false
	for _, c := range chunks {
		if _, ours := ourITXt(c); ours {
			continue
		}
		if c.typ == "IDAT" && !placed {
			out = append(out, chunk...)
			placed = true
		}
		out = append(out, b[c.start:c.end]...)
	}
	if !placed {
		return nil, errors.New("png: no IDAT chunk")
	}
	if last := chunks[len(chunks)-1]; last.end < len(b) {
		out = append(out, b[last.end:]...) // bytes after IEND stay as they were
	}
	return out, nil
}

func readPNG(b []byte) ([]byte, error) {
	chunks, err := pngChunks(b)
	if err != nil {
		return nil, err
	}
	for _, c := range chunks {
		if text, ok := ourITXt(c); ok {
			return text, nil
		}
	}
	return nil, nil
}

package recipe

import (
	"bytes"
	"encoding/binary"
)

// Remove returns img without atelier's own metadata, for a file about to
// leave the machine (an attachment, an edit's input, a video's first
// frame): the recipe an image atelier saved carries holds the earlier
// prompt, model and settings, which are not the service's to read again.
// Only atelier's recipe goes (PNG iTXt atelier:recipe, JPEG COM pieces and
// its XMP packet, WebP XMP packet of its namespace); other tools' metadata
// and every pixel byte stay as they were. Bytes that hold no recipe, or
// that are not a PNG, JPEG or WebP atelier can read, come back as they
// are, the same slice.
func Remove(img []byte) []byte {
	var out []byte
	switch Format(img) {
	case "png":
		out = removePNG(img)
	case "jpeg":
		out = removeJPEG(img)
	case "webp":
		out = removeWebP(img)
	}
	if out == nil {
		return img
	}
	return out
}

// removePNG drops atelier's iTXt chunk; nil when there is none.
func removePNG(b []byte) []byte {
	chunks, err := pngChunks(b)
	if err != nil {
		return nil
	}
	out, found := make([]byte, 0, len(b)), false
	out = append(out, b[:len(pngSig)]...)
	for _, c := range chunks {
		if _, ours := ourITXt(c); ours {
			found = true
			continue
		}
		out = append(out, b[c.start:c.end]...)
	}
	if !found {
		return nil
	}
	if last := chunks[len(chunks)-1]; last.end < len(b) {
		out = append(out, b[last.end:]...)
	}
	return out
}

// removeJPEG drops atelier's COM segments and XMP packet; nil when there
// are none.
func removeJPEG(b []byte) []byte {
	segs, scan, err := jpegSegments(b)
	if err != nil {
		return nil
	}
	out, found := make([]byte, 0, len(b)), false
	out = append(out, b[:2]...) // SOI
	for _, s := range segs {
		_, _, _, com := ourCOM(s)
		packet, xmp := isXMP(s)
		if com || xmp && bytes.Contains(packet, []byte(xmpNS)) {
			found = true
			continue
		}
		out = append(out, b[s.start:s.end]...)
	}
	if !found {
		return nil
	}
	return append(out, b[scan:]...)
}

// removeWebP drops the XMP chunk that holds atelier's recipe, clearing the
// VP8X chunk's XMP flag; nil when there is none. A simple file that
// Embed made extended stays extended: a VP8X chunk with no flags is as
// valid, and its bitstream is untouched.
func removeWebP(b []byte) []byte {
	chunks, err := webpChunks(b)
	if err != nil {
		return nil
	}
	out, found := make([]byte, 12, len(b)), false
	copy(out, b[:12])
	for _, c := range chunks {
		if c.fourcc == "XMP " {
			if text, _ := xmpRecipe(c.data); text != nil {
				found = true
				continue
			}
		}
		out = append(out, b[c.start:c.end]...)
	}
	if !found {
		return nil
	}
	if first := chunks[0]; first.fourcc == "VP8X" && len(first.data) > 0 && !otherXMP(chunks) {
		out[12+8] &^= vp8xXMP // the flag byte of the VP8X chunk, which comes first
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out
}

// otherXMP reports an XMP chunk that is not atelier's recipe: another
// tool's, which keeps the VP8X flag set.
func otherXMP(chunks []webpChunk) bool {
	for _, c := range chunks {
		if c.fourcc != "XMP " {
			continue
		}
		if text, _ := xmpRecipe(c.data); text == nil {
			return true
		}
	}
	return false
}

package recipe

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
)

// xmpHeader opens a JPEG APP1 segment that holds XMP.
const xmpHeader = "http://ns.adobe.com/xap/1.0/\x00"

// comPrefix opens each of atelier's COM segments: "atelier-recipe I/N\n",
// then a piece of the recipe's text (a segment holds at most 65533 bytes).
const comPrefix = "atelier-recipe "

// maxPieces caps the COM segments of one recipe (MaxBytes needs 17).
const maxPieces = 64

// maxSegment is the most data a JPEG segment holds.
const maxSegment = 65535 - 2

// jpegSegment is one marker segment before the scan.
type jpegSegment struct {
	start, end int
	marker     byte
	data       []byte
}

// jpegSegments splits the header of a JPEG into its segments, up to the
// start of scan; scan is where the entropy-coded data begins.
func jpegSegments(b []byte) (segs []jpegSegment, scan int, err error) {
	at := 2
	for {
		if at >= len(b) {
			return nil, 0, errors.New("jpeg: no scan")
		}
		if b[at] != 0xFF {
			return nil, 0, fmt.Errorf("jpeg: no marker at byte %d", at)
		}
		m := at
		for m < len(b) && b[m] == 0xFF { // fill bytes
			m++
		}
		if m >= len(b) {
			return nil, 0, errors.New("jpeg: cut short")
		}
		marker := b[m]
		switch {
		case marker == 0xDA: // SOS: the rest is the image
			return segs, at, nil
		case marker == 0xD9:
			return nil, 0, errors.New("jpeg: ends before a scan")
		case marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7):
			at = m + 1
			continue
		}
		if len(b)-m < 3 {
			return nil, 0, errors.New("jpeg: cut short")
		}
		n := int(binary.BigEndian.Uint16(b[m+1:]))
		if n < 2 || m+1+n > len(b) {
			return nil, 0, errors.New("jpeg: a segment is longer than the file")
		}
		segs = append(segs, jpegSegment{start: at, end: m + 1 + n, marker: marker, data: b[m+3 : m+1+n]})
		at = m + 1 + n
	}
}

// ourCOM gives the piece of an atelier COM segment: its place, count and
// text.
func ourCOM(s jpegSegment) (i, n int, piece []byte, ok bool) {
	if s.marker != 0xFE || !bytes.HasPrefix(s.data, []byte(comPrefix)) {
		return 0, 0, nil, false
	}
	head, piece, found := bytes.Cut(s.data[len(comPrefix):], []byte("\n"))
	is, ns, slash := bytes.Cut(head, []byte("/"))
	if !found || !slash {
		return 0, 0, nil, false
	}
	i, err1 := strconv.Atoi(string(is))
	n, err2 := strconv.Atoi(string(ns))
	if err1 != nil || err2 != nil || i < 1 || n < 1 || i > n || n > maxPieces {
		return 0, 0, nil, false
	}
	return i, n, piece, true
}

// isXMP reports an APP1 segment holding XMP, and gives the packet.
func isXMP(s jpegSegment) ([]byte, bool) {
	if s.marker != 0xE1 || !bytes.HasPrefix(s.data, []byte(xmpHeader)) {
		return nil, false
	}
	return s.data[len(xmpHeader):], true
}

func segment(marker byte, data []byte) []byte {
	out := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(out[2:], uint16(len(data)+2))
	return append(out, data...)
}

func embedJPEG(b, text []byte) ([]byte, error) {
	segs, scan, err := jpegSegments(b)
	if err != nil {
		return nil, err
	}
	var ours []byte
	if packet := xmpPacket(text); len(xmpHeader)+len(packet) <= maxSegment {
		ours = append(ours, segment(0xE1, append([]byte(xmpHeader), packet...))...)
	}
	const room = maxSegment - len(comPrefix) - len("999/999\n")
	n := (len(text) + room - 1) / room
	for i := range n {
		piece := text[i*room : min(len(text), (i+1)*room)]
		head := fmt.Sprintf("%s%d/%d\n", comPrefix, i+1, n)
		ours = append(ours, segment(0xFE, append([]byte(head), piece...))...)
	}
	out := make([]byte, 0, len(b)+len(ours))
	out = append(out, b[:2]...) // SOI
	placed := false
	for _, s := range segs {
		if _, _, _, ok := ourCOM(s); ok {
			continue
		}
		if packet, ok := isXMP(s); ok && bytes.Contains(packet, []byte(xmpNS)) {
			continue
		}
		if !placed && s.marker != 0xE0 { // after SOI and the JFIF APP0
			out = append(out, ours...)
			placed = true
		}
		out = append(out, b[s.start:s.end]...)
	}
	if !placed {
		out = append(out, ours...)
	}
	return append(out, b[scan:]...), nil
}

func readJPEG(b []byte) ([]byte, error) {
	segs, _, err := jpegSegments(b)
	if err != nil {
		return nil, err
	}
	var pieces [][]byte
	for _, s := range segs {
		i, n, piece, ok := ourCOM(s)
		if !ok {
			continue
		}
		if pieces == nil {
			pieces = make([][]byte, n)
		}
		if n != len(pieces) || pieces[i-1] != nil {
			return nil, errors.New("jpeg: the recipe's COM segments do not agree")
		}
		pieces[i-1] = piece
	}
	if pieces != nil {
		text := bytes.Join(pieces, nil)
		for _, p := range pieces {
			if p == nil {
				return nil, errors.New("jpeg: a COM segment of the recipe is missing")
			}
		}
		return text, nil
	}
	for _, s := range segs { // no COM: another tool may have kept only the XMP
		if packet, ok := isXMP(s); ok {
			text, err := xmpRecipe(packet)
			if text != nil || err != nil {
				return text, err
			}
		}
	}
	return nil, nil
}

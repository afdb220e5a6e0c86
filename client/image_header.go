package client

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"image/jpeg"
	"image/png"
)

// ErrNotImage is an image item whose bytes are not an image of a format the
// interface documents for output_format: PNG, JPEG or WebP. Such bytes
// (30 MiB of zeros, a page of HTML) are never saved as an image.
var ErrNotImage = errors.New("not a PNG, JPEG or WebP image")

// imageSniffLen is how much of a base64 string imageSniff decodes: 12
// bytes, enough for every format's signature (RIFF....WEBP the longest).
const imageSniffLen = 16

// imageSniff refuses base64 data whose first bytes are no PNG, JPEG or
// WebP signature before the whole string is decoded: bytes that are not an
// image cost no memory.
func imageSniff(s string) error {
	if len(s) < imageSniffLen {
		return nil // too short to tell: the full decode is cheap
	}
	b := make([]byte, 12)
	n, err := base64.StdEncoding.Decode(b, []byte(s[:imageSniffLen]))
	if err != nil {
		return nil // not base64 (or broken by a line break): the full decode says which
	}
	if f := ImageFormatOf(b[:n]); f == "" || f == "gif" {
		return fmt.Errorf("%w (it begins % x)", ErrNotImage, b[:min(n, 8)])
	}
	return nil
}

// imageHeader reads the header of decoded image bytes: their format (png,
// jpeg or webp) when the header decodes to a picture of some size, else
// ErrNotImage saying what is wrong.
func imageHeader(b []byte) (string, error) {
	format, _, _, err := imageHeaderOf(bufio.NewReader(bytes.NewReader(b)))
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrNotImage, err)
	}
	return format, nil
}

// imageHeaderOf reads the format (png, jpeg or webp) and size of the image
// r begins with, reading only as far as its header.
func imageHeaderOf(r *bufio.Reader) (format string, w, h int, err error) {
	head, _ := r.Peek(30)
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		format = "png"
		c, e := png.DecodeConfig(r)
		w, h, err = c.Width, c.Height, e
	case bytes.HasPrefix(head, []byte("\xff\xd8")):
		format = "jpeg"
		c, e := jpeg.DecodeConfig(r)
		w, h, err = c.Width, c.Height, e
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		format = "webp"
		w, h, err = webpSize(head)
	default:
		return "", 0, 0, fmt.Errorf("not a png, jpeg or webp image (it begins % x)", head[:min(len(head), 8)])
	}
	if err == nil && (w <= 0 || h <= 0) {
		err = errors.New("no pixels")
	}
	if err != nil {
		return format, w, h, fmt.Errorf("unreadable %s header: %v", format, err)
	}
	return format, w, h, nil
}

// webpSize reads the canvas size from the first 30 bytes of a WebP file:
// a lossy (VP8), lossless (VP8L) or extended (VP8X) bitstream.
func webpSize(h []byte) (w, ht int, err error) {
	if len(h) < 30 {
		return 0, 0, errors.New("too short")
	}
	switch string(h[12:16]) {
	case "VP8 ":
		if h[23] != 0x9d || h[24] != 0x01 || h[25] != 0x2a {
			return 0, 0, errors.New("no VP8 start code")
		}
		return int(binary.LittleEndian.Uint16(h[26:]) & 0x3fff), int(binary.LittleEndian.Uint16(h[28:]) & 0x3fff), nil
	case "VP8L":
		if h[20] != 0x2f {
			return 0, 0, errors.New("no VP8L signature")
		}
		bits := binary.LittleEndian.Uint32(h[21:])
		return int(bits&0x3fff) + 1, int(bits>>14&0x3fff) + 1, nil
	case "VP8X":
		u24 := func(b []byte) int { return int(b[0]) | int(b[1])<<8 | int(b[2])<<16 }
		return u24(h[24:]) + 1, u24(h[27:]) + 1, nil
	}
	return 0, 0, fmt.Errorf("unknown bitstream %q", h[12:16])
}

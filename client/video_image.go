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
	"strings"

	"atelier/internal/limits"
)

// Where the interface gives an image's pixels or aspect ratio (q1
// reference images: "Minimum 128*128 pixels, aspect ratio within 1:4 to
// 4:1, size at most 50M"; q3 turbo frames: "aspect ratio within 1:4 to
// 4:1; size at most 50 MB"), a data URI is checked from the image's own
// header: only the first bytes are decoded, however large the image.

// videoImageMaxBytes is "size at most 50 MB" per image (Limits, video images).
const videoImageMaxBytes = 50 << 20

// videoImageInfo is what a data-URI image's header says.
type videoImageInfo struct {
	format        string // png, jpeg or webp
	width, height int
	size          int // decoded bytes
}

// videoImageHeader reads the format and dimensions of the image in a data
// URI (data:image/...;base64,...), decoding only the bytes its header needs.
func videoImageHeader(uri string) (videoImageInfo, error) {
	_, payload, ok := strings.Cut(uri, ",")
	if !ok {
		return videoImageInfo{}, errors.New("no data")
	}
	payload = strings.TrimRight(payload, "=")
	info := videoImageInfo{size: base64.RawStdEncoding.DecodedLen(len(payload))}
	r := bufio.NewReader(base64.NewDecoder(base64.RawStdEncoding, strings.NewReader(payload)))
	head, _ := r.Peek(30)
	var err error
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		info.format = "png"
		c, e := png.DecodeConfig(r)
		info.width, info.height, err = c.Width, c.Height, e
	case bytes.HasPrefix(head, []byte("\xff\xd8")):
		info.format = "jpeg"
		c, e := jpeg.DecodeConfig(r)
		info.width, info.height, err = c.Width, c.Height, e
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		info.format = "webp"
		info.width, info.height, err = webpSize(head)
	default:
		return info, errors.New("not a png, jpeg or webp image")
	}
	if err != nil {
		return info, fmt.Errorf("unreadable %s header: %v", info.format, err)
	}
	return info, nil
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

// checkImage applies f's pixel, aspect and size rules to a data URI.
func (v *videoValidator) checkImage(path string, f VideoField, uri string) {
	if f.MinSide == 0 && f.MaxAspect == 0 && f.MaxImageBytes == 0 {
		return
	}
	info, err := videoImageHeader(uri)
	if err != nil {
		v.c.add(path, "must hold a png, jpeg or webp image whose size can be read ("+err.Error()+")", videoShort(uri))
		return
	}
	if f.MaxImageBytes > 0 && info.size > f.MaxImageBytes {
		v.c.add(path, "the image must be at most "+limits.Size(int64(f.MaxImageBytes)), fmt.Sprintf("%d bytes", info.size))
	}
	if f.MinSide > 0 && (info.width < f.MinSide || info.height < f.MinSide) {
		v.c.add(path, fmt.Sprintf("the image must be at least %d×%d pixels", f.MinSide, f.MinSide),
			fmt.Sprintf("%d×%d", info.width, info.height))
	}
	long, short := max(info.width, info.height), min(info.width, info.height)
	if f.MaxAspect > 0 && float64(long) > f.MaxAspect*float64(short) {
		v.c.add(path, fmt.Sprintf("the image's aspect ratio must be within 1:%s to %s:1", videoFormatNumber(f.MaxAspect),
			videoFormatNumber(f.MaxAspect)), fmt.Sprintf("%d×%d", info.width, info.height))
	}
}

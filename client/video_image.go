package client

import (
	"bufio"
	"encoding/base64"
	"errors"
	"fmt"
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
	var err error
	info.format, info.width, info.height, err = imageHeaderOf(r)
	return info, err
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

package recipe

import (
	"bytes"
	"errors"
	"fmt"
)

// Format names the container of b by its first bytes: "png", "jpeg",
// "webp", or "" for anything else.
func Format(b []byte) string {
	switch {
	case bytes.HasPrefix(b, pngSig):
		return "png"
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return "jpeg"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "webp"
	}
	return ""
}

// ErrFormat is returned by Embed for bytes that are no PNG, JPEG or WebP.
var ErrFormat = errors.New("not a PNG, JPEG or WebP image")

// Embed returns img with r in its metadata, replacing a recipe it already
// carries. The pixel data is copied as it is: only metadata is added.
func Embed(img []byte, r *Recipe) ([]byte, error) {
	text, err := r.Marshal()
	if err != nil {
		return nil, err
	}
	var out []byte
	switch Format(img) {
	case "png":
		out, err = embedPNG(img, text)
	case "jpeg":
		out, err = embedJPEG(img, text)
	case "webp":
		out, err = embedWebP(img, text)
	default:
		return nil, ErrFormat
	}
	if err != nil {
		return nil, fmt.Errorf("recipe: %w", err)
	}
	return out, nil
}

// Read finds the recipe in an image's metadata (PNG, JPEG or WebP, told by
// content). Metadata of other tools is passed over; a file without a
// recipe gives ErrNone; a damaged container or recipe gives an error
// saying what is wrong.
func Read(img []byte) (*Recipe, error) {
	var text []byte
	var err error
	switch Format(img) {
	case "png":
		text, err = readPNG(img)
	case "jpeg":
		text, err = readJPEG(img)
	case "webp":
		text, err = readWebP(img)
	default:
		return nil, ErrFormat
	}
	if err != nil {
		return nil, err
	}
	if text == nil {
		return nil, ErrNone
	}
	return Parse(text)
}

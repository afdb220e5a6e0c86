package client

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"atelier/internal/limits"
)

// ImageMaxBytes caps one decoded image. A base64 string that would decode to
// more is refused before any memory is taken for it.
const ImageMaxBytes = limits.Image

// ImageResponse is the reply of the generation and edit endpoints (INTERFACE
// 2.6, PROTOCOLS 4.2). Raw holds the exact bytes it was decoded from.
type ImageResponse struct {
	Created      int64       `json:"created"`
	Data         []ImageData `json:"data"`
	Usage        *ImageUsage `json:"usage,omitempty"`
	Background   string      `json:"background,omitempty"`
	OutputFormat string      `json:"output_format,omitempty"`
	Quality      string      `json:"quality,omitempty"`
	Size         string      `json:"size,omitempty"`

	Raw json.RawMessage `json:"-"`
	// RequestID is the service's id of the request, from the reply's
	// headers (not its body); "" when it sent none. Recipes carry it.
	RequestID string `json:"-"`
}

type imageResponseAlias ImageResponse

// UnmarshalJSON decodes the reply and keeps a copy of its bytes in Raw, so
// that a reply read back from storage is whole again.
func (r *ImageResponse) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, (*imageResponseAlias)(r)); err != nil {
		return err
	}
	r.Raw = bytes.Clone(b)
	return nil
}

// imageParseResponse decodes a reply the caller owns, without copying it.
func imageParseResponse(raw []byte) (*ImageResponse, error) {
	var r ImageResponse
	if err := json.Unmarshal(raw, (*imageResponseAlias)(&r)); err != nil {
		return nil, fmt.Errorf("decode reply: %w", err)
	}
	r.Raw = raw
	return &r, nil
}

// ImageData is one generated image: base64 data (what the image models
// return) or a URL (older models); RevisedPrompt only from older models.
type ImageData struct {
	B64JSON       string `json:"b64_json,omitempty"`
	URL           string `json:"url,omitempty"`
	RevisedPrompt string `json:"revised_prompt,omitempty"`
}

// ImageUsage is the token accounting of an image reply. The interface calls
// it free-form, so Raw keeps all of it and the typed counts are read
// leniently: a count that is missing or not a number is 0, never an error.
type ImageUsage struct {
	InputTokens  int64 `json:"input_tokens"`
	OutputTokens int64 `json:"output_tokens"`
	TotalTokens  int64 `json:"total_tokens"`

	Raw json.RawMessage `json:"-"`
}

// UnmarshalJSON keeps the usage as sent and reads the counts it can.
func (u *ImageUsage) UnmarshalJSON(b []byte) error {
	u.Raw = bytes.Clone(b)
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return nil // not an object: free-form, kept in Raw only
	}
	u.InputTokens = imageCount(m["input_tokens"])
	u.OutputTokens = imageCount(m["output_tokens"])
	u.TotalTokens = imageCount(m["total_tokens"])
	return nil
}

// MarshalJSON writes the usage as it was received when it was received.
func (u ImageUsage) MarshalJSON() ([]byte, error) {
	if len(u.Raw) > 0 && json.Valid(u.Raw) {
		return u.Raw, nil
	}
	type plain ImageUsage
	return json.Marshal(plain(u))
}

func imageCount(raw json.RawMessage) int64 {
	var f float64
	if json.Unmarshal(raw, &f) != nil || math.IsNaN(f) {
		return 0
	}
	return int64(max(min(f, math.MaxInt64/2), math.MinInt64/2))
}

// ImageResult is one image of a reply, ready to save or show.
type ImageResult struct {
	// Index is the item's position in the reply's data.
	Index int
	// Bytes are the decoded image; nil for a URL item.
	Bytes []byte
	// Format is what the bytes are (png, jpeg, webp, gif), "" if unknown.
	Format string
	// Ext is a file extension to save the bytes under, with its dot.
	Ext string
	// URL is the image's address for an item that was not inline; it is
	// not downloaded here.
	URL           string
	RevisedPrompt string
}

// Images decodes every item of the reply. Items that fail are reported
// together in the error, naming data[i]; the others are still returned.
func (r *ImageResponse) Images() ([]ImageResult, error) {
	var out []ImageResult
	var errs []error
	for i, d := range r.Data {
		res := ImageResult{Index: i, URL: d.URL, RevisedPrompt: d.RevisedPrompt}
		switch {
		case d.B64JSON != "":
			b, err := imageDecodeB64(d.B64JSON, ImageMaxBytes)
			if err != nil {
				errs = append(errs, fmt.Errorf("data[%d].b64_json: %w", i, err))
				continue
			}
			res.Bytes, res.Format = b, ImageFormatOf(b)
			res.Ext = imageExt(res.Format, "image/"+r.OutputFormat)
		case d.URL == "":
			errs = append(errs, fmt.Errorf("data[%d]: neither b64_json nor url", i))
			continue
		}
		out = append(out, res)
	}
	return out, errors.Join(errs...)
}

// imageDecodeB64 decodes base64 image data of at most limit bytes whose
// header decodes as a PNG, JPEG or WebP (imageHeader); anything else is
// ErrNotImage. It accepts padded or unpadded standard base64 and a data:
// URI prefix, since gateways differ; line breaks are ignored.
func imageDecodeB64(s string, limit int) ([]byte, error) {
	if strings.HasPrefix(s, "data:") {
		if _, rest, ok := strings.Cut(s, ","); ok {
			s = rest
		}
	}
	// Refuse before allocating; the slack allows for line breaks, and the
	// exact check follows the decode. Bytes that do not begin as an image
	// are refused unread too.
	if len(s)/4*3 > limit+limit/16 {
		return nil, limits.Over("image", int64(limit), "the image was not decoded")
	}
	if err := imageSniff(s); err != nil {
		return nil, err
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		var err2 error
		if b, err2 = base64.RawStdEncoding.DecodeString(s); err2 != nil {
			return nil, fmt.Errorf("invalid base64: %w", err)
		}
	}
	if len(b) > limit {
		return nil, limits.Over("image", int64(limit), "the image was not kept")
	}
	if len(b) == 0 {
		return nil, errors.New("no image data")
	}
	if _, err := imageHeader(b); err != nil {
		return nil, err
	}
	return b, nil
}

// ImageFormatOf names the image format of b from its magic number: png,
// jpeg, webp or gif, and "" for anything else.
func ImageFormatOf(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return "jpeg"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "webp"
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return "gif"
	}
	return ""
}

// imageExt suggests a file extension: from the detected format, else from a
// media type's subtype, else .bin.
func imageExt(format, mediaType string) string {
	if format == "" {
		sub, ok := strings.CutPrefix(strings.ToLower(mediaType), "image/")
		if !ok || sub == "" || strings.ContainsAny(sub, "/;+ ") {
			return ".bin"
		}
		format = sub
	}
	if format == "jpeg" {
		return ".jpg"
	}
	return "." + format
}

package client

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Size rules for the listed models (PROTOCOLS 4.1): a preset, or WxH with
// both sides multiples of 16, the long side at most three times the short
// one and at most 3840, and at most 3840x2160 pixels in all. "At most
// 3840x2160" is read as a pixel budget with a 3840 long side, so that
// 2160x3840 (portrait) is allowed as well as landscape. Smaller limits the
// upstream may have are not documented and not checked.
const (
	imageSizeStep      = 16
	imageSizeMaxSide   = 3840
	imageSizeMaxPixels = 3840 * 2160
	imageSizeMaxAspect = 3
)

var imageSizePresets = []string{"auto", "1024x1024", "1536x1024", "1024x1536"}

// Validate checks the documented limits (INTERFACE 2.5 and Limits) and
// returns every violation, joined. Model-specific value lists apply only to
// the listed models. partial_images is checked for >= 0 only, as the
// interface says; the upstream's own cap of 3 is left to the service.
func (r *ImageRequest) Validate() error {
	var cs checks
	r.validate(&cs)
	return cs.err()
}

func (r *ImageRequest) validate(cs *checks) {
	spec, known := ImageSpec(r.Model)
	cs.required("model", r.Model != "")
	cs.required("prompt", r.Prompt != "")
	if known {
		cs.maxLen("prompt", r.Prompt, ImagePromptMaxChars)
	}
	if r.N < 0 {
		cs.add("n", "must be >= 1", r.N)
	}
	if r.OutputCompression != nil {
		cs.intRange("output_compression", *r.OutputCompression, 0, 100)
		if r.OutputFormat != "jpeg" && r.OutputFormat != "webp" {
			cs.add("output_compression", "only with output_format jpeg or webp", *r.OutputCompression)
		}
	}
	if r.PartialImages != nil {
		if *r.PartialImages < 0 {
			cs.add("partial_images", "must be >= 0", *r.PartialImages)
		}
		if !r.Stream {
			cs.add("partial_images", "only when streaming", *r.PartialImages)
		}
	}
	if !known {
		return
	}
	cs.oneOf("quality", r.Quality, spec.Qualities...)
	if spec.Backgrounds != nil {
		cs.oneOf("background", r.Background, spec.Backgrounds...)
	}
	if r.Background == "transparent" && r.OutputFormat != "" && r.OutputFormat != "png" && r.OutputFormat != "webp" {
		cs.add("background", "transparent needs output_format png or webp", r.OutputFormat)
	}
	cs.oneOf("output_format", r.OutputFormat, "png", "jpeg", "webp")
	imageCheckSize(cs, r.Size)
}

// imageCheckSize applies the size rules of the listed models.
func imageCheckSize(cs *checks, size string) {
	if size == "" || slices.Contains(imageSizePresets, size) {
		return
	}
	w, h, ok := imageParseSize(size)
	if !ok {
		cs.add("size", "must be "+strings.Join(imageSizePresets, ", ")+" or WIDTHxHEIGHT", size)
		return
	}
	if w%imageSizeStep != 0 || h%imageSizeStep != 0 {
		cs.add("size", fmt.Sprintf("both sides must be multiples of %d", imageSizeStep), size)
	}
	long, short := max(w, h), min(w, h)
	if long > imageSizeMaxAspect*short {
		cs.add("size", "aspect ratio must be between 1:3 and 3:1", size)
	}
	if long > imageSizeMaxSide || w*h > imageSizeMaxPixels {
		cs.add("size", "must be at most 3840x2160 (3840 on the long side, 8294400 pixels)", size)
	}
}

// imageParseSize reads WIDTHxHEIGHT with positive decimal sides.
func imageParseSize(s string) (w, h int, ok bool) {
	a, b, found := strings.Cut(s, "x")
	if !found {
		return 0, 0, false
	}
	w, errW := imageSide(a)
	h, errH := imageSide(b)
	return w, h, errW == nil && errH == nil
}

func imageSide(s string) (int, error) {
	if s == "" || len(s) > 6 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, strconv.ErrSyntax
	}
	n, err := strconv.Atoi(s)
	if err == nil && n == 0 {
		err = strconv.ErrRange
	}
	return n, err
}

// Validate checks everything ImageRequest.Validate does, plus the inputs:
// at least one image, at most 16 for the image 2.5 models, each a non-empty
// file of an image type or an http(s) URL or data:image/<type>;base64 URI; a
// mask given as a file must be a PNG. With Multipart, an http(s) URL is
// refused: it cannot be sent as a file part.
func (r *ImageEditRequest) Validate() error {
	var cs checks
	r.validate(&cs)
	if len(r.Images) == 0 {
		cs.add("images", "at least one input image is required", nil)
	}
	if spec, ok := ImageSpec(r.Model); ok && spec.MaxInputImages > 0 && len(r.Images) > spec.MaxInputImages {
		cs.add("images", fmt.Sprintf("at most %d input images for %s", spec.MaxInputImages, r.Model), len(r.Images))
	}
	for i, in := range r.Images {
		imageCheckInput(&cs, fmt.Sprintf("images[%d]", i), in, r.Multipart)
	}
	if r.Mask != nil {
		imageCheckInput(&cs, "mask", *r.Mask, r.Multipart)
		if r.Mask.isFile() && ImageFormatOf(r.Mask.Data) != "png" {
			cs.add("mask", "must be a PNG file", r.Mask.mediaType())
		}
	}
	return cs.err()
}

// imageCheckInput checks one input image or mask.
func imageCheckInput(cs *checks, field string, in ImageInput, multipart bool) {
	switch {
	case in.isFile() && in.URL != "":
		cs.add(field, "set either the file bytes or a URL, not both", nil)
	case in.isFile():
		if mt := in.mediaType(); !strings.HasPrefix(mt, "image/") {
			cs.add(field, "is not an image this client recognizes (png, jpeg, webp, gif); set its content type", mt)
		}
	case in.URL == "":
		cs.add(field, "needs file bytes or a URL", nil)
	case strings.HasPrefix(strings.ToLower(in.URL), "data:"):
		if _, _, ok := imageParseDataURI(in.URL); !ok {
			cs.add(field, "must be data:image/<type>;base64,<data> with valid base64", imageShort(in.URL))
		}
	default:
		u, err := url.Parse(in.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			cs.add(field, "must be an http(s) URL or a data:image URI", imageShort(in.URL))
		} else if multipart {
			cs.add(field, "a URL cannot be sent as a multipart file part: send JSON or the file bytes", imageShort(in.URL))
		}
	}
}

// imageShort keeps a long URL (a data URI, say) short in an error.
func imageShort(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

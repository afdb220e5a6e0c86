package client

import (
	"fmt"
	"net/url"
	"strings"
)

// Validate checks r as it will be sent, Extra fields merged in, against the
// rules of INTERFACE.md 2.5 and its Limits row, and returns every
// violation, joined. A model's value lists apply only to the listed models
// ("other models: their own range"); what the interface leaves to each
// model (sizes, output formats, partial images without streaming) is the
// service's to refuse.
func (r *ImageRequest) Validate() error {
	return validateEncoded(r, imageRules)
}

// imageRules are the rules of 2.5 (and the fields 2.7 adds) on a decoded
// image request.
func imageRules(w wireBody) {
	w.required("", "model")
	model, _ := w.str("", "model")
	spec, known := ImageSpec(model)
	w.required("", "prompt")
	if p, ok := w.str("", "prompt"); ok && known {
		w.c.maxLen("prompt", p, ImagePromptMaxChars) // "Maximum 32000 characters for the image-model series"
	}
	if spec.Backgrounds != nil {
		w.enum("", "background", spec.Backgrounds...) // "For image 2.5: auto, transparent, opaque"
	} else {
		w.str("", "background")
	}
	if n, ok := w.integer("", "n"); ok {
		w.atLeast("n", float64(n), 1) // "Number of images; minimum 1"
	}
	format, _ := w.str("", "output_format")
	// output_compression: "0 to 100. Usable only when output_format is jpeg or webp."
	if c, ok := w.integer("", "output_compression"); ok {
		w.between("output_compression", float64(c), 0, 100)
		if format != "jpeg" && format != "webp" {
			w.c.add("output_compression", "only with output_format jpeg or webp", c)
		}
	}
	if known {
		w.enum("", "quality", spec.Qualities...) // "Image 2: auto, low, medium, high. Image 2.5 adds xhigh, max."
	} else {
		w.str("", "quality")
	}
	w.str("", "size")
	w.boolean("", "stream")
	if n, ok := w.integer("", "partial_images"); ok {
		w.atLeast("partial_images", float64(n), 0) // "minimum 0"
	}
	// 2.7: "Image 2.5 accepts at most 16 reference images."
	if imgs, ok := w.objects("", "images"); ok && spec.MaxInputImages > 0 && len(imgs) > spec.MaxInputImages {
		w.c.add("images", fmt.Sprintf("at most %d input images for %s", spec.MaxInputImages, model), len(imgs))
	}
}

// Validate checks everything ImageRequest.Validate does, on the JSON form
// of the edit, plus the inputs: at least one image, each a non-empty file
// of an image type, an http(s) URL or a data:image/<type>;base64 URI, and
// likewise the mask. With Multipart, an http(s) URL is refused: it cannot
// be sent as a file part.
func (r *ImageEditRequest) Validate() error {
	if r == nil {
		return &ValidationError{Field: "body", Rule: "is required"}
	}
	var cs checks
	if err := validateEncoded(r, imageRules); err != nil {
		cs = append(cs, err)
	}
	if len(r.Images) == 0 {
		cs.add("images", "at least one input image is required", nil)
	}
	for i, in := range r.Images {
		imageCheckInput(&cs, fmt.Sprintf("images[%d]", i), in, r.Multipart)
	}
	if r.Mask != nil {
		imageCheckInput(&cs, "mask", *r.Mask, r.Multipart)
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

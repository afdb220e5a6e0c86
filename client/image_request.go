package client

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
)

// The image models the interface lists (2.5). Any other model name may be
// sent; it is then checked only against the rules that hold for every model.
const (
	ImageModel2          = "gamma/image-2"
	ImageModel25Flare    = "gamma/image-2.5-flare"
	ImageModel25Sunburst = "gamma/image-2.5-sunburst"
)

// ImagePromptMaxChars is the prompt limit of the listed image models
// (INTERFACE Limits, images).
const ImagePromptMaxChars = 32000

// ImageModelSpec is what the interface documents about one listed image
// model: the single source for validation, the simulator and UI pickers.
type ImageModelSpec struct {
	Model string
	// Qualities are the allowed quality values.
	Qualities []string
	// Backgrounds are the allowed background values; nil means the
	// interface leaves the model's range unstated and nothing is checked.
	Backgrounds []string
	// MaxInputImages caps the input images of an edit; 0 means unstated.
	MaxInputImages int
}

// imageSpecs follows INTERFACE 2.5 and 2.7: image 2.5 adds xhigh/max
// quality, names its background values and takes at most 16 inputs.
var imageSpecs = []ImageModelSpec{
	{Model: ImageModel2, Qualities: []string{"auto", "low", "medium", "high"}},
	{Model: ImageModel25Flare, Qualities: imageQualities25, Backgrounds: imageBackgrounds25, MaxInputImages: 16},
	{Model: ImageModel25Sunburst, Qualities: imageQualities25, Backgrounds: imageBackgrounds25, MaxInputImages: 16},
}

var (
	imageQualities25   = []string{"auto", "low", "medium", "high", "xhigh", "max"}
	imageBackgrounds25 = []string{"auto", "transparent", "opaque"}
)

// ImageModels returns the listed image model identifiers, in display order.
func ImageModels() []string {
	out := make([]string, len(imageSpecs))
	for i, s := range imageSpecs {
		out[i] = s.Model
	}
	return out
}

// ImageSpec returns what is documented about model, and false for a model
// the interface does not list.
func ImageSpec(model string) (ImageModelSpec, bool) {
	for _, s := range imageSpecs {
		if s.Model == model {
			s.Qualities = slices.Clone(s.Qualities)
			s.Backgrounds = slices.Clone(s.Backgrounds)
			return s, true
		}
	}
	return ImageModelSpec{}, false
}

// ImageRequest is an image generation request (INTERFACE 2.5), also the base
// of an edit. Fields the struct does not list (moderation, user, ...) go in
// Extra and are sent unchanged.
type ImageRequest struct {
	Model      string `json:"model"`
	Prompt     string `json:"prompt"`
	Background string `json:"background,omitempty"`
	// N is the number of images; 0 leaves it to the service (one).
	N            int    `json:"n,omitempty"`
	OutputFormat string `json:"output_format,omitempty"`
	// OutputCompression is a pointer because 0 is a valid compression.
	OutputCompression *int   `json:"output_compression,omitempty"`
	Quality           string `json:"quality,omitempty"`
	Size              string `json:"size,omitempty"`
	// Stream is set by the operation called (GenerateImages sends false,
	// StreamImages true); it is a field so that Validate can see it.
	Stream bool `json:"stream,omitempty"`
	// PartialImages is a pointer because 0 (only the final image) differs
	// from unset.
	PartialImages *int `json:"partial_images,omitempty"`

	Extra Extra `json:"-"`
}

type imageRequestAlias ImageRequest

// MarshalJSON encodes the request with its Extra fields merged in.
func (r ImageRequest) MarshalJSON() ([]byte, error) {
	return marshalWith(imageRequestAlias(r), r.Extra)
}

// ImageEditRequest is an image edit request (INTERFACE 2.7): every field of
// ImageRequest plus the input images and an optional mask. Upstream fields
// such as input_fidelity go in Extra.
type ImageEditRequest struct {
	ImageRequest
	// Images are the input images, at least one.
	Images []ImageInput
	// Mask, when set, marks the area of the first image to edit.
	Mask *ImageInput
	// Multipart sends the request as multipart/form-data instead of JSON.
	// Local files and data URIs become file parts; an http(s) URL cannot be
	// a file part, so Validate rejects it (naming images[i]) rather than
	// quietly switching to JSON: the caller asked for this wire form.
	Multipart bool
}

// MarshalJSON encodes the edit as the JSON form of the endpoint:
// images as [{"image_url": ...}] and mask as {"image_url": ...}, local
// files as data URIs, with Extra merged in.
func (r ImageEditRequest) MarshalJSON() ([]byte, error) {
	w := imageEditWire{imageRequestAlias: imageRequestAlias(r.ImageRequest)}
	for _, in := range r.Images {
		w.Images = append(w.Images, imageURLObject{ImageURL: in.wireURL()})
	}
	if r.Mask != nil {
		w.Mask = &imageURLObject{ImageURL: r.Mask.wireURL()}
	}
	return marshalWith(w, r.Extra)
}

type imageEditWire struct {
	imageRequestAlias
	Images []imageURLObject `json:"images,omitempty"`
	Mask   *imageURLObject  `json:"mask,omitempty"`
}

type imageURLObject struct {
	ImageURL string `json:"image_url"`
}

// ImageInput is one input image (or mask) of an edit: either a local file
// (Data, with Name and ContentType optional) or a URL (an http(s) address or
// a data:image/...;base64 URI).
type ImageInput struct {
	// Name is the file name sent in a multipart part; empty means one is
	// made up from the detected format.
	Name string
	// Data holds a local file's bytes.
	Data []byte
	// ContentType is the file's media type; empty means it is detected
	// from Data.
	ContentType string
	// URL is an http(s) address or a data URI, used when Data is empty.
	URL string
}

// ImageFromFile returns an input for a local file's bytes; its media type
// is detected from the bytes.
func ImageFromFile(name string, data []byte) ImageInput {
	return ImageInput{Name: name, Data: data}
}

// ImageFromURL returns an input for an http(s) URL or a data URI.
func ImageFromURL(url string) ImageInput { return ImageInput{URL: url} }

// isFile reports whether the input carries bytes rather than a URL.
func (in ImageInput) isFile() bool { return len(in.Data) > 0 }

// mediaType returns the given content type, or the one detected from Data.
func (in ImageInput) mediaType() string {
	if in.ContentType != "" {
		return in.ContentType
	}
	if f := ImageFormatOf(in.Data); f != "" {
		return "image/" + f
	}
	return http.DetectContentType(in.Data)
}

// wireURL is the input as the JSON form sends it: the URL as given, or the
// file as a data URI.
func (in ImageInput) wireURL() string {
	if !in.isFile() {
		return in.URL
	}
	return "data:" + in.mediaType() + ";base64," + base64.StdEncoding.EncodeToString(in.Data)
}

// imageParseDataURI splits data:image/<type>;base64,<data> into its media
// type and decoded bytes; ok is false for any other shape or bad base64.
func imageParseDataURI(s string) (mediaType string, data []byte, ok bool) {
	if len(s) < 5 || !strings.EqualFold(s[:5], "data:") {
		return "", nil, false
	}
	head, payload, found := strings.Cut(s[5:], ",")
	mt, enc, hasEnc := strings.Cut(head, ";")
	if !found || !hasEnc || !strings.EqualFold(enc, "base64") || payload == "" {
		return "", nil, false
	}
	typ, sub, _ := strings.Cut(strings.ToLower(mt), "/")
	if typ != "image" || sub == "" || strings.ContainsAny(sub, " /;") {
		return "", nil, false
	}
	b, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return "", nil, false
	}
	return strings.ToLower(mt), b, true
}

// compile-time check that both requests marshal through their own methods.
var (
	_ json.Marshaler = ImageRequest{}
	_ json.Marshaler = ImageEditRequest{}
)

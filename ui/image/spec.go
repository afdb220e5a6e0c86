package imagetab

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"atelier/client"
)

// spec is what the form holds, as plain values: what a run is sent with,
// what re-run puts back and what the gallery fills the form from.
type spec struct {
	Model, Prompt, Size, Quality, Background, Format string
	// N, Compression and Partials are as typed; empty leaves them unset.
	N, Compression, Partials string
	Stream, Multipart        bool
	Inputs                   []inputRef
	Mask                     *inputRef
	// Extra are request fields the form has no row for (a recipe's seed,
	// say), sent as they were.
	Extra client.Extra
	// Label is the idea the images belong to: kept in the
	// history with the job, never sent; "" for none.
	Label string
}

// inputRef is an input image or mask as the form knows it: a file path or
// URL as typed, or an earlier result (its image_files row, for lineage).
type inputRef struct {
	Ref    string // a path, an http(s) URL or a data URI
	FileID int64  // the earlier result's image_files row; 0 for an outside image
}

// edit reports whether the spec is an edit: it has input images or a mask.
func (s spec) edit() bool { return len(s.Inputs) > 0 || s.Mask != nil }

// clone returns s with its own slices, for a run to keep.
func (s spec) clone() spec {
	s.Inputs = slices.Clone(s.Inputs)
	s.Extra = maps.Clone(s.Extra)
	if s.Mask != nil {
		m := *s.Mask
		s.Mask = &m
	}
	return s
}

// maxPartials is the most partial images the service streams.
const maxPartials = 3

// request builds the generation request for model, and the violations of
// numbers that are not numbers (Validate cannot see those).
func (s spec) request(model string) (client.ImageRequest, []*client.ValidationError) {
	r := client.ImageRequest{Model: strings.TrimSpace(model), Prompt: s.Prompt, Size: strings.TrimSpace(s.Size),
		Quality: s.Quality, Background: s.Background, OutputFormat: s.Format, Stream: s.Stream, Extra: s.Extra}
	var vs []*client.ValidationError
	number := func(field, text string) *int {
		text = strings.TrimSpace(text)
		if text == "" {
			return nil
		}
		n, err := strconv.Atoi(text)
		if err != nil {
			vs = append(vs, &client.ValidationError{Field: field, Rule: "must be a whole number", Value: text})
			return nil
		}
		return &n
	}
	if n := number("n", s.N); n != nil {
		r.N = *n
		if *n == 0 {
			vs = append(vs, &client.ValidationError{Field: "n", Rule: "must be >= 1", Value: 0})
		}
	}
	r.OutputCompression = number("output_compression", s.Compression)
	r.PartialImages = number("partial_images", s.Partials)
	if p := r.PartialImages; p != nil && *p > maxPartials {
		// The interface says >= 0; the service refuses more than 3
		// (PROTOCOLS 4.1), so the form says so before sending.
		vs = append(vs, &client.ValidationError{Field: "partial_images", Rule: "must be 0 to 3", Value: *p})
	}
	return r, vs
}

// violations checks s as it would be sent to model, without reading any
// file: a local input stands in as a small PNG, and the command that sends
// reads the real bytes and checks again.
func (s spec) violations(model string) []*client.ValidationError {
	req, vs := s.request(model)
	if !s.edit() {
		return append(vs, client.Violations(req.Validate())...)
	}
	edit := client.ImageEditRequest{ImageRequest: req, Multipart: s.Multipart}
	for _, in := range s.Inputs {
		edit.Images = append(edit.Images, standIn(in))
	}
	if s.Mask != nil {
		m := standIn(*s.Mask)
		edit.Mask = &m
	}
	return append(vs, client.Violations(edit.Validate())...)
}

// pngSignature is what a PNG file starts with: enough for a stand-in.
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// standIn is an input for checking the request's shape: a URL as typed, a
// file as the start of a PNG.
func standIn(in inputRef) client.ImageInput {
	if isURL(in.Ref) {
		return client.ImageFromURL(in.Ref)
	}
	return client.ImageFromFile("input.png", pngSignature)
}

// isURL reports whether ref is sent as a URL rather than read as a file.
func isURL(ref string) bool {
	l := strings.ToLower(ref)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "data:")
}

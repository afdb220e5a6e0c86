package client

import (
	"fmt"
	"strings"
)

// The numeric rules of an image request (INTERFACE 2.5), read by both
// imageRules and ImageFields, so that what a form says is what Validate
// checks.
const (
	imageNMin           = 1   // "Number of images; minimum 1"
	imageCompressionMin = 0   // output_compression: "0 to 100"
	imageCompressionMax = 100 //
	imagePartialsMin    = 0   // partial_images: "minimum 0"
)

// imageCompressionFormats are the output formats output_compression goes
// with: "Usable only when output_format is jpeg or webp."
var imageCompressionFormats = []string{"jpeg", "webp"}

// ImageField is one field of an image request with its rule in words, as
// Validate checks it for a model: what a form shows beside the field.
type ImageField struct {
	Name string   // the JSON name
	Doc  string   // the rule in words; "" where the interface leaves the value to the service
	Enum []string // the values allowed for the model, where the interface lists them; nil: any
}

// ImageFields returns the fields of an image request (edits' images
// included) with their rules for model, in the interface's order.
func ImageFields(model string) []ImageField {
	spec, known := ImageSpec(model)
	fields := []ImageField{
		{Name: "prompt", Doc: "required"},
		{Name: "model", Doc: "required"},
		{Name: "size"},
		{Name: "quality"},
		{Name: "background"},
		{Name: "n", Doc: fmt.Sprintf("how many images, %d or more", imageNMin)},
		{Name: "output_format"},
		{Name: "output_compression", Doc: fmt.Sprintf("%d–%d, %s only", imageCompressionMin, imageCompressionMax,
			strings.Join(imageCompressionFormats, " or "))},
		{Name: "stream", Doc: "true or false"},
		{Name: "partial_images", Doc: fmt.Sprintf("%d or more", imagePartialsMin)},
		{Name: "images", Doc: "at least one, for an edit"},
		{Name: "mask", Doc: "an image, for an edit"},
	}
	for i, f := range fields {
		switch f.Name {
		case "quality":
			if known {
				fields[i].Enum = spec.Qualities
			}
		case "background":
			fields[i].Enum = spec.Backgrounds
		case "images":
			if spec.MaxInputImages > 0 {
				fields[i].Doc += fmt.Sprintf(" · up to %d", spec.MaxInputImages)
			}
		}
		if fields[i].Enum != nil {
			fields[i].Doc = strings.Join(fields[i].Enum, " · ")
		}
	}
	return fields
}

// ImageFieldOf is the field name of ImageFields(model), and whether
// there is one.
func ImageFieldOf(model, name string) (ImageField, bool) {
	for _, f := range ImageFields(model) {
		if f.Name == name {
			return f, true
		}
	}
	return ImageField{}, false
}

package imagetab

import (
	"slices"
	"strconv"
	"strings"

	"atelier/client"
	"atelier/ui/components/form"
)

// The rows of the Image form below its prompt, generated from the
// client's table for the model named (client.ImageFields): each row's
// rule is the table's words for that model, so a change of model remakes
// the rows (and keeps their values).

// Row names: the request's own JSON names, and "multipart", which says how
// an edit travels and is no field of the body.
const (
	rowModel       = "model"
	rowSize        = "size"
	rowQuality     = "quality"
	rowBackground  = "background"
	rowN           = "n"
	rowFormat      = "output_format"
	rowCompression = "output_compression"
	rowStream      = "stream"
	rowPartials    = "partial_images"
	rowImages      = "images"
	rowMask        = "mask"
	rowSendAs      = "multipart"
	rowLabel       = "label" // the job's label: kept, not sent
)

// The values of the "send as" row.
const (
	sendJSON      = "JSON"
	sendMultipart = "multipart"
)

// qualities and backgrounds are every value the interface names: a row
// offers them all, and the rules say which the model takes, so a choice
// made for one model is not lost when another is typed.
var (
	qualities   = []string{"auto", "low", "medium", "high", "xhigh", "max"}
	backgrounds = []string{"auto", "transparent", "opaque"}
	formats     = []string{"png", "jpeg", "webp"}
	// sizePresets are the sizes ↑/↓ go through; "" leaves it to the service.
	sizePresets = []string{"", "auto", "1024x1024", "1536x1024", "1024x1536"}
)

// fieldsSpec is the form's rows for model.
func fieldsSpec(model string) []form.Field {
	doc := func(name string) string {
		r, _ := client.ImageFieldOf(model, name)
		return r.Doc
	}
	choice := func(name, label string, enum []string) form.Field {
		d := strings.Join(enum, " · ")
		if r, _ := client.ImageFieldOf(model, name); r.Enum != nil {
			d = strings.Join(r.Enum, " · ") // what this model takes
		}
		return form.Field{Name: name, Label: label, Kind: form.String, Enum: enum, Unset: "default", Doc: d}
	}
	path := &form.Field{Kind: form.String, Trim: true, Path: true, Placeholder: "file path or URL"}
	return []form.Field{
		{Name: rowModel, Kind: form.String, Trim: true, Placeholder: "a model name",
			Doc: doc(rowModel) + " · ↑/↓ the listed models, or type any"},
		{Name: rowSize, Kind: form.String, Trim: true, Placeholder: "default", Doc: "auto, 1024x1024, 1536x1024, 1024x1536 or WxH"},
		choice(rowQuality, "quality", qualities),
		choice(rowBackground, "background", backgrounds),
		{Name: rowN, Kind: form.Integer, Trim: true, Placeholder: "default", Doc: doc(rowN) + " · ↑/↓ steps"},
		choice(rowFormat, "format", formats),
		{Name: rowCompression, Label: "compression", Kind: form.Integer, Trim: true, Placeholder: "default", Doc: doc(rowCompression)},
		{Name: rowStream, Kind: form.Boolean, NoUnset: true, Doc: "partial images as they come"},
		{Name: rowPartials, Label: "partials", Kind: form.Integer, Trim: true, Placeholder: "default", Doc: "0–3, when streaming"},
		{Name: rowImages, Label: "inputs", Kind: form.StringList, Item: path,
			Doc: "a adds a file or URL · ctrl+x removes · " + doc(rowImages)},
		{Name: rowMask, Kind: form.String, Trim: true, Path: true, Placeholder: "none", Empty: "none",
			Doc: "m sets a PNG file or URL · " + doc(rowMask)},
		{Name: rowSendAs, Label: "send as", Kind: form.String, Enum: []string{sendJSON, sendMultipart}, NoUnset: true, Meta: true,
			Doc: "how an edit travels"},
		{Name: rowLabel, Kind: form.String, Trim: true, Meta: true, Placeholder: "the idea it belongs to (optional)", Empty: "none",
			Doc: "optional · ≤ 40 chars · kept, not sent"},
	}
}

// presets are the values ↑/↓ go through on a typed row, for model.
func presets(row string) []string {
	switch row {
	case rowModel:
		return client.ImageModels()
	case rowSize:
		return sizePresets
	case rowPartials:
		return []string{"", "0", "1", "2", "3"}
	}
	return nil
}

// cycle returns the value d steps from cur in values, wrapping; a value not
// in the list goes to the first (d > 0) or last.
func cycle(values []string, cur string, d int) string {
	if len(values) == 0 {
		return cur
	}
	i := slices.Index(values, cur)
	if i < 0 {
		if d > 0 {
			return values[0]
		}
		return values[len(values)-1]
	}
	n := len(values)
	return values[((i+d)%n+n)%n]
}

// step moves a number row up or down: n from 1 to 10, compression by 5
// from 0 to 100; an empty or unreadable row starts from the default.
func step(row, cur string, d int) string {
	lo, hi, by, start := 1, 10, 1, 1
	if row == rowCompression {
		lo, hi, by, start = 0, 100, 5, 85
	}
	n, err := strconv.Atoi(strings.TrimSpace(cur))
	if err != nil {
		return strconv.Itoa(start)
	}
	return strconv.Itoa(min(hi, max(lo, n+d*by)))
}

// chooseNext is the value ↑/↓ put in a typed row: the next preset or
// number; ok is false for a row without any.
func chooseNext(row, cur string, d int) (string, bool) {
	switch row {
	case rowN, rowCompression:
		return step(row, cur, d), true
	case rowModel, rowSize, rowPartials:
		return cycle(presets(row), strings.TrimSpace(cur), d), true
	}
	return "", false
}

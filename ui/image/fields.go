package imagetab

import (
	"slices"
	"strconv"
	"strings"

	"atelier/client"
)

// field is one line of the form, in tab order.
type field int

const (
	fPrompt field = iota
	fModel
	fSize
	fQuality
	fBackground
	fN
	fFormat
	fCompression
	fStream
	fPartials
	fInputs
	fMask
	fSendAs
	fieldCount
)

// fieldLabels are the names the form shows.
var fieldLabels = [fieldCount]string{
	fPrompt: "prompt", fModel: "model", fSize: "size", fQuality: "quality", fBackground: "background",
	fN: "n", fFormat: "format", fCompression: "compression", fStream: "stream", fPartials: "partials",
	fInputs: "inputs", fMask: "mask", fSendAs: "send as",
}

// kind is how a field takes its value.
type kind int

const (
	textKind   kind = iota // typed
	choiceKind             // picked from a list with ←/→ or ↑/↓, nothing typed
	listKind               // input images or the mask: a and m add, x removes
)

func (f field) kind() kind {
	switch f {
	case fQuality, fBackground, fFormat, fStream, fSendAs:
		return choiceKind
	case fInputs, fMask:
		return listKind
	}
	return textKind
}

// wireField maps a violation's JSON path to the field that shows it.
func wireField(path string) field {
	name, _, _ := strings.Cut(path, "[")
	switch name {
	case "model":
		return fModel
	case "size":
		return fSize
	case "quality":
		return fQuality
	case "background":
		return fBackground
	case "n":
		return fN
	case "output_format":
		return fFormat
	case "output_compression":
		return fCompression
	case "stream":
		return fStream
	case "partial_images":
		return fPartials
	case "images", "image":
		return fInputs
	case "mask":
		return fMask
	}
	return fPrompt
}

// sizePresets are the sizes ↑/↓ go through; "" leaves it to the service.
var sizePresets = []string{"", "auto", "1024x1024", "1536x1024", "1024x1536"}

var formats = []string{"", "png", "jpeg", "webp"}

// wireNames are the request fields the form's fields set, as the
// client's table names them; "send as" is how an edit travels, no field.
var wireNames = [fieldCount]string{
	fPrompt: "prompt", fModel: "model", fSize: "size", fQuality: "quality", fBackground: "background",
	fN: "n", fFormat: "output_format", fCompression: "output_compression", fStream: "stream",
	fPartials: "partial_images", fInputs: "images", fMask: "mask",
}

// rule is the client's table's field behind f, for model.
func rule(f field, model string) client.ImageField {
	r, _ := client.ImageFieldOf(model, wireNames[f])
	return r
}

// choices are the values ↑/↓ go through on field f for model: for quality
// and background what the client's table allows the model; where it lists
// nothing (a model it does not know), the values the interface names.
func choices(f field, model string) []string {
	switch f {
	case fModel:
		return client.ImageModels()
	case fSize:
		return sizePresets
	case fQuality, fBackground:
		if enum := rule(f, model).Enum; enum != nil {
			return append([]string{""}, enum...)
		}
		if f == fQuality {
			return []string{"", "auto", "low", "medium", "high", "xhigh", "max"}
		}
		return []string{"", "auto", "transparent", "opaque"}
	case fFormat:
		return formats
	case fPartials:
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

// step moves a number field up or down: n from 1 to 10, compression by 5
// from 0 to 100; an empty or unreadable field starts from the default.
func step(f field, cur string, d int) string {
	lo, hi, by, start := 1, 10, 1, 1
	if f == fCompression {
		lo, hi, by, start = 0, 100, 5, 85
	}
	n, err := strconv.Atoi(strings.TrimSpace(cur))
	if err != nil {
		return strconv.Itoa(start)
	}
	return strconv.Itoa(min(hi, max(lo, n+d*by)))
}

// hint is the rule shown beside field f, for model: the client's table's
// words, and the keys that edit the field. Size, format and partials are
// the form's presets (the interface leaves them to the service, which
// refuses more than 3 partial images, PROTOCOLS 4.1).
func hint(f field, model string) string {
	doc := rule(f, model).Doc
	switch f {
	case fPrompt:
		return doc + " · ctrl+o editor · ctrl+j new line"
	case fModel:
		return doc + " · ↑/↓ the listed models, or type any"
	case fSize:
		return "auto, 1024x1024, 1536x1024, 1024x1536 or WxH"
	case fQuality, fBackground:
		return strings.Join(choices(f, model)[1:], " · ")
	case fFormat:
		return "png · jpeg · webp"
	case fStream:
		return "partial images as they come"
	case fPartials:
		return "0–3, when streaming"
	case fInputs:
		return "a add a file or URL · x remove · " + doc
	case fMask:
		return "m set a PNG file or URL · x clear · " + doc
	case fSendAs:
		return "how an edit travels"
	}
	return doc
}

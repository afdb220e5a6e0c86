package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Helpers that read and word the values of a video request body.

// videoNormalize returns body in the types JSON decoding gives, so that a
// body built in Go ([]string, int, structs) is checked exactly as it will be
// sent. A body that already has those types is used as it is.
func videoNormalize(body map[string]any) (map[string]any, error) {
	if body == nil {
		return map[string]any{}, nil
	}
	if videoNative(body) {
		return body, nil
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var out map[string]any
	if err := d.Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}

// videoNative reports whether v holds only what decoding JSON into an any
// yields (with or without UseNumber).
func videoNative(v any) bool {
	switch x := v.(type) {
	case nil, bool, string, json.Number:
		return true
	case float64:
		return !math.IsNaN(x) && !math.IsInf(x, 0)
	case []any:
		for _, it := range x {
			if !videoNative(it) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, it := range x {
			if !videoNative(it) {
				return false
			}
		}
		return true
	}
	return false
}

// videoEncodedSize returns the size of body as sent.
func videoEncodedSize(body map[string]any) int {
	b, err := json.Marshal(body)
	if err != nil {
		return 0
	}
	return len(b)
}

// videoDataURIProblem says what is wrong with an image data URI, or "".
// Unless anyImage, its type is one of the formats the interface lists.
func videoDataURIProblem(s string, anyImage bool) string {
	head, data, ok := strings.Cut(s[5:], ",")
	mime, enc, _ := strings.Cut(head, ";")
	sub, isImage := strings.CutPrefix(strings.ToLower(mime), "image/")
	switch {
	case !ok || !strings.EqualFold(enc, "base64"):
		return "must be a data URI of the form data:image/<type>;base64,<data>"
	case anyImage && (!isImage || sub == ""):
		return "data URI must be of an image type, data:image/<type>"
	case !anyImage && !slices.Contains([]string{"image/png", "image/jpeg", "image/jpg", "image/webp"}, strings.ToLower(mime)):
		return "data URI must be image/png, image/jpeg, image/jpg or image/webp"
	case data == "" || !videoBase64(data):
		return "data URI must carry valid base64 data"
	}
	return ""
}

// videoBase64 reports whether s is standard base64, padded or not. It only
// scans the text: a data URI may be megabytes, and its bytes are not needed.
func videoBase64(s string) bool {
	body := strings.TrimRight(s, "=")
	pad := len(s) - len(body)
	if pad > 2 || len(body)%4 == 1 || (pad > 0 && len(s)%4 != 0) {
		return false
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/') {
			return false
		}
	}
	return true
}

// videoNumberOf reads a JSON number of any Go type.
func videoNumberOf(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil && !math.IsInf(f, 0)
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	}
	return 0, false
}

// videoDigits reports whether s is one or more ASCII digits.
func videoDigits(s string) bool {
	if s == "" || len(s) > 15 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// videoRangeRule words f's range as a rule; a Max of +Inf means no upper
// bound.
func videoRangeRule(f VideoField) string {
	if math.IsInf(f.Max, 1) {
		return "must be at least " + videoFormatNumber(f.Min)
	}
	return "must be between " + videoFormatNumber(f.Min) + " and " + videoFormatNumber(f.Max)
}

// videoRangeDoc words f's range for a form: "3–15", "≥ 1".
func videoRangeDoc(f VideoField) string {
	if math.IsInf(f.Max, 1) {
		return "≥ " + videoFormatNumber(f.Min)
	}
	return videoFormatNumber(f.Min) + "–" + videoFormatNumber(f.Max)
}

// videoFormatNumber writes n the way the table's Enum and Default do.
func videoFormatNumber(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) }

// videoShort keeps a long value (a data URI of megabytes) out of errors.
func videoShort(s string) string {
	if len(s) > 64 {
		return s[:61] + "..."
	}
	return s
}

// videoShow renders a mistyped value briefly: a number or a boolean as it
// is, a string cut short (quoted by the error), an object, a list or null
// by its kind.
func videoShow(v any) any {
	switch x := v.(type) {
	case map[string]any:
		return wireKind("an object")
	case []any:
		return wireKind("a list")
	case nil:
		return wireKind("null")
	case string:
		return videoShort(x)
	}
	return wireKind(videoShort(fmt.Sprint(v)))
}

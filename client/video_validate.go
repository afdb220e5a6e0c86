package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// VideoMaxBase64Body is the largest JSON body a video submission may have
// when it carries a base64 data URI ("POST body at most 20MB").
const VideoMaxBase64Body = 20 << 20

// Validate checks body (decoded JSON, or any value that encodes to a JSON
// object) and the path's mode against every documented rule of e. It
// returns all violations joined, each a *ValidationError, or nil. Fields the
// interface does not list are let through: they are passed on unchanged.
func (e VideoEndpoint) Validate(mode string, body map[string]any) error {
	var c checks
	e.checkMode(&c, mode)
	norm, err := videoNormalize(body)
	if err != nil {
		c.add("body", "must encode as a JSON object", err.Error())
		return c.err()
	}
	v := videoValidator{c: &c}
	for _, f := range e.Fields {
		val, present := norm[f.Name]
		v.field(f.Name, f, val, present)
	}
	for _, r := range e.rules {
		r.check(&c, norm)
	}
	if v.dataURIs == 0 {
		return c.err()
	}
	if size := videoEncodedSize(norm); size > VideoMaxBase64Body {
		c.add("body", fmt.Sprintf("must be at most %d MiB when it carries base64 data", VideoMaxBase64Body>>20),
			fmt.Sprintf("%d bytes", size))
	}
	return c.err()
}

func (e VideoEndpoint) checkMode(c *checks, mode string) {
	switch {
	case e.Modes == nil && mode != "":
		c.add("mode", e.Path+" takes no mode", mode)
	case e.Modes != nil && !slices.Contains(e.Modes, mode):
		c.add("mode", "must be one of "+strings.Join(e.Modes, ", "), mode)
	}
}

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

// videoValidator applies field rules and counts data URIs for the body cap.
type videoValidator struct {
	c        *checks
	dataURIs int
}

// field checks one value at path against f.
func (v *videoValidator) field(path string, f VideoField, val any, present bool) {
	switch {
	case !present:
		if f.Required {
			v.c.required(path, false)
		}
		return
	case val == nil && f.Nullable:
		return
	case val == nil && f.Required:
		v.c.add(path, "is required (got null)", nil)
		return
	case val == nil:
		v.c.add(path, "must not be null (leave it out instead)", nil)
		return
	}
	switch f.Kind {
	case VideoString:
		v.str(path, f, val)
	case VideoInteger, VideoNumber:
		v.number(path, f, val)
	case VideoBoolean:
		if _, ok := val.(bool); !ok {
			v.c.add(path, "must be true or false", videoShow(val))
		}
	case VideoStringList:
		v.strings(path, f, val)
	case VideoObject:
		v.object(path, f, val)
	case VideoObjectList:
		v.objects(path, f, val)
	}
}

func (v *videoValidator) str(path string, f VideoField, val any) {
	s, ok := val.(string)
	if !ok {
		if _, isNum := videoNumberOf(val); isNum && f.NumberOrString {
			v.numeric(path, f, val)
			return
		}
		v.c.add(path, "must be a string", videoShow(val))
		return
	}
	if s == "" && f.Required && !f.EmptyOK {
		v.c.add(path, "must not be empty", nil)
		return
	}
	if f.MaxLen > 0 {
		v.c.maxLen(path, s, f.MaxLen)
	}
	if len(f.Enum) > 0 {
		v.c.oneOf(path, s, f.Enum...)
		if s == "" {
			v.c.add(path, "must be one of "+strings.Join(f.Enum, ", "), s)
		}
	}
	if f.HasRange {
		v.numeric(path, f, val)
	}
	if f.Image || f.Video {
		v.url(path, f, s)
	}
}

func (v *videoValidator) number(path string, f VideoField, val any) {
	if s, ok := val.(string); ok && !f.NumberOrString {
		v.c.add(path, "must be a number, not a string", s)
		return
	}
	v.numeric(path, f, val)
}

// numeric checks a number given as a JSON number or, where allowed, as a
// string of digits: its integrality, range and allowed values.
func (v *videoValidator) numeric(path string, f VideoField, val any) {
	var n float64
	if s, ok := val.(string); ok {
		if !videoDigits(s) {
			v.c.add(path, "must be a whole number (digits only)", s)
			return
		}
		n, _ = strconv.ParseFloat(s, 64)
	} else {
		var ok bool
		if n, ok = videoNumberOf(val); !ok {
			v.c.add(path, "must be a number", videoShow(val))
			return
		}
	}
	whole := f.Kind != VideoNumber
	if whole && n != math.Trunc(n) {
		v.c.add(path, "must be a whole number", videoFormatNumber(n))
		return
	}
	if f.HasRange && (n < f.Min || n > f.Max) {
		v.c.add(path, videoRangeRule(f), videoFormatNumber(n))
	}
	if _, isString := val.(string); len(f.Enum) > 0 && !(isString && f.Kind == VideoString) {
		v.c.oneOf(path, videoFormatNumber(n), f.Enum...) // a string value was checked by str
	}
}

func (v *videoValidator) strings(path string, f VideoField, val any) {
	list, ok := val.([]any)
	if !ok {
		v.c.add(path, "must be a list of strings", videoShow(val))
		return
	}
	v.count(path, f, len(list))
	for i, item := range list {
		p := fmt.Sprintf("%s[%d]", path, i)
		s, ok := item.(string)
		if !ok {
			v.c.add(p, "must be a string", videoShow(item))
			continue
		}
		if f.Image || f.Video {
			v.url(p, f, s)
		}
	}
}

func (v *videoValidator) count(path string, f VideoField, n int) {
	if n < f.MinItems || (f.MaxItems > 0 && n > f.MaxItems) {
		rule := fmt.Sprintf("must have at least %d items", f.MinItems)
		if f.MaxItems > 0 {
			rule = fmt.Sprintf("must have %d to %d items", f.MinItems, f.MaxItems)
		}
		v.c.add(path, rule, n)
	}
}

func (v *videoValidator) object(path string, f VideoField, val any) {
	m, ok := val.(map[string]any)
	if !ok {
		v.c.add(path, "must be an object", videoShow(val))
		return
	}
	for _, it := range f.Items {
		iv, present := m[it.Name]
		v.field(path+"."+it.Name, it, iv, present)
	}
	if !f.Closed {
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // one stable order for messages and tests
	for _, k := range keys {
		if !slices.ContainsFunc(f.Items, func(it VideoField) bool { return it.Name == k }) {
			v.c.add(path+"."+k, "is not allowed here", nil)
		}
	}
}

func (v *videoValidator) objects(path string, f VideoField, val any) {
	if m, ok := val.(map[string]any); ok && f.SingleObject {
		v.object(path, f, m)
		return
	}
	list, ok := val.([]any)
	if !ok {
		rule := "must be a list of objects"
		if f.SingleObject {
			rule = "must be an object or a list of objects"
		}
		v.c.add(path, rule, videoShow(val))
		return
	}
	v.count(path, f, len(list))
	for i, item := range list {
		v.object(fmt.Sprintf("%s[%d]", path, i), f, item)
	}
}

// url checks an http(s) URL or, where allowed, an image data URI.
func (v *videoValidator) url(path string, f VideoField, s string) {
	if len(s) >= 5 && strings.EqualFold(s[:5], "data:") {
		if !f.DataURI {
			v.c.add(path, "must be an http(s) URL; a data URI is not accepted here", videoShort(s))
			return
		}
		v.dataURIs++
		if rule := videoDataURIProblem(s); rule != "" {
			v.c.add(path, rule, videoShort(s))
		}
		return
	}
	u, err := url.Parse(s)
	if err != nil || (!strings.EqualFold(u.Scheme, "http") && !strings.EqualFold(u.Scheme, "https")) || u.Host == "" {
		rule := "must be an http(s) URL"
		if f.DataURI {
			rule += " or a data:image/(png|jpeg|jpg|webp);base64 URI"
		}
		v.c.add(path, rule, videoShort(s))
	}
}

// videoDataURIProblem says what is wrong with an image data URI, or "".
func videoDataURIProblem(s string) string {
	head, data, ok := strings.Cut(s[5:], ",")
	mime, enc, _ := strings.Cut(head, ";")
	switch {
	case !ok || !strings.EqualFold(enc, "base64"):
		return "must be a data URI of the form data:image/<type>;base64,<data>"
	case !slices.Contains([]string{"image/png", "image/jpeg", "image/jpg", "image/webp"}, strings.ToLower(mime)):
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

// videoShow renders a mistyped value briefly.
func videoShow(v any) string {
	switch v.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	case nil:
		return "null"
	}
	return videoShort(fmt.Sprint(v))
}

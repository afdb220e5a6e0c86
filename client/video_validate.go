package client

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"atelier/internal/limits"
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
		c.add("body", "must be at most "+limits.Size(VideoMaxBase64Body)+" when it carries base64 data",
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
		if rule := videoDataURIProblem(s, f.AnyImage); rule != "" {
			v.c.add(path, rule, videoShort(s))
			return
		}
		v.checkImage(path, f, s)
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

package client

import (
	"fmt"
	"slices"
	"strings"
)

// This file describes the 16 video submission endpoints as data. The table is
// the single source of the documented rules: the client validates with it,
// the simulator enforces it, and the UI builds its forms from it. The field
// facts come from INTERFACE.md 2.10–2.15; PROTOCOLS.md section 6 fills only
// what the interface leaves "not shown", and each such place says so.

// VideoFieldKind is the JSON type the interface documents for a field; it is
// also the type the UI sends.
type VideoFieldKind int

// The kinds of video request fields.
const (
	VideoString     VideoFieldKind = iota + 1 // a JSON string
	VideoInteger                              // a JSON number without fraction
	VideoNumber                               // any JSON number
	VideoBoolean                              // true or false
	VideoStringList                           // an array of strings
	VideoObject                               // one object with the fields in Items
	VideoObjectList                           // an array of objects with the fields in Items
)

var videoKindNames = [...]string{"", "string", "integer", "number", "boolean", "string[]", "object", "object[]"}

// String returns the kind as the interface's tables write it.
func (k VideoFieldKind) String() string {
	if int(k) > 0 && int(k) < len(videoKindNames) {
		return videoKindNames[k]
	}
	return fmt.Sprintf("VideoFieldKind(%d)", int(k))
}

// VideoField is one documented field of a video request body.
type VideoField struct {
	Name     string
	Kind     VideoFieldKind
	Required bool // the key must be present (and not null)
	Nullable bool // JSON null is accepted (for an optional field: "unspecified")
	EmptyOK  bool // a required string may be "" (voice_id: the system picks one)

	// NumberOrString accepts both a JSON number and a string of digits for
	// a numeric value, where the interface and the wire protocol disagree on
	// the type (videob duration, safety_tolerance). Kind is what is sent.
	NumberOrString bool

	Enum    []string // allowed values as text (numbers in decimal); empty means any
	Default string   // the documented default as text, "" if none

	// Min and Max bound a numeric value when HasRange is set. For a string
	// field with a range the string must hold a whole number in the range.
	Min, Max float64
	HasRange bool

	MaxLen             int // most characters in a string (runes, as users count), 0 = no limit
	MinItems, MaxItems int // list length bounds; MaxItems 0 = no limit

	Image   bool // the string (or each list item) is an http(s) image URL
	Video   bool // the string is an http(s) video URL
	DataURI bool // with Image: a data:image/...;base64 URI is accepted too

	// Rules of a data-URI image, where the interface gives them; they are
	// read from the image's own header (video_image.go).
	AnyImage      bool    // a data URI of any image/* type ("data:image/*"), not only png, jpeg, jpg, webp
	MinSide       int     // the width and the height at least this many pixels, 0 = no rule
	MaxAspect     float64 // the long side at most this many times the short one, 0 = no rule
	MaxImageBytes int     // the decoded image at most this many bytes, 0 = no rule

	// Items are the fields of each object of a VideoObject or VideoObjectList.
	Items []VideoField
	// Closed refuses properties beyond Items in those objects.
	Closed bool
	// SingleObject accepts one object in place of a VideoObjectList.
	SingleObject bool

	Doc string // the rule in a few words, shown beside the form field
}

// VideoReplyForm is the shape of a submission's reply (INTERFACE.md 2.11).
type VideoReplyForm int

// The reply forms of the Endpoints table.
const (
	VideoFormA  VideoReplyForm = iota + 1 // q1 and q3 other than q3 reference: five strings
	VideoFormA2                           // q3 reference: adds queue_position and logs
	VideoFormB                            // videob: like A2, logs an empty array
	VideoFormC                            // videoc3.1: adds metrics, result and detail
)

// String returns the form's name as the interface writes it.
func (f VideoReplyForm) String() string {
	switch f {
	case VideoFormA:
		return "A"
	case VideoFormA2:
		return "A2"
	case VideoFormB:
		return "B"
	case VideoFormC:
		return "C"
	}
	return fmt.Sprintf("VideoReplyForm(%d)", int(f))
}

// VideoEndpoint is one video submission endpoint and the rules of its body.
type VideoEndpoint struct {
	// Path follows /queue/qv/, with {mode} where the path takes a mode:
	// "videoa/q1/text-to-video", "videob/o3/{mode}/image-to-video".
	Path    string
	Family  string // "videoa", "videob", "videoc3.1": the segment of the status and result URLs
	Model   string // "q1", "q3", "o3", "fast"
	Task    string // "text-to-video", "video-to-video/edit", ...
	Variant string // "turbo" for the q3 endpoints, "" otherwise
	Section string // the INTERFACE.md section with the fields, e.g. "2.13"

	Reply   VideoReplyForm
	Modes   []string // allowed {mode} values; nil when the path has none
	Webhook bool     // the queue_webhook query parameter is accepted
	Fields  []VideoField

	rules []videoRule // cross-field rules, applied by Validate
}

// videoRule is a rule that spans several fields.
type videoRule struct {
	doc   string
	check func(c *checks, body map[string]any)
}

// RuleDocs returns the endpoint's cross-field rules in words, for forms and
// help screens.
func (e VideoEndpoint) RuleDocs() []string {
	out := make([]string, 0, len(e.rules))
	for _, r := range e.rules {
		out = append(out, r.doc)
	}
	return out
}

// Field returns the documented field called name.
func (e VideoEndpoint) Field(name string) (VideoField, bool) {
	for _, f := range e.Fields {
		if f.Name == name {
			return f, true
		}
	}
	return VideoField{}, false
}

// PathFor returns the path after /queue/qv/ with mode put in place of
// {mode}; mode is ignored by an endpoint without one.
func (e VideoEndpoint) PathFor(mode string) string {
	return strings.Replace(e.Path, "{mode}", mode, 1)
}

// URLPath returns the path of the submission under the base URL.
func (e VideoEndpoint) URLPath(mode string) string {
	return "/queue/qv/" + e.PathFor(mode)
}

// VideoEndpoints returns the 16 video submission endpoints in the order of
// the interface's Endpoints table. Each call returns a fresh copy, so a
// caller may change what it gets.
func VideoEndpoints() []VideoEndpoint {
	var out []VideoEndpoint
	out = append(out, videoaEndpoints()...)
	out = append(out, videobEndpoints()...)
	out = append(out, videocEndpoints()...)
	for i := range out {
		videoFillDocs(out[i].Fields)
	}
	return out
}

// LookupVideoEndpoint finds the endpoint for a path after /queue/qv/ (a
// leading "/queue/qv/" is also accepted) and returns it with the path's mode.
// An unknown path or mode is a *ValidationError on field "path" or "mode".
func LookupVideoEndpoint(path string) (VideoEndpoint, string, error) {
	p := strings.Trim(strings.TrimSpace(path), "/")
	p = strings.TrimPrefix(p, "queue/qv/")
	eps := VideoEndpoints()
	for _, e := range eps {
		if e.Modes == nil {
			if p == e.Path {
				return e, "", nil
			}
			continue
		}
		pre, suf, _ := strings.Cut(e.Path, "{mode}")
		if !strings.HasPrefix(p, pre) || !strings.HasSuffix(p, suf) || len(p) < len(pre)+len(suf) {
			continue
		}
		mode := p[len(pre) : len(p)-len(suf)]
		if strings.Contains(mode, "/") {
			continue
		}
		if !slices.Contains(e.Modes, mode) {
			return VideoEndpoint{}, "", &ValidationError{Field: "mode",
				Rule: "must be one of " + strings.Join(e.Modes, ", ") + " for " + e.Path, Value: mode}
		}
		return e, mode, nil
	}
	return VideoEndpoint{}, "", &ValidationError{Field: "path", Rule: videoUnknownHint(eps, p), Value: path}
}

// videoUnknownHint names the endpoints of the family the path starts with,
// or the families when even that is unknown: a short list, never all 16.
func videoUnknownHint(eps []VideoEndpoint, p string) string {
	family, _, _ := strings.Cut(p, "/")
	var same, families []string
	for _, e := range eps {
		if e.Family == family {
			same = append(same, e.Path)
		}
		if !slices.Contains(families, e.Family) {
			families = append(families, e.Family)
		}
	}
	if len(same) > 0 {
		return "unknown video endpoint; " + family + " has " + strings.Join(same, ", ")
	}
	return "unknown video endpoint; it starts with a family: " + strings.Join(families, ", ")
}

// videoFillDocs writes a short rule text for every field that has none,
// from the field's own data, so the form and the validator cannot disagree.
func videoFillDocs(fields []VideoField) {
	for i := range fields {
		f := &fields[i]
		videoFillDocs(f.Items)
		if f.Doc != "" {
			continue
		}
		var parts []string
		if f.Required {
			parts = append(parts, "required")
		}
		switch {
		case len(f.Enum) > 0:
			parts = append(parts, strings.Join(f.Enum, " | "))
		case f.HasRange:
			parts = append(parts, videoRangeDoc(*f))
		}
		if f.MaxLen > 0 {
			parts = append(parts, fmt.Sprintf("≤ %d chars", f.MaxLen))
		}
		if f.MaxItems > 0 {
			parts = append(parts, fmt.Sprintf("%d–%d items", f.MinItems, f.MaxItems))
		}
		switch {
		case f.Image && f.DataURI:
			parts = append(parts, "image URL or data URI")
		case f.Image:
			parts = append(parts, "image URL")
		case f.Video:
			parts = append(parts, "video URL")
		}
		if f.Default != "" {
			parts = append(parts, "default "+f.Default)
		}
		if f.Nullable {
			parts = append(parts, "may be null")
		}
		if len(parts) == 0 {
			parts = append(parts, f.Kind.String())
		}
		f.Doc = strings.Join(parts, " · ")
	}
}

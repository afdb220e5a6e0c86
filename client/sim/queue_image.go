package sim

import (
	"bytes"
	"encoding/base64"
	"image"
	_ "image/jpeg" // the first frames the simulator reads
	_ "image/png"
	"net/url"
	"strings"

	_ "golang.org/x/image/webp"
)

// The image an image-to-video task animates is looked at, as the service
// would before rendering it: an http(s) URL, or a data URI whose bytes
// are an image, never a file name, a marker or a truncated payload. This
// holds with or without Options.ValidateVideo (which decides where a data
// URI is allowed), so a test that sends an image from a file proves the
// image itself went.

// firstFrameFields are the fields of the image-to-video endpoints that
// hold the image animated, by endpoint pattern.
var firstFrameFields = map[string]string{
	"videoa/q1/image-to-video":        "image_url",
	"videoa/q3/image-to-video/turbo":  "image_url",
	"videob/o3/{mode}/image-to-video": "image_url",
	"videoc3.1/fast/image-to-video":   "image_url",
}

// checkFirstFrame returns the violation of the image field of e, if any.
func checkFirstFrame(e qvEndpoint, body map[string]any) []violation {
	field, ok := firstFrameFields[e.pattern]
	if !ok {
		return nil
	}
	v, present := body[field]
	if !present || v == nil {
		return nil // the required-field rules say so
	}
	s, isString := v.(string)
	if !isString {
		return []violation{{field: field, msg: "must be a string", typ: "string_type"}}
	}
	if msg := frameProblem(s); msg != "" {
		return []violation{{field: field, msg: msg, typ: "image_invalid"}}
	}
	return nil
}

// frameProblem says what is wrong with an image reference, "" if nothing.
func frameProblem(s string) string {
	if rest, ok := strings.CutPrefix(s, "data:"); ok {
		meta, payload, ok := strings.Cut(rest, ",")
		if !ok || !strings.HasPrefix(meta, "image/") || !strings.HasSuffix(meta, ";base64") {
			return "a data URI must be data:image/<type>;base64,<data>"
		}
		raw, err := base64.StdEncoding.DecodeString(payload)
		if err != nil {
			return "the data URI's base64 does not decode: " + err.Error()
		}
		if _, _, err := image.DecodeConfig(bytes.NewReader(raw)); err != nil {
			return "the data URI holds no png, jpeg or webp image: " + err.Error()
		}
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "must be an http(s) URL of the image, or a data URI of it"
	}
	return ""
}

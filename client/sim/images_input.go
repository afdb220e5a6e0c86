package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime"
	"mime/multipart"
	"strconv"
	"strings"
)

// imageRequest reads an image request from JSON or, for edits,
// multipart/form-data (fields image, image[] and mask). It answers and
// returns nil when the body cannot be read at all.
func (c *call) imageRequest(edit bool) (*imageRequest, []violation) {
	mt, params, _ := mime.ParseMediaType(c.r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" {
		if !edit {
			c.invalid([]violation{{field: "body", msg: "generations take a JSON body"}})
			return nil, nil
		}
		return c.multipartImageRequest(params["boundary"])
	}
	var q imageRequest
	if !c.decode(&q) {
		return nil, nil
	}
	if !edit {
		return &q, nil
	}
	var in struct {
		Image  json.RawMessage   `json:"image"`
		Images []json.RawMessage `json:"images"`
		Mask   json.RawMessage   `json:"mask"`
	}
	_ = json.Unmarshal(c.body, &in)
	var vs []violation
	check := func(field string, raw json.RawMessage) {
		ref, err := imageRef(raw)
		if err != nil {
			vs = append(vs, violation{field: field, msg: err.Error()})
		}
		q.inputs = append(q.inputs, ref)
	}
	if len(in.Image) > 0 && string(in.Image) != "null" {
		check("image", in.Image)
	}
	for i, raw := range in.Images {
		check(fmt.Sprintf("images[%d]", i), raw)
	}
	if len(in.Mask) > 0 && string(in.Mask) != "null" {
		if _, err := imageRef(in.Mask); err != nil {
			vs = append(vs, violation{field: "mask", msg: err.Error()})
		}
		q.mask = true
	}
	return &q, vs
}

// imageRef reads a JSON image reference: {"image_url": ...}, {"file_id":
// ...} or a bare URL string. URLs must be http(s) or data:image/ URIs.
func imageRef(raw json.RawMessage) (string, error) {
	var ref struct {
		ImageURL string `json:"image_url"`
		FileID   string `json:"file_id"`
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		ref.ImageURL = s
	} else if err := json.Unmarshal(raw, &ref); err != nil {
		return "", fmt.Errorf("must be an object with image_url or file_id")
	}
	switch {
	case ref.FileID != "":
		return ref.FileID, nil
	case strings.HasPrefix(ref.ImageURL, "https://"), strings.HasPrefix(ref.ImageURL, "http://"), strings.HasPrefix(ref.ImageURL, "data:image/"):
		return ref.ImageURL, nil
	}
	return "", fmt.Errorf("image_url must be an http(s) URL or a data:image/ URI")
}

// multipartImageRequest reads an edit sent as multipart/form-data.
func (c *call) multipartImageRequest(boundary string) (*imageRequest, []violation) {
	form, err := multipart.NewReader(bytes.NewReader(c.body), boundary).ReadForm(maxBody)
	if err != nil {
		c.invalid([]violation{{field: "body", msg: "invalid multipart body: " + err.Error()}})
		return nil, nil
	}
	defer func() { _ = form.RemoveAll() }()
	var vs []violation
	value := func(k string) string {
		if v := form.Value[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	number := func(k string) *int {
		s := value(k)
		if s == "" {
			return nil
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			vs = append(vs, violation{field: k, msg: fmt.Sprintf("must be an integer (got %q)", s)})
			return nil
		}
		return &n
	}
	q := &imageRequest{Model: value("model"), Prompt: value("prompt"), Background: value("background"),
		OutputFormat: value("output_format"), Quality: value("quality"), Size: value("size"),
		N: number("n"), OutputCompression: number("output_compression"), PartialImages: number("partial_images")}
	q.Stream, _ = strconv.ParseBool(value("stream"))
	for _, key := range []string{"image", "image[]"} {
		for _, fh := range form.File[key] {
			if fh.Size == 0 {
				vs = append(vs, violation{field: key, msg: "empty image file " + fh.Filename})
			}
			q.inputs = append(q.inputs, fh.Filename)
		}
	}
	q.mask = len(form.File["mask"]) > 0
	return q, vs
}

package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"mime/multipart"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
)

// imageMultipartBody encodes an edit as multipart/form-data, the form the
// upstream SDKs send (PROTOCOLS 4.4): one input image as the part `image`,
// several as repeated `image[]` parts, the mask as `mask`, every other field
// as a text part. The body is built in memory so that a retry can send the
// same bytes again. It returns the body and its Content-Type (with boundary).
func imageMultipartBody(r ImageEditRequest) ([]byte, string, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, f := range imageTextFields(r.ImageRequest) {
		if err := w.WriteField(f.name, f.value); err != nil {
			return nil, "", err
		}
	}
	name := "image"
	if len(r.Images) > 1 {
		name = "image[]"
	}
	for i, in := range r.Images {
		if err := imageWriteFilePart(w, name, in, fmt.Sprintf("image-%d", i+1)); err != nil {
			return nil, "", fmt.Errorf("images[%d]: %w", i, err)
		}
	}
	if r.Mask != nil {
		if err := imageWriteFilePart(w, "mask", *r.Mask, "mask"); err != nil {
			return nil, "", fmt.Errorf("mask: %w", err)
		}
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), w.FormDataContentType(), nil
}

type imageField struct{ name, value string }

// imageTextFields lists the request's scalar fields as form text, typed
// fields first in a fixed order, then Extra by name. An Extra field replaces
// a typed one of the same name, as it does in JSON.
func imageTextFields(r ImageRequest) []imageField {
	var out []imageField
	add := func(name, value string) {
		if _, ok := r.Extra[name]; !ok {
			out = append(out, imageField{name, value})
		}
	}
	add("model", r.Model)
	add("prompt", r.Prompt)
	for _, f := range []imageField{{"background", r.Background}, {"output_format", r.OutputFormat},
		{"quality", r.Quality}, {"size", r.Size}} {
		if f.value != "" {
			add(f.name, f.value)
		}
	}
	if r.N != 0 {
		add("n", strconv.Itoa(r.N))
	}
	if r.OutputCompression != nil {
		add("output_compression", strconv.Itoa(*r.OutputCompression))
	}
	if r.Stream {
		add("stream", "true")
	}
	if r.PartialImages != nil {
		add("partial_images", strconv.Itoa(*r.PartialImages))
	}
	for _, k := range slices.Sorted(maps.Keys(r.Extra)) {
		if v, ok := imageFormValue(r.Extra[k]); ok {
			out = append(out, imageField{k, v})
		}
	}
	return out
}

// imageFormValue renders an Extra value as form text: strings as they are,
// anything else as its JSON (numbers in decimal, true/false); nil is left
// out, since a form has no null.
func imageFormValue(v any) (string, bool) {
	switch v := v.(type) {
	case nil:
		return "", false
	case string:
		return v, true
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v), true
	}
	return string(b), true
}

// imageWriteFilePart writes one file part. A data URI is decoded into its
// bytes; an http(s) URL cannot be a file part (Validate reports it first).
func imageWriteFilePart(w *multipart.Writer, field string, in ImageInput, stem string) error {
	data, ctype := in.Data, ""
	if !in.isFile() {
		mt, b, ok := imageParseDataURI(in.URL)
		if !ok {
			return fmt.Errorf("a URL cannot be sent as a multipart file part")
		}
		data, ctype = b, mt
	} else {
		ctype = in.mediaType()
	}
	filename := in.Name
	if filename == "" {
		filename = stem + imageExt(ImageFormatOf(data), ctype)
	}
	h := make(textproto.MIMEHeader)
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`,
		imageQuoteEscaper.Replace(field), imageQuoteEscaper.Replace(filename)))
	h.Set("Content-Type", ctype)
	p, err := w.CreatePart(h)
	if err != nil {
		return err
	}
	_, err = p.Write(data)
	return err
}

// imageQuoteEscaper escapes a quoted header parameter as mime/multipart does.
var imageQuoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"", "\r", "", "\n", "")

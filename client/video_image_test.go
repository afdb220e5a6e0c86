package client

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"image"
	"image/jpeg"
	"image/png"
	"slices"
	"testing"
)

// videoDataURI returns a data URI of b with media type mt.
func videoDataURI(mt string, b []byte) string {
	return "data:" + mt + ";base64," + base64.StdEncoding.EncodeToString(b)
}

// videoPNGOf is a data URI of a real w×h PNG.
func videoPNGOf(w, h int) string {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		panic(err)
	}
	return videoDataURI("image/png", b.Bytes())
}

// videoJPEGOf is a data URI of a real w×h JPEG.
func videoJPEGOf(w, h int) string {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, w, h)), nil); err != nil {
		panic(err)
	}
	return videoDataURI("image/jpeg", b.Bytes())
}

// videoWebPOf is a data URI holding the header of a w×h WebP file with the
// bitstream kind given (VP8, VP8L or VP8X), as the format's spec lays out.
func videoWebPOf(kind string, w, h int) string {
	chunk := make([]byte, 10)
	switch kind {
	case "VP8 ":
		copy(chunk, []byte{0, 0, 0, 0x9d, 0x01, 0x2a})
		chunk = binary.LittleEndian.AppendUint16(chunk[:6], uint16(w))
		chunk = binary.LittleEndian.AppendUint16(chunk, uint16(h))
	case "VP8L":
		chunk = append([]byte{0x2f}, binary.LittleEndian.AppendUint32(nil, uint32(w-1)|uint32(h-1)<<14)...)
		chunk = append(chunk, 0, 0, 0, 0, 0)
	case "VP8X":
		chunk[4], chunk[5], chunk[6] = byte(w-1), byte((w-1)>>8), byte((w-1)>>16)
		chunk[7], chunk[8], chunk[9] = byte(h-1), byte((h-1)>>8), byte((h-1)>>16)
	}
	b := append([]byte("RIFF\x00\x00\x00\x00WEBP"+kind), binary.LittleEndian.AppendUint32(nil, uint32(len(chunk)))...)
	return videoDataURI("image/webp", append(b, chunk...))
}

func TestVideoImageHeader(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		uri     string
		format  string
		w, h    int
		problem bool
	}{
		{videoPNGOf(300, 200), "png", 300, 200, false},
		{videoJPEGOf(64, 512), "jpeg", 64, 512, false},
		{videoWebPOf("VP8 ", 640, 360), "webp", 640, 360, false},
		{videoWebPOf("VP8L", 1000, 250), "webp", 1000, 250, false},
		{videoWebPOf("VP8X", 4000, 3000), "webp", 4000, 3000, false},
		{videoDataURI("image/png", []byte("hello, not an image")), "", 0, 0, true},
		{videoDataURI("image/png", []byte("\x89PNG\r\n\x1a\ncut short")), "png", 0, 0, true},
		{videoDataURI("image/webp", []byte("RIFF\x00\x00\x00\x00WEBPVP9 0123456789abcdef")), "webp", 0, 0, true},
	} {
		info, err := videoImageHeader(tc.uri)
		if (err != nil) != tc.problem || info.format != tc.format || !tc.problem && (info.width != tc.w || info.height != tc.h) {
			t.Errorf("%s…: %+v %v, want %s %d×%d problem %v", videoShort(tc.uri), info, err, tc.format, tc.w, tc.h, tc.problem)
		}
	}
}

// The picture rules of the interface, each case citing its line.
func TestVideoDataURIPictureRules(t *testing.T) {
	t.Parallel()
	subject := func(img string) map[string]any {
		return map[string]any{"subjects": []any{map[string]any{"id": "s", "images": []any{img}, "voice_id": ""}}}
	}
	cases := []struct {
		name, path string
		change     map[string]any
		fields     []string
	}{
		// 2.12 subjects[].images: "Minimum 128*128 pixels, aspect ratio within 1:4 to 4:1".
		{"q1 ref 100×100", vQ1Ref, subject(videoPNGOf(100, 100)), []string{"subjects[0].images[0]"}},
		{"q1 ref 128×127", vQ1Ref, subject(videoJPEGOf(128, 127)), []string{"subjects[0].images[0]"}},
		{"q1 ref 128×128", vQ1Ref, subject(videoPNGOf(128, 128)), nil},
		{"q1 ref 128×512 is 1:4", vQ1Ref, subject(videoPNGOf(128, 512)), nil},
		{"q1 ref 128×520 is past 1:4", vQ1Ref, subject(videoWebPOf("VP8X", 128, 520)), []string{"subjects[0].images[0]"}},
		{"q1 ref not an image", vQ1Ref, subject(videoDataURI("image/png", []byte("hello"))), []string{"subjects[0].images[0]"}},
		// 2.13 image-to-video/turbo image_url: "aspect ratio within 1:4 to 4:1" (no pixel minimum).
		{"q3 i2v 5:1", vQ3I2V, map[string]any{"image_url": videoWebPOf("VP8X", 2000, 400)}, []string{"image_url"}},
		{"q3 i2v 4:1", vQ3I2V, map[string]any{"image_url": videoWebPOf("VP8L", 400, 100)}, nil},
		{"q3 i2v small is fine", vQ3I2V, map[string]any{"image_url": videoPNGOf(16, 16)}, nil},
		// 2.13 start-end-to-video/turbo: "same image rules as image_url above".
		{"q3 se 1:6", vQ3SE, map[string]any{"start_image_url": videoJPEGOf(50, 300)}, []string{"start_image_url"}},
		{"q3 se lossy 16:9", vQ3SE, map[string]any{"end_image_url": videoWebPOf("VP8 ", 1280, 720)}, nil},
		// 2.13 reference-to-video/turbo: "HTTP(S) URL or data:image/* base64": any image type, no picture rule.
		{"q3 ref gif", vQ3Ref, map[string]any{"reference_image_urls": []any{videoDataURI("image/gif", []byte("GIF89a"))}}, nil},
		{"q3 ref text", vQ3Ref, map[string]any{"reference_image_urls": []any{videoDataURI("text/plain", []byte("hi"))}},
			[]string{"reference_image_urls[0]"}},
	}
	for _, tc := range cases {
		err := videoEndpoint(t, tc.path).Validate("", videoBody(tc.path, tc.change))
		var got []string
		for _, v := range Violations(err) {
			got = append(got, v.Field)
		}
		if !slices.Equal(got, tc.fields) {
			t.Errorf("%s: violations %q, want %q\n%v", tc.name, got, tc.fields, err)
		}
	}
	// "size at most 50 MB": the decoded size is read from the URI's length,
	// shown here with a smaller cap than the interface's.
	f := VideoField{Name: "image_url", Kind: VideoString, Image: true, DataURI: true, MaxImageBytes: 100}
	var c checks
	v := videoValidator{c: &c}
	v.field("image_url", f, videoPNGOf(64, 64), true)
	if vs := Violations(c.err()); len(vs) != 1 || vs[0].Field != "image_url" {
		t.Errorf("size cap: %v", c.err())
	}
}

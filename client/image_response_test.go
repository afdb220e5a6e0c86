package client

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestImageResponseImages(t *testing.T) {
	t.Parallel()
	png, jpg := imageTinyPNG(t, imageRed), imageTinyJPEG(t)
	webp := imageTinyWebP()
	raw := `{"created":1,"output_format":"webp","data":[` +
		`{"b64_json":"` + imageB64(png) + `","revised_prompt":"a red square, flat"},` +
		`{"b64_json":"` + base64.RawStdEncoding.EncodeToString(jpg) + `"},` + // unpadded
		`{"b64_json":"` + imageB64(webp) + `"},` +
		`{"url":"https://img.example.test/x.png"},` +
		`{"b64_json":"` + imageB64([]byte("not an image at all")) + `"},` +
		`{"b64_json":"%%%not base64"},` +
		`{}` +
		`],"future_field":{"kept":true}}`
	var resp ImageResponse
	if err := json.Unmarshal([]byte(raw), &resp); err != nil {
		t.Fatal(err)
	}
	if string(resp.Raw) != raw {
		t.Error("Raw not kept by UnmarshalJSON")
	}
	imgs, err := resp.Images()
	if err == nil || !strings.Contains(err.Error(), "data[5].b64_json") || !strings.Contains(err.Error(), "data[6]") ||
		!strings.Contains(err.Error(), "data[4].b64_json: not a PNG, JPEG or WebP image") || !errors.Is(err, ErrNotImage) {
		t.Fatalf("err = %v", err)
	}
	want := []struct {
		index         int
		bytes         []byte
		format, ext   string
		url, revision string
	}{
		{0, png, "png", ".png", "", "a red square, flat"},
		{1, jpg, "jpeg", ".jpg", "", ""},
		{2, webp, "webp", ".webp", "", ""},
		{3, nil, "", "", "https://img.example.test/x.png", ""},
	}
	if len(imgs) != len(want) {
		t.Fatalf("got %d images, want %d", len(imgs), len(want))
	}
	for i, w := range want {
		g := imgs[i]
		if g.Index != w.index || !bytes.Equal(g.Bytes, w.bytes) || g.Format != w.format || g.Ext != w.ext ||
			g.URL != w.url || g.RevisedPrompt != w.revision {
			t.Errorf("image %d = %+v", i, g)
		}
	}
}

func TestImageDecodeB64(t *testing.T) {
	t.Parallel()
	png := imageTinyPNG(t, imageRed)
	b64 := imageB64(png)
	tests := []struct {
		name, in string
		limit    int
		want     []byte
		wantErr  string
	}{
		{"padded", b64, 1 << 20, png, ""},
		{"unpadded", strings.TrimRight(b64, "="), 1 << 20, png, ""},
		{"line breaks", b64[:10] + "\r\n" + b64[10:], 1 << 20, png, ""},
		{"data URI prefix", "data:image/png;base64," + b64, 1 << 20, png, ""},
		{"exactly the limit", imageB64(padded(png, 300)), 300, padded(png, 300), ""},
		{"over the limit after decode", imageB64(padded(png, 301)), 300, nil, "image limit (300 B) reached"},
		{"zeros", imageB64(make([]byte, 4096)), 1 << 20, nil, "not a PNG, JPEG or WebP image (it begins 00 00 00 00"},
		{"text", imageB64([]byte("<html><body>not found</body></html>")), 1 << 20, nil, "not a PNG, JPEG or WebP image"},
		{"a PNG signature, then nothing of a PNG", imageB64(padded([]byte("\x89PNG\r\n\x1a\n"), 64)), 1 << 20, nil, "unreadable png header"},
		{"a GIF, not a documented format", imageB64([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")), 1 << 20, nil, "not a PNG, JPEG or WebP image"},
		{"a JPEG signature, then no frame", imageB64(padded([]byte("\xff\xd8\xff\xe0"), 64)), 1 << 20, nil, "unreadable jpeg header"},
		{"a WebP of no known bitstream", imageB64(padded([]byte("RIFF\x20\x00\x00\x00WEBPVP9 "), 40)), 1 << 20, nil, "unreadable webp header"},
		{"a tiny WebP", imageB64(imageTinyWebP()), 1 << 20, imageTinyWebP(), ""},
		{"a JPEG", imageB64(imageTinyJPEG(t)), 1 << 20, imageTinyJPEG(t), ""},
		{"far over the limit refused before decode", strings.Repeat("A", 4000), 300, nil, "image limit (300 B) reached"},
		{"invalid", "!!!!", 1 << 20, nil, "invalid base64"},
		{"empty", "", 1 << 20, nil, "no image data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := imageDecodeB64(tt.in, tt.limit)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || !bytes.Equal(got, tt.want) {
				t.Fatalf("got %d bytes, err %v", len(got), err)
			}
		})
	}
}

// padded is b followed by zeros up to n bytes.
func padded(b []byte, n int) []byte { return append(bytes.Clone(b), make([]byte, n-len(b))...) }

// imageTinyWebP is the header of a 1×1 lossless WebP: what imageHeader
// reads of it.
func imageTinyWebP() []byte {
	return padded([]byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0a\x00\x00\x00\x2f"), 30)
}

func TestImageFormatOf(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		string(imageTinyPNG(t, imageRed)): "png",
		string(imageTinyJPEG(t)):          "jpeg",
		"RIFF\x00\x00\x00\x00WEBPVP8L":    "webp",
		"RIFF\x00\x00\x00\x00WAVEfmt ":    "",
		"GIF89a\x01\x00":                  "gif",
		"GIF87a":                          "gif",
		"\x89PNG":                         "",
		"":                                "",
	}
	for in, want := range tests {
		if got := ImageFormatOf([]byte(in)); got != want {
			t.Errorf("ImageFormatOf(%q) = %q, want %q", in[:min(len(in), 12)], got, want)
		}
	}
	exts := []struct{ format, media, want string }{
		{"png", "", ".png"}, {"jpeg", "", ".jpg"}, {"", "image/webp", ".webp"}, {"", "image/jpeg", ".jpg"},
		{"", "image/", ".bin"}, {"", "text/plain", ".bin"}, {"", "image/svg+xml", ".bin"},
	}
	for _, e := range exts {
		if got := imageExt(e.format, e.media); got != e.want {
			t.Errorf("imageExt(%q, %q) = %q, want %q", e.format, e.media, got, e.want)
		}
	}
}

func TestImageUsage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		raw                string
		input, output, sum int64
	}{
		{`{"input_tokens":50,"output_tokens":4160,"total_tokens":4210,"input_tokens_details":{"image_tokens":0}}`, 50, 4160, 4210},
		{`{"input_tokens":1.0,"output_tokens":"many","credits":3}`, 1, 0, 0},
		{`"free-form"`, 0, 0, 0},
		{`[1,2]`, 0, 0, 0},
		{`{"total_tokens":1e300}`, 0, 0, 1 << 62},
	}
	for _, tt := range tests {
		var u ImageUsage
		if err := json.Unmarshal([]byte(tt.raw), &u); err != nil {
			t.Fatalf("%s: %v", tt.raw, err)
		}
		if u.InputTokens != tt.input || u.OutputTokens != tt.output || u.TotalTokens != tt.sum {
			t.Errorf("%s: %+v", tt.raw, u)
		}
		out, err := json.Marshal(u)
		if err != nil || string(out) != tt.raw {
			t.Errorf("%s re-encoded as %s (%v)", tt.raw, out, err)
		}
	}
	out, _ := json.Marshal(ImageUsage{InputTokens: 1, OutputTokens: 2, TotalTokens: 3})
	if string(out) != `{"input_tokens":1,"output_tokens":2,"total_tokens":3}` {
		t.Errorf("typed usage encoded as %s", out)
	}
}

func TestImageRequestJSON(t *testing.T) {
	t.Parallel()
	out, err := json.Marshal(ImageRequest{Model: "m", Prompt: "p", PartialImages: imageIntPtr(0),
		OutputCompression: imageIntPtr(0), Extra: Extra{"prompt": "override", "user": "u"}})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"model":"m","output_compression":0,"partial_images":0,"prompt":"override","user":"u"}`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
	out, _ = json.Marshal(&ImageRequest{Model: "m", Prompt: "p"})
	if string(out) != `{"model":"m","prompt":"p"}` {
		t.Errorf("pointer encoded as %s", out)
	}
}

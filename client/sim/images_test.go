package sim

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

const (
	generationsPath = "/bypass/gamma/v1/images/generations"
	editsPath       = "/bypass/gamma/v1/images/edits"
)

func imageBody(extra map[string]any) map[string]any {
	b := map[string]any{"model": "gamma/image-2.5-flare", "prompt": "a lighthouse in fog"}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

// b64Image decodes base64 image data of the given format.
func b64Image(t *testing.T, b64, format string) (image.Image, []byte) {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	var img image.Image
	switch format {
	case "png":
		img, err = png.Decode(bytes.NewReader(raw))
	case "jpeg":
		img, err = jpeg.Decode(bytes.NewReader(raw))
	default:
		t.Fatalf("no decoder for %s", format)
	}
	if err != nil {
		t.Fatalf("decoding %s: %v", format, err)
	}
	return img, raw
}

func TestImageGenerations(t *testing.T) {
	_, srv := testSim(t, Options{})
	tests := []struct {
		extra  map[string]any
		format string
		w, h   int
		n      int
	}{
		{nil, "png", 1024, 1024, 1},
		{map[string]any{"size": "auto", "n": 2}, "png", 1024, 1024, 2},
		{map[string]any{"size": "1536x1024", "output_format": "jpeg", "output_compression": 60}, "jpeg", 1536, 1024, 1},
		{map[string]any{"size": "1024x1536", "quality": "xhigh"}, "png", 1024, 1536, 1},
		{map[string]any{"size": "256x256", "background": "transparent"}, "png", 256, 256, 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.extra), func(t *testing.T) {
			resp, raw := send(t, srv, http.MethodPost, generationsPath, imageBody(tt.extra))
			if resp.StatusCode != 200 {
				t.Fatalf("%d %s", resp.StatusCode, raw)
			}
			m := decodeJSON(t, raw)
			data := list(t, m, "data")
			if len(data) != tt.n || num(t, m, "created") == 0 || str(t, m, "output_format") != tt.format || str(t, m, "size") != fmt.Sprintf("%dx%d", tt.w, tt.h) {
				t.Fatalf("reply: %d images, %v %v %v", len(data), m["created"], m["output_format"], m["size"])
			}
			u := dig(t, m, "usage").(map[string]any)
			if num(t, u, "total_tokens") != num(t, u, "input_tokens")+num(t, u, "output_tokens") || num(t, u, "output_tokens") == 0 {
				t.Errorf("usage: %v", u)
			}
			var first string
			for i, d := range data {
				b64 := str(t, d.(map[string]any), "b64_json")
				img, _ := b64Image(t, b64, tt.format)
				if b := img.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
					t.Errorf("image %d is %v, want %dx%d", i, b, tt.w, tt.h)
				}
				if i == 0 {
					first = b64
				} else if b64 == first {
					t.Error("the n images are all the same")
				}
				if tt.extra["background"] == "transparent" && !hasTransparentPixel(img) {
					t.Error("transparent background has no transparent pixel")
				}
			}
		})
	}
}

func hasTransparentPixel(img image.Image) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			if _, _, _, a := img.At(x, y).RGBA(); a == 0 {
				return true
			}
		}
	}
	return false
}

func TestImageWebP(t *testing.T) {
	_, srv := testSim(t, Options{})
	_, raw := send(t, srv, http.MethodPost, generationsPath, imageBody(map[string]any{"size": "512x256", "output_format": "webp"}))
	b64 := str(t, list(t, decodeJSON(t, raw), "data")[0].(map[string]any), "b64_json")
	b, _ := base64.StdEncoding.DecodeString(b64)
	// A lossless WebP: RIFF header, WEBP, a VP8L chunk whose signature byte
	// 0x2f is followed by 14-bit width-1 and height-1.
	if len(b) < 25 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WEBP" || string(b[12:16]) != "VP8L" || b[20] != 0x2f {
		t.Fatalf("not a lossless WebP: % x", b[:min(len(b), 25)])
	}
	if int(binary.LittleEndian.Uint32(b[4:8])) != len(b)-8 {
		t.Error("RIFF size does not match")
	}
	bits := binary.LittleEndian.Uint32(b[21:25])
	if w, h := int(bits&0x3fff)+1, int(bits>>14&0x3fff)+1; w != 512 || h != 256 {
		t.Errorf("WebP is %dx%d, want 512x256", w, h)
	}
}

func TestImageStream(t *testing.T) {
	_, srv := testSim(t, Options{})
	body := imageBody(map[string]any{"size": "256x256", "n": 2, "partial_images": 2})
	_, raw := send(t, srv, http.MethodPost, generationsPath, body)
	plain := list(t, decodeJSON(t, raw), "data")
	evs := stream(t, srv, generationsPath, with(body, "stream", true))
	want := []string{"partial_image", "partial_image", "completed", "partial_image", "partial_image", "completed"}
	if len(evs) != len(want) {
		t.Fatalf("events %v", names(evs))
	}
	colours := 0
	for i, ev := range evs {
		d := ev.json(t)
		if ev.name != "image_generation."+want[i] || d["type"] != ev.name {
			t.Fatalf("event %d: %q type %v", i, ev.name, d["type"])
		}
		img, _ := b64Image(t, str(t, d, "b64_json"), "png")
		if b := img.Bounds(); b.Dx() != 256 || b.Dy() != 256 {
			t.Errorf("event %d image is %v", i, b)
		}
		n := distinctColours(img)
		switch want[i] {
		case "partial_image":
			if num(t, d, "partial_image_index") != i%3 {
				t.Errorf("partial_image_index %v at %d", d["partial_image_index"], i)
			}
			if i%3 > 0 && n <= colours {
				t.Errorf("partial %d is no more detailed than the one before (%d <= %d colours)", i, n, colours)
			}
		case "completed":
			if n <= colours {
				t.Errorf("final image is no more detailed than the partials")
			}
			if d["b64_json"] != plain[i/3].(map[string]any)["b64_json"] {
				t.Errorf("streamed image %d differs from the non-streamed one", i/3)
			}
			if num(t, d, "usage", "output_tokens") == 0 {
				t.Error("completed event without usage")
			}
		}
		colours = n
		if want[i] == "completed" {
			colours = 0
		}
	}
}

func distinctColours(img image.Image) int {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen)
}

func TestImageEditsJSON(t *testing.T) {
	_, srv := testSim(t, Options{})
	images := []any{map[string]any{"image_url": "https://example.org/a.png"}, map[string]any{"image_url": "data:image/png;base64,iVBORw0KGgo="}}
	body := imageBody(map[string]any{"size": "256x256", "images": images, "mask": map[string]any{"image_url": "https://example.org/m.png"}})
	resp, raw := send(t, srv, http.MethodPost, editsPath, body)
	if resp.StatusCode != 200 {
		t.Fatalf("%d %s", resp.StatusCode, raw)
	}
	m := decodeJSON(t, raw)
	b64Image(t, str(t, list(t, m, "data")[0].(map[string]any), "b64_json"), "png")
	if num(t, m, "usage", "input_tokens_details", "image_tokens") == 0 {
		t.Error("input images not counted")
	}
	evs := stream(t, srv, editsPath, with(with(body, "stream", true), "partial_images", 1))
	if len(evs) != 2 || evs[0].name != "image_edit.partial_image" || evs[1].name != "image_edit.completed" {
		t.Fatalf("edit stream: %v", names(evs))
	}
}

// multipartEdit builds a multipart edit body with the given image fields.
func multipartEdit(t *testing.T, fields map[string]string, files map[string]int) (string, []byte) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	for name, count := range files {
		for i := range count {
			w, err := mw.CreateFormFile(name, fmt.Sprintf("in%d.png", i))
			if err != nil {
				t.Fatal(err)
			}
			_ = png.Encode(w, image.NewRGBA(image.Rect(0, 0, 4, 4)))
		}
	}
	_ = mw.Close()
	return mw.FormDataContentType(), buf.Bytes()
}

func TestImageEditsMultipart(t *testing.T) {
	_, srv := testSim(t, Options{})
	fields := map[string]string{"model": "gamma/image-2", "prompt": "add a boat", "size": "256x256", "n": "1"}
	tests := []struct {
		files map[string]int
		want  int
	}{
		{map[string]int{"image": 1}, 200},
		{map[string]int{"image[]": 3, "mask": 1}, 200},
		{map[string]int{"image[]": 17}, 400},
		{map[string]int{"mask": 1}, 400},
	}
	for _, tt := range tests {
		ct, body := multipartEdit(t, fields, tt.files)
		resp, raw := send(t, srv, http.MethodPost, editsPath, body, "Content-Type", ct)
		if resp.StatusCode != tt.want {
			t.Errorf("%v: %d %s", tt.files, resp.StatusCode, raw)
		}
	}
	ct, body := multipartEdit(t, with2(fields, "n", "two"), map[string]int{"image": 1})
	if resp, raw := send(t, srv, http.MethodPost, editsPath, body, "Content-Type", ct); resp.StatusCode != 400 || !strings.Contains(string(raw), "n: must be an integer") {
		t.Errorf("n=two: %d %s", resp.StatusCode, raw)
	}
}

func with2(m map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for a, b := range m {
		if a != k {
			out[a] = b
		}
	}
	return out
}

func TestImageValidation(t *testing.T) {
	_, srv := testSim(t, Options{})
	sixteen := make([]any, 17)
	for i := range sixteen {
		sixteen[i] = map[string]any{"image_url": "https://example.org/a.png"}
	}
	tests := []struct {
		path  string
		body  map[string]any
		param string
	}{
		{generationsPath, imageBody(map[string]any{"model": "other"}), "model"},
		{generationsPath, imageBody(map[string]any{"prompt": ""}), "prompt"},
		{generationsPath, imageBody(map[string]any{"prompt": strings.Repeat("p", 32001)}), "prompt"},
		{generationsPath, imageBody(map[string]any{"n": 0}), "n"},
		{generationsPath, imageBody(map[string]any{"output_compression": 50}), "output_compression"},
		{generationsPath, imageBody(map[string]any{"output_format": "jpeg", "output_compression": 101}), "output_compression"},
		{generationsPath, imageBody(map[string]any{"model": "gamma/image-2", "quality": "xhigh"}), "quality"},
		{generationsPath, imageBody(map[string]any{"size": "1000x1000"}), "size"},
		{generationsPath, imageBody(map[string]any{"size": "3840x1024"}), "size"},
		{generationsPath, imageBody(map[string]any{"partial_images": -1}), "partial_images"},
		{generationsPath, imageBody(map[string]any{"background": "transparent", "output_format": "jpeg"}), "background"},
		{editsPath, imageBody(nil), "image"},
		{editsPath, imageBody(map[string]any{"images": sixteen}), "images"},
		{editsPath, imageBody(map[string]any{"images": []any{map[string]any{"image_url": "ftp://x"}}}), "images[0]"},
	}
	for _, tt := range tests {
		resp, raw := send(t, srv, http.MethodPost, tt.path, tt.body)
		m := decodeJSON(t, raw)
		if resp.StatusCode != 400 || str(t, m, "error", "param") != tt.param {
			t.Errorf("%s %v: %d %v", tt.path, tt.param, resp.StatusCode, m)
		}
	}
}

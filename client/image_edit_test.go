package client

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
)

func TestEditImagesJSON(t *testing.T) {
	t.Parallel()
	red, mask := imageTinyPNG(t, imageRed), imageTinyPNG(t, imageBlue)
	jpg := imageTinyJPEG(t)
	const remote = "https://img.example.test/cat.webp"
	dataURI := "data:image/png;base64," + imageB64(red)
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/edits", func(w http.ResponseWriter, r *http.Request) {
		imageCheckRequest(t, r, imageEditsPath)
		got := imageJSONBody(t, r)
		want := map[string]any{
			"model": "gamma/image-2.5-sunburst", "prompt": "make it blue", "quality": "max",
			"input_fidelity": "high",
			"images": []any{
				map[string]any{"image_url": "data:image/png;base64," + imageB64(red)},
				map[string]any{"image_url": "data:image/jpeg;base64," + imageB64(jpg)},
				map[string]any{"image_url": remote},
				map[string]any{"image_url": dataURI},
			},
			"mask": map[string]any{"image_url": "data:image/png;base64," + imageB64(mask)},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("body = %v\nwant   %v", got, want)
		}
		imageReplyJSON(w, red)
	})
	c, _ := newTestClient(t, mux)
	req := ImageEditRequest{
		ImageRequest: ImageRequest{Model: ImageModel25Sunburst, Prompt: "make it blue", Quality: "max",
			Extra: Extra{"input_fidelity": "high"}},
		Images: []ImageInput{ImageFromFile("red.png", red), ImageFromFile("photo", jpg),
			ImageFromURL(remote), ImageFromURL(dataURI)},
		Mask: &ImageInput{Data: mask},
	}
	resp, err := c.EditImages(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if imgs, err := resp.Images(); err != nil || !bytes.Equal(imgs[0].Bytes, red) {
		t.Errorf("images = %v, %v", imgs, err)
	}
}

// imageParts reads a multipart request: text fields, and file parts by field
// name in order.
type imagePart struct {
	field, filename, contentType string
	data                         []byte
}

func imageReadMultipart(t *testing.T, r *http.Request) (map[string][]string, []imagePart) {
	t.Helper()
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		t.Fatalf("Content-Type = %q", r.Header.Get("Content-Type"))
	}
	if err := r.ParseMultipartForm(32 << 20); err != nil {
		t.Fatal(err)
	}
	var files []imagePart
	for _, field := range []string{"image", "image[]", "mask"} {
		for _, fh := range r.MultipartForm.File[field] {
			f, err := fh.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(f)
			f.Close()
			files = append(files, imagePart{field, fh.Filename, fh.Header.Get("Content-Type"), b})
		}
	}
	return r.MultipartForm.Value, files
}

func TestEditImagesMultipart(t *testing.T) {
	t.Parallel()
	red, blue := imageTinyPNG(t, imageRed), imageTinyPNG(t, imageBlue)
	jpg := imageTinyJPEG(t)
	tests := []struct {
		name       string
		images     []ImageInput
		mask       *ImageInput
		wantFiles  []imagePart
		wantFields map[string][]string
	}{
		{name: "one image goes as image, with a mask",
			images: []ImageInput{ImageFromFile("red.png", red)},
			mask:   &ImageInput{Name: `m"1.png`, Data: blue},
			wantFiles: []imagePart{
				{"image", "red.png", "image/png", red},
				{"mask", `m"1.png`, "image/png", blue},
			}},
		{name: "several images go as image[] in order",
			images: []ImageInput{ImageFromFile("a.png", red), {Data: jpg},
				ImageFromURL("data:image/png;base64," + imageB64(blue)),
				{Name: "odd.bin", Data: red, ContentType: "image/x-test"}},
			wantFiles: []imagePart{
				{"image[]", "a.png", "image/png", red},
				{"image[]", "image-2.jpg", "image/jpeg", jpg},
				{"image[]", "image-3.png", "image/png", blue},
				{"image[]", "odd.bin", "image/x-test", red},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mux := http.NewServeMux()
			mux.HandleFunc("/bypass/gamma/v1/images/edits", func(w http.ResponseWriter, r *http.Request) {
				imageCheckRequest(t, r, imageEditsPath)
				fields, files := imageReadMultipart(t, r)
				wantFields := map[string][]string{
					"model": {"gamma/image-2.5-flare"}, "prompt": {"edit it"}, "n": {"3"},
					"output_format": {"jpeg"}, "output_compression": {"0"}, "size": {"1024x1536"},
					"background": {"opaque"}, "input_fidelity": {"high"}, "moderation": {"low"},
					"quality": {"xhigh"}, // Extra wins over the typed field
					"seed":    {"42"}, "options": {`{"a":true}`},
				}
				if !reflect.DeepEqual(fields, wantFields) {
					t.Errorf("fields = %v\nwant     %v", fields, wantFields)
				}
				if !reflect.DeepEqual(files, tt.wantFiles) {
					t.Errorf("files = %+v\nwant    %+v", files, tt.wantFiles)
				}
				imageReplyJSON(w, red)
			})
			c, _ := newTestClient(t, mux)
			_, err := c.EditImages(context.Background(), ImageEditRequest{
				ImageRequest: ImageRequest{Model: ImageModel25Flare, Prompt: "edit it", N: 3,
					OutputFormat: "jpeg", OutputCompression: imageIntPtr(0), Size: "1024x1536",
					Background: "opaque", Quality: "high",
					Extra: Extra{"input_fidelity": "high", "moderation": "low", "quality": "xhigh",
						"seed": 42, "options": map[string]bool{"a": true}, "dropped": nil}},
				Images: tt.images, Mask: tt.mask, Multipart: true,
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestEditImagesMultipartRetrySendsSameBody(t *testing.T) {
	t.Parallel()
	red := imageTinyPNG(t, imageRed)
	var calls atomic.Int32
	var bodies [2][]byte
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/edits", func(w http.ResponseWriter, r *http.Request) {
		n := calls.Add(1)
		bodies[n-1], _ = io.ReadAll(r.Body)
		if n == 1 {
			imageStatus(503, `{"error":{"message":"busy","type":"server_error"}}`, nil)(w)
			return
		}
		imageReplyJSON(w, red)
	})
	c, _ := newTestClient(t, mux)
	_, err := c.EditImages(context.Background(), ImageEditRequest{
		ImageRequest: ImageRequest{Model: ImageModel2, Prompt: "p"},
		Images:       []ImageInput{ImageFromFile("r.png", red)}, Multipart: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 2 || len(bodies[0]) == 0 || !bytes.Equal(bodies[0], bodies[1]) {
		t.Errorf("retry did not resend the same multipart body (calls %d)", calls.Load())
	}
	if !bytes.Contains(bodies[1], red) {
		t.Error("the image bytes are not in the body")
	}
}

func TestEditImagesMultipartRefusesURL(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, imageNoServer(t))
	_, err := c.EditImages(context.Background(), ImageEditRequest{
		ImageRequest: ImageRequest{Model: ImageModel2, Prompt: "p"},
		Images: []ImageInput{ImageFromFile("a.png", imageTinyPNG(t, imageRed)),
			ImageFromURL("https://img.example.test/b.png")},
		Multipart: true,
	})
	vs := Violations(err)
	if len(vs) != 1 || vs[0].Field != "images[1]" || !strings.Contains(vs[0].Rule, "multipart") {
		t.Fatalf("err = %v", err)
	}
	if !strings.HasPrefix(err.Error(), "edit images: ") {
		t.Errorf("not wrapped: %v", err)
	}
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Error("not a *ValidationError")
	}
}

func TestImageMultipartBodyParses(t *testing.T) {
	t.Parallel()
	// The body alone, read back with the standard reader: boundary and
	// headers are well formed even with awkward file names.
	red := imageTinyPNG(t, imageRed)
	body, ctype, err := imageMultipartBody(ImageEditRequest{
		ImageRequest: ImageRequest{Model: "m", Prompt: "line one\nline two", Stream: true, PartialImages: imageIntPtr(2)},
		Images:       []ImageInput{{Name: "a\\b\"c.png", Data: red}},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, params, _ := mime.ParseMediaType(ctype)
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	got := map[string]string{}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		if p.FormName() == "image" {
			if p.FileName() != "a\\b\"c.png" && p.FileName() != `b"c.png` {
				t.Errorf("filename = %q", p.FileName())
			}
			if !bytes.Equal(b, red) {
				t.Error("image bytes differ")
			}
			continue
		}
		got[p.FormName()] = string(b)
	}
	want := map[string]string{"model": "m", "prompt": "line one\nline two", "stream": "true", "partial_images": "2"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fields = %v, want %v", got, want)
	}
}

package client

import (
	"bytes"
	"context"
	"crypto/rand"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestStreamImagesFixture(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
		imageCheckGeneration(t, r, "text/event-stream", map[string]any{"model": "gamma/image-2", "prompt": "a red square",
			"stream": true, "partial_images": 2.0, "quality": "high"})
		imageWriteSSE(w, string(fixture(t, "gamma-images/generation-stream.sse")))
	})
	c, _ := newTestClient(t, mux)
	var acc ImageAccumulator
	var seen []string
	for ev, err := range c.StreamImages(context.Background(), ImageRequest{
		Model: ImageModel2, Prompt: "a red square", PartialImages: imageIntPtr(2), Quality: "high"}) {
		if err != nil {
			t.Fatal(err)
		}
		seen = append(seen, ev.Type)
		if err := acc.Add(ev); err != nil {
			t.Fatal(err)
		}
		if ev.Partial() {
			if p, _ := acc.LatestPartial(); p.PartialImageIndex != ev.PartialImageIndex {
				t.Errorf("latest partial = %d, want %d", p.PartialImageIndex, ev.PartialImageIndex)
			}
		}
	}
	want := []string{ImageGenerationPartial, ImageGenerationPartial, ImageGenerationCompleted}
	if !reflect.DeepEqual(seen, want) {
		t.Fatalf("events = %v, want %v", seen, want)
	}
	for i, name := range []string{"partial-0.png", "partial-1.png"} {
		p, ok := acc.Partial(i)
		if !ok {
			t.Fatalf("partial %d missing", i)
		}
		b, err := p.Decode()
		if err != nil || !bytes.Equal(b, fixture(t, "gamma-images/"+name)) {
			t.Errorf("partial %d does not decode to %s: %v", i, name, err)
		}
	}
	final := acc.Final()
	if !acc.Done() || len(final) != 1 {
		t.Fatalf("final = %d images", len(final))
	}
	if b, err := final[0].Decode(); err != nil || !bytes.Equal(b, fixture(t, "gamma-images/final.png")) {
		t.Errorf("final image does not decode to final.png: %v", err)
	}
	if u := acc.Usage(); u == nil || u.InputTokens != 50 || u.OutputTokens != 4160 || u.TotalTokens != 4210 {
		t.Errorf("usage = %+v", u)
	}
	resp := acc.Response()
	if resp.Created != 1767225603 || resp.Size != "1024x1024" || resp.Quality != "high" || len(resp.Data) != 1 {
		t.Errorf("response = %+v", resp)
	}
	var again ImageResponse
	if err := again.UnmarshalJSON(resp.Raw); err != nil || again.Data[0].B64JSON != final[0].B64JSON ||
		again.Usage.TotalTokens != 4210 {
		t.Errorf("Raw does not re-decode: %v", err)
	}
}

func TestStreamImageEditsFixture(t *testing.T) {
	t.Parallel()
	red := imageTinyPNG(t, imageRed)
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/edits", func(w http.ResponseWriter, r *http.Request) {
		imageCheckRequest(t, r, imageEditsPath)
		fields, files := imageReadMultipart(t, r)
		if fields["stream"][0] != "true" || fields["partial_images"][0] != "1" || len(files) != 1 ||
			files[0].field != "image" || !bytes.Equal(files[0].data, red) {
			t.Errorf("fields = %v, files = %+v", fields, files)
		}
		imageWriteSSE(w, string(fixture(t, "gamma-images/edit-stream.sse")))
	})
	c, _ := newTestClient(t, mux)
	evs, err := imageCollect(c.StreamImageEdits(context.Background(), ImageEditRequest{
		ImageRequest: ImageRequest{Model: ImageModel25Flare, Prompt: "blue", PartialImages: imageIntPtr(1),
			Background: "transparent", OutputFormat: "webp"},
		Images: []ImageInput{ImageFromFile("red.png", red)}, Multipart: true,
	}))
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || evs[0].Type != ImageEditPartial || evs[1].Type != ImageEditCompleted {
		t.Fatalf("events = %+v", evs)
	}
	if evs[1].Background != "transparent" || evs[1].OutputFormat != "webp" || evs[1].Size != "1536x1024" ||
		evs[1].Usage.TotalTokens != 1870 {
		t.Errorf("completed = %+v", evs[1])
	}
	if b, err := evs[1].Decode(); err != nil || !bytes.Equal(b, fixture(t, "gamma-images/edit-final.png")) {
		t.Errorf("edit image: %v", err)
	}
}

func TestStreamImagesSeveralCompleted(t *testing.T) {
	t.Parallel()
	red, blue := imageTinyPNG(t, imageRed), imageTinyPNG(t, imageBlue)
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
		imageWriteSSE(w,
			": keep-alive\n\n",
			imageFrame("ping", `{"type":"ping"}`),
			imageFrame("image_generation.progress", `{"type":"image_generation.progress","percent":40}`),
			imageCompletedFrame(red, 10),
			"data: "+imageCompletedFrame(blue, 20)[len("event: "+ImageGenerationCompleted+"\ndata: "):], // data-only
			"data: [DONE]\n\n")
	})
	c, _ := newTestClient(t, mux)
	var acc ImageAccumulator
	evs, err := imageCollect(c.StreamImages(context.Background(), ImageRequest{Model: ImageModel2, Prompt: "p", N: 2}))
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs {
		acc.Add(ev)
	}
	if len(evs) != 3 || evs[0].Type != "image_generation.progress" || !bytes.Contains(evs[0].Raw, []byte(`"percent":40`)) {
		t.Fatalf("unknown event not kept: %+v", evs)
	}
	final := acc.Final()
	if len(final) != 2 {
		t.Fatalf("final = %d", len(final))
	}
	imgs, err := acc.Response().Images()
	if err != nil || !bytes.Equal(imgs[0].Bytes, red) || !bytes.Equal(imgs[1].Bytes, blue) {
		t.Errorf("images in wrong order or undecodable: %v", err)
	}
	if acc.Usage().OutputTokens != 20 {
		t.Errorf("usage = %+v, want the last one", acc.Usage())
	}
}

func TestStreamImagesLargeEvent(t *testing.T) {
	t.Parallel()
	// ~12 MiB of image bytes: one data line of ~16 MiB of base64.
	img := make([]byte, 12<<20)
	rand.Read(img)
	copy(img, imageTinyPNG(t, imageRed)) // a header that decodes, then noise
	b64 := imageB64(img)
	mux := http.NewServeMux()
	mux.HandleFunc("/bypass/gamma/v1/images/generations", func(w http.ResponseWriter, r *http.Request) {
		imageWriteSSE(w, imageFrame(ImageGenerationPartial, `{"type":"image_generation.partial_image","partial_image_index":0,"b64_json":"`+b64+`"}`),
			imageCompletedFrame(img[:64], 1))
	})
	c, _ := newTestClient(t, mux)
	evs, err := imageCollect(c.StreamImages(context.Background(), ImageRequest{Model: ImageModel2, Prompt: "p", PartialImages: imageIntPtr(1)}))
	if err != nil {
		t.Fatal(err)
	}
	if len(evs[0].B64JSON) < 16<<20 {
		t.Fatalf("event is only %d bytes of base64", len(evs[0].B64JSON))
	}
	b, err := evs[0].Decode()
	if err != nil || !bytes.Equal(b, img) {
		t.Fatalf("large partial image did not decode: %v", err)
	}
	if ImageFormatOf(b) != "png" {
		t.Error("format not detected")
	}
}

func TestStreamImagesValidation(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, imageNoServer(t))
	_, err := imageCollect(c.StreamImages(context.Background(), ImageRequest{Model: ImageModel2, PartialImages: imageIntPtr(-1)}))
	vs := Violations(err)
	if len(vs) != 2 || vs[0].Field != "prompt" || vs[1].Field != "partial_images" {
		t.Fatalf("err = %v", err)
	}
	_, err = imageCollect(c.StreamImageEdits(context.Background(), ImageEditRequest{ImageRequest: ImageRequest{Model: ImageModel2, Prompt: "p"}}))
	if vs := Violations(err); len(vs) != 1 || vs[0].Field != "images" || !strings.HasPrefix(err.Error(), "stream image edits: ") {
		t.Fatalf("err = %v", err)
	}
}

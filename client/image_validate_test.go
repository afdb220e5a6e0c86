package client

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

func TestImageRequestValidate(t *testing.T) {
	t.Parallel()
	ok := func(r ImageRequest) ImageRequest {
		if r.Model == "" {
			r.Model = ImageModel2
		}
		if r.Prompt == "" {
			r.Prompt = "p"
		}
		return r
	}
	seventeen := make([]any, 17)
	for i := range seventeen {
		seventeen[i] = map[string]any{"image_url": "https://x.test/a.png"}
	}
	tests := []struct {
		name string
		req  ImageRequest
		want []string // violated fields, in order
	}{
		{"valid minimal", ok(ImageRequest{}), nil},
		{"valid full 2.5", ok(ImageRequest{Model: ImageModel25Sunburst, N: 4, Quality: "max", Background: "transparent",
			OutputFormat: "webp", OutputCompression: imageIntPtr(100), Size: "3840x2160", Stream: true, PartialImages: imageIntPtr(0)}), nil},
		{"missing model and prompt", ImageRequest{}, []string{"model", "prompt"}},
		{"prompt at the limit", ok(ImageRequest{Prompt: strings.Repeat("é", ImagePromptMaxChars)}), nil},
		{"prompt over the limit", ok(ImageRequest{Prompt: strings.Repeat("a", ImagePromptMaxChars+1)}), []string{"prompt"}},
		{"unknown model: no prompt limit, any quality, size, background", ImageRequest{Model: "gamma/other",
			Prompt: strings.Repeat("a", 40000), Quality: "ultra", Size: "7x9", Background: "checkered", OutputFormat: "avif"}, nil},
		{"negative n", ok(ImageRequest{N: -1}), []string{"n"}},
		{"compression out of range", ok(ImageRequest{OutputFormat: "jpeg", OutputCompression: imageIntPtr(101)}), []string{"output_compression"}},
		{"compression with png", ok(ImageRequest{OutputFormat: "png", OutputCompression: imageIntPtr(50)}), []string{"output_compression"}},
		{"compression without format (png by default)", ok(ImageRequest{OutputCompression: imageIntPtr(50)}), []string{"output_compression"}},
		{"compression on an unknown model still needs jpeg or webp", ImageRequest{Model: "x", Prompt: "p",
			OutputCompression: imageIntPtr(-1)}, []string{"output_compression", "output_compression"}},
		// partial_images: "Number of partial images during streaming; minimum 0" — no more.
		{"partial images without stream are the service's", ok(ImageRequest{PartialImages: imageIntPtr(2)}), nil},
		{"negative partial images", ok(ImageRequest{Stream: true, PartialImages: imageIntPtr(-1)}), []string{"partial_images"}},
		{"partial images above 3 left to the service", ok(ImageRequest{Stream: true, PartialImages: imageIntPtr(9)}), nil},
		{"xhigh is not an image-2 quality", ok(ImageRequest{Quality: "xhigh"}), []string{"quality"}},
		{"xhigh is a 2.5 quality", ok(ImageRequest{Model: ImageModel25Flare, Quality: "xhigh"}), nil},
		{"bad 2.5 background", ok(ImageRequest{Model: ImageModel25Flare, Background: "clear"}), []string{"background"}},
		{"image-2 background range not checked", ok(ImageRequest{Background: "clear"}), nil},
		// output_format: "range depends on model"; the interface ties no format to a background.
		{"transparent with jpeg is the service's", ok(ImageRequest{Model: ImageModel25Flare, Background: "transparent", OutputFormat: "jpeg"}), nil},
		{"any output format string", ok(ImageRequest{OutputFormat: "jpg"}), nil},
		{"output format a number", ok(ImageRequest{Extra: Extra{"output_format": 5}}), []string{"output_format"}},
		{"preset sizes", ok(ImageRequest{Size: "1536x1024"}), nil},
		{"custom size", ok(ImageRequest{Size: "2048x1152"}), nil},
		{"portrait at the pixel budget", ok(ImageRequest{Size: "2160x3840"}), nil},
		// size: "range depends on model": any string is the service's to judge.
		{"size not a multiple of 16 is the service's", ok(ImageRequest{Size: "1000x1000"}), nil},
		{"size too large is the service's", ok(ImageRequest{Size: "4096x1536"}), nil},
		{"size a number", ok(ImageRequest{Extra: Extra{"size": 1024}}), []string{"size"}},
		// Through Extra (--set, --body), the rules hold as they do for typed fields.
		{"quality ultra through extra", ok(ImageRequest{Extra: Extra{"quality": "ultra"}}), []string{"quality"}},
		{"output_compression 500 through extra", ok(ImageRequest{Extra: Extra{"output_format": "jpeg", "output_compression": 500}}),
			[]string{"output_compression"}},
		{"n 0 through extra", ok(ImageRequest{Extra: Extra{"n": 0}}), []string{"n"}},
		{"prompt a number through extra", ok(ImageRequest{Extra: Extra{"prompt": 2024}}), []string{"prompt"}},
		{"stream a string", ok(ImageRequest{Extra: Extra{"stream": "yes"}}), []string{"stream"}},
		{"17 images through extra for 2.5", ok(ImageRequest{Model: ImageModel25Flare, Extra: Extra{"images": seventeen}}), []string{"images"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := imageFields(tt.req.Validate()); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("violations = %v, want %v (%v)", got, tt.want, tt.req.Validate())
			}
		})
	}
}

func imageFields(err error) []string {
	var out []string
	for _, v := range Violations(err) {
		out = append(out, v.Field)
	}
	return out
}

func TestImageEditRequestValidate(t *testing.T) {
	t.Parallel()
	png, jpg := imageTinyPNG(t, imageRed), imageTinyJPEG(t)
	edit := func(model string, multipart bool, mask *ImageInput, in ...ImageInput) ImageEditRequest {
		return ImageEditRequest{ImageRequest: ImageRequest{Model: model, Prompt: "p"}, Images: in, Mask: mask, Multipart: multipart}
	}
	many := make([]ImageInput, 17)
	for i := range many {
		many[i] = ImageFromFile("", png)
	}
	tests := []struct {
		name string
		req  ImageEditRequest
		want []string
	}{
		{"file, url and data URI", edit(ImageModel2, false, nil, ImageFromFile("a", png), ImageFromURL("https://x.test/a.png"),
			ImageFromURL("data:image/webp;base64,"+imageB64(png))), nil},
		{"no images", edit(ImageModel2, false, nil), []string{"images"}},
		{"17 images for 2.5", edit(ImageModel25Flare, false, nil, many...), []string{"images"}},
		{"17 images for image-2 are not limited", edit(ImageModel2, false, nil, many...), nil},
		{"16 images for 2.5", edit(ImageModel25Flare, false, nil, many[:16]...), nil},
		{"empty input", edit(ImageModel2, false, nil, ImageInput{}), []string{"images[0]"}},
		{"both bytes and url", edit(ImageModel2, false, nil, ImageInput{Data: png, URL: "https://x.test/a.png"}), []string{"images[0]"}},
		{"bytes that are not an image", edit(ImageModel2, false, nil, ImageFromFile("a.txt", []byte("hello"))), []string{"images[0]"}},
		{"unknown bytes with a content type", edit(ImageModel2, false, nil, ImageInput{Data: []byte("hello"), ContentType: "image/heic"}), nil},
		{"ftp url", edit(ImageModel2, false, nil, ImageFromURL("ftp://x.test/a.png")), []string{"images[0]"}},
		{"relative url", edit(ImageModel2, false, nil, ImageFromURL("a.png")), []string{"images[0]"}},
		{"data URI not an image", edit(ImageModel2, false, nil, ImageFromURL("data:text/plain;base64,aGk=")), []string{"images[0]"}},
		{"data URI not base64", edit(ImageModel2, false, nil, ImageFromURL("data:image/png,abc")), []string{"images[0]"}},
		{"data URI bad base64", edit(ImageModel2, false, nil, ImageFromURL("data:image/png;base64,@@@")), []string{"images[0]"}},
		{"data URI empty", edit(ImageModel2, false, nil, ImageFromURL("data:image/png;base64,")), []string{"images[0]"}},
		{"multipart url refused", edit(ImageModel2, true, nil, ImageFromFile("a", png), ImageFromURL("https://x.test/a.png")), []string{"images[1]"}},
		{"multipart data URI accepted", edit(ImageModel2, true, nil, ImageFromURL("data:image/png;base64,"+imageB64(png))), nil},
		{"png mask", edit(ImageModel2, true, &ImageInput{Data: png}, ImageFromFile("a", png)), nil},
		// mask: "Optional mask image" — its format is the service's to judge.
		{"jpeg mask", edit(ImageModel2, false, &ImageInput{Data: jpg}, ImageFromFile("a", png)), nil},
		{"multipart url mask", edit(ImageModel2, true, &ImageInput{URL: "https://x.test/m.png"}, ImageFromFile("a", png)), []string{"mask"}},
		{"base rules still apply", ImageEditRequest{ImageRequest: ImageRequest{Model: ImageModel2, Quality: "max"},
			Images: []ImageInput{ImageFromFile("a", png)}}, []string{"prompt", "quality"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := imageFields(tt.req.Validate()); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("violations = %v, want %v (%v)", got, tt.want, tt.req.Validate())
			}
		})
	}
}

func TestImageValidationSendsNothing(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, imageNoServer(t))
	ctx := context.Background()
	_, err := c.GenerateImages(ctx, ImageRequest{Model: ImageModel2, Prompt: "p", N: -1, Extra: Extra{"quality": "ultra"}})
	if got := imageFields(err); !reflect.DeepEqual(got, []string{"n", "quality"}) ||
		!strings.HasPrefix(err.Error(), "generate images: ") {
		t.Fatalf("err = %v", err)
	}
	v := Violations(err)[1]
	if v.Value != "ultra" || !strings.Contains(v.Rule, "auto, low, medium, high") {
		t.Errorf("violation = %+v", v)
	}
	_, err = c.EditImages(ctx, ImageEditRequest{ImageRequest: ImageRequest{Model: ImageModel2, Prompt: "p"}})
	if got := imageFields(err); !reflect.DeepEqual(got, []string{"images"}) {
		t.Errorf("err = %v", err)
	}
}

func TestImageSpec(t *testing.T) {
	t.Parallel()
	if got := ImageModels(); !reflect.DeepEqual(got, []string{ImageModel2, ImageModel25Flare, ImageModel25Sunburst}) {
		t.Errorf("models = %v", got)
	}
	s, ok := ImageSpec(ImageModel25Flare)
	if !ok || s.MaxInputImages != 16 || len(s.Qualities) != 6 {
		t.Errorf("spec = %+v", s)
	}
	s.Qualities[0] = "changed"
	if again, _ := ImageSpec(ImageModel25Flare); again.Qualities[0] != "auto" {
		t.Error("ImageSpec shares its table with the caller")
	}
	if _, ok := ImageSpec("gamma/other"); ok {
		t.Error("unknown model reported as listed")
	}
}

package sim

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Image limits: the interface's prompt cap and edit image count, and the
// real protocol's caps on n, partial images and size (PROTOCOLS 4.1).
const (
	maxImagePrompt   = 32000
	maxImageN        = 10
	maxPartialImages = 3
	maxEditImages    = 16
	maxImageSide     = 3840
	maxImagePixels   = 3840 * 2160
)

var imageQualities = map[string][]string{
	"gamma/image-2":            {"auto", "low", "medium", "high"},
	"gamma/image-2.5-flare":    {"auto", "low", "medium", "high", "xhigh", "max"},
	"gamma/image-2.5-sunburst": {"auto", "low", "medium", "high", "xhigh", "max"},
}

// imageRequest is what the simulator reads of an image request (2.5, 2.7),
// from JSON or multipart alike.
type imageRequest struct {
	Model             string `json:"model"`
	Prompt            string `json:"prompt"`
	Background        string `json:"background"`
	N                 *int   `json:"n"`
	OutputFormat      string `json:"output_format"`
	OutputCompression *int   `json:"output_compression"`
	Quality           string `json:"quality"`
	Size              string `json:"size"`
	Stream            bool   `json:"stream"`
	PartialImages     *int   `json:"partial_images"`

	inputs []string // edit: one entry per input image (URL or file name)
	mask   bool
}

// images answers generations and edits.
func (c *call) images(edit bool) {
	req, vs := c.imageRequest(edit)
	if req == nil {
		return
	}
	vs = append(vs, req.validate(edit)...)
	if len(vs) > 0 {
		c.invalid(vs)
		return
	}
	job := imageJob{req: req, spec: req.spec(edit), kind: "image_generation", created: c.s.now().Unix()}
	if edit {
		job.kind = "image_edit"
	}
	n, parts := intOr(req.N, 1), intOr(req.PartialImages, 0)
	if req.Stream {
		per := parts + 1
		c.streamN(n*per, func(i int) sseEvent { return job.event(i/per, i%per, parts) })
		return
	}
	data := make([]any, 0, n)
	for i := range n {
		b64, err := job.render(i, parts, parts)
		if err != nil {
			c.fail(http.StatusInternalServerError, err.Error())
			return
		}
		data = append(data, map[string]any{"b64_json": b64})
	}
	out := with(with(job.meta(), "created", job.created), "data", data)
	c.reply(http.StatusOK, with(out, "usage", req.usage(job.spec, n)))
}

// imageJob renders the images of one request, one at a time.
type imageJob struct {
	req     *imageRequest
	spec    imageSpec
	kind    string // image_generation or image_edit
	created int64
}

// meta are the fields every reply and event repeats.
func (j imageJob) meta() map[string]any {
	return map[string]any{"size": fmt.Sprintf("%dx%d", j.spec.w, j.spec.h), "quality": j.req.quality(),
		"background": j.req.background(), "output_format": j.spec.format}
}

// render encodes stage k of image i as base64: stage parts is the final
// image; earlier stages draw fewer shapes and are pixelated, coarser first.
func (j imageJob) render(i, k, parts int) (string, error) {
	pat := newPattern(newPRNG("image", j.req.Prompt, strconv.Itoa(i)), j.spec.w, j.spec.h)
	detail, block := 1.0, 1
	if k < parts {
		detail, block = float64(k+1)/float64(parts+1), 4<<(parts-k)
	}
	b, err := encode(pat.render(j.spec, detail, block), j.spec)
	if err != nil {
		return "", fmt.Errorf("encoding the simulated image: %v", err)
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// event is stage k of image i as a stream event: a partial image, or the
// completed one with usage.
func (j imageJob) event(i, k, parts int) sseEvent {
	b64, err := j.render(i, k, parts)
	var l eventList
	switch {
	case err != nil:
		l.add("error", map[string]any{"type": "error", "error": map[string]any{"type": "server_error", "code": "image_generation_failed", "message": err.Error()}})
	case k < parts:
		typ := j.kind + ".partial_image"
		l.add(typ, with(with(with(with(j.meta(), "type", typ), "b64_json", b64), "partial_image_index", k), "created_at", j.created))
	default:
		typ := j.kind + ".completed"
		l.add(typ, with(with(with(with(j.meta(), "type", typ), "b64_json", b64), "created_at", j.created), "usage", j.req.usage(j.spec, 1)))
	}
	return l[0]
}

// validate checks the rules of 2.5, 2.7 and the Limits table.
func (q *imageRequest) validate(edit bool) []violation {
	var vs []violation
	add := func(field, msg string) { vs = append(vs, violation{field: field, msg: msg}) }
	qualities, known := imageQualities[q.Model]
	switch {
	case q.Model == "":
		add("model", "is required")
	case !known:
		add("model", fmt.Sprintf("must be gamma/image-2, gamma/image-2.5-flare or gamma/image-2.5-sunburst (got %q)", q.Model))
	}
	if q.Prompt == "" {
		add("prompt", "is required")
	} else if n := utf8.RuneCountInString(q.Prompt); n > maxImagePrompt {
		add("prompt", fmt.Sprintf("at most %d characters (got %d)", maxImagePrompt, n))
	}
	if q.N != nil && (*q.N < 1 || *q.N > maxImageN) {
		add("n", fmt.Sprintf("must be between 1 and %d (got %d)", maxImageN, *q.N))
	}
	if q.OutputFormat != "" && !oneOf(q.OutputFormat, "png", "jpeg", "webp") {
		add("output_format", fmt.Sprintf("must be png, jpeg or webp (got %q)", q.OutputFormat))
	}
	if c := q.OutputCompression; c != nil {
		if *c < 0 || *c > 100 {
			add("output_compression", fmt.Sprintf("must be between 0 and 100 (got %d)", *c))
		}
		if !oneOf(q.OutputFormat, "jpeg", "webp") {
			add("output_compression", "is only allowed when output_format is jpeg or webp")
		}
	}
	if q.Quality != "" && known && !oneOf(q.Quality, qualities...) {
		add("quality", fmt.Sprintf("must be one of %s for %s (got %q)", strings.Join(qualities, ", "), q.Model, q.Quality))
	}
	if q.Background != "" && !oneOf(q.Background, "auto", "transparent", "opaque") {
		add("background", fmt.Sprintf("must be auto, transparent or opaque (got %q)", q.Background))
	}
	if q.Background == "transparent" && q.OutputFormat == "jpeg" {
		add("background", "transparent needs output_format png or webp")
	}
	if _, _, err := parseImageSize(q.Size); err != nil {
		add("size", err.Error())
	}
	if p := q.PartialImages; p != nil && (*p < 0 || *p > maxPartialImages) {
		add("partial_images", fmt.Sprintf("must be between 0 and %d (got %d)", maxPartialImages, *p))
	}
	if edit && len(q.inputs) == 0 {
		add("image", "at least one input image is required")
	}
	if len(q.inputs) > maxEditImages {
		add("images", fmt.Sprintf("at most %d images (got %d)", maxEditImages, len(q.inputs)))
	}
	return vs
}

// parseImageSize reads "auto" (1024x1024) or WxH within the protocol's
// bounds: sides multiples of 16 up to 3840, aspect within 3:1, at most
// 3840x2160 pixels.
func parseImageSize(s string) (w, h int, err error) {
	if s == "" || s == "auto" {
		return 1024, 1024, nil
	}
	ws, hs, ok := strings.Cut(s, "x")
	w, errW := strconv.Atoi(ws)
	h, errH := strconv.Atoi(hs)
	switch {
	case !ok || errW != nil || errH != nil || w <= 0 || h <= 0:
		return 0, 0, fmt.Errorf("must be auto or WIDTHxHEIGHT, e.g. 1024x1024 (got %q)", s)
	case w%16 != 0 || h%16 != 0 || w > maxImageSide || h > maxImageSide:
		return 0, 0, fmt.Errorf("sides must be multiples of 16 up to %d (got %q)", maxImageSide, s)
	case w > 3*h || h > 3*w:
		return 0, 0, fmt.Errorf("aspect ratio must be within 3:1 (got %q)", s)
	case w*h > maxImagePixels:
		return 0, 0, fmt.Errorf("at most %d pixels (got %q)", maxImagePixels, s)
	}
	return w, h, nil
}

// spec resolves the request's defaults into what is rendered.
func (q *imageRequest) spec(edit bool) imageSpec {
	w, h, _ := parseImageSize(q.Size)
	s := imageSpec{w: w, h: h, transparent: q.Background == "transparent", edit: edit, format: or(q.OutputFormat, "png"), compression: 85}
	if q.OutputCompression != nil {
		s.compression = max(1, *q.OutputCompression)
	}
	return s
}

func (q *imageRequest) quality() string {
	if q.Quality == "" || q.Quality == "auto" {
		return "medium"
	}
	return q.Quality
}

func (q *imageRequest) background() string {
	if q.Background == "transparent" {
		return "transparent"
	}
	return "opaque"
}

// usage counts prompt and input image tokens in, image tokens out (more
// for higher quality and larger sizes).
func (q *imageRequest) usage(spec imageSpec, images int) map[string]any {
	perMegapixel := map[string]int{"low": 272, "medium": 1056, "high": 4160, "xhigh": 6240, "max": 8320}[q.quality()]
	out := images * perMegapixel * spec.w * spec.h / (1024 * 1024)
	text, img := countTokens(q.Prompt), 65*len(q.inputs)
	return map[string]any{
		"input_tokens": text + img, "input_tokens_details": map[string]any{"text_tokens": text, "image_tokens": img},
		"output_tokens": out, "output_tokens_details": map[string]any{"image_tokens": out, "text_tokens": 0},
		"total_tokens": text + img + out,
	}
}

func intOr(p *int, def int) int {
	if p != nil {
		return *p
	}
	return def
}

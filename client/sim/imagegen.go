package sim

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"

	"github.com/HugoSmits86/nativewebp"
)

// imageSpec is what one rendered image looks like on the wire.
type imageSpec struct {
	w, h        int
	transparent bool
	edit        bool   // edits get a frame, so they differ from generations
	format      string // png, jpeg or webp
	compression int    // jpeg quality, 1 to 100
}

// shape is a filled circle or rectangle of the pattern.
type shape struct {
	circle     bool
	x, y, a, b int // circle: centre and radius a; rectangle: corner and size a x b
	c          color.RGBA
}

// pattern is a deterministic picture: a diagonal gradient and shapes.
type pattern struct {
	from, to color.RGBA
	shapes   []shape
}

// newPattern derives a picture for one image of a prompt.
func newPattern(r *prng, w, h int) pattern {
	p := pattern{from: randomColor(r), to: randomColor(r)}
	for i := r.between(5, 8); i > 0; i-- {
		s := shape{circle: r.intn(2) == 0, x: r.intn(w), y: r.intn(h), c: randomColor(r)}
		s.a = max(2, r.between(w/16, w/5))
		s.b = max(2, r.between(h/16, h/4))
		p.shapes = append(p.shapes, s)
	}
	return p
}

func randomColor(r *prng) color.RGBA {
	return color.RGBA{uint8(r.intn(256)), uint8(r.intn(256)), uint8(r.intn(256)), 255}
}

// render draws the pattern; detail in [0, 1] says how many shapes are
// drawn, and block > 1 pixelates the result, for coarse partial images.
func (p pattern) render(spec imageSpec, detail float64, block int) *image.RGBA {
	w, h := spec.w, spec.h
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if !spec.transparent {
		den := 2 * w * h
		for y := 0; y < h; y++ {
			row := img.Pix[y*img.Stride:]
			for x := 0; x < w; x++ {
				t := x*h + y*w
				row[4*x] = lerp(p.from.R, p.to.R, t, den)
				row[4*x+1] = lerp(p.from.G, p.to.G, t, den)
				row[4*x+2] = lerp(p.from.B, p.to.B, t, den)
				row[4*x+3] = 255
			}
		}
	}
	n := int(detail*float64(len(p.shapes)) + 0.5)
	for _, s := range p.shapes[:n] {
		if s.circle {
			fillCircle(img, s.x, s.y, s.a, s.c)
		} else {
			fillRect(img, image.Rect(s.x, s.y, s.x+s.a, s.y+s.b), s.c)
		}
	}
	if spec.edit {
		frame := max(2, min(w, h)/40)
		fillRect(img, image.Rect(0, 0, w, frame), p.to)
		fillRect(img, image.Rect(0, h-frame, w, h), p.to)
		fillRect(img, image.Rect(0, 0, frame, h), p.to)
		fillRect(img, image.Rect(w-frame, 0, w, h), p.to)
	}
	if block > 1 {
		pixelate(img, block)
	}
	return img
}

func lerp(a, b uint8, t, den int) uint8 {
	return uint8((int(a)*(den-t) + int(b)*t) / den)
}

func fillRect(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[y*img.Stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = c.R, c.G, c.B, c.A
		}
	}
}

func fillCircle(img *image.RGBA, cx, cy, rad int, c color.RGBA) {
	for dy := -rad; dy <= rad; dy++ {
		half := 0
		for half*half+dy*dy <= rad*rad {
			half++
		}
		fillRect(img, image.Rect(cx-half+1, cy+dy, cx+half, cy+dy+1), c)
	}
}

// pixelate paints every block x block square with its top-left pixel.
func pixelate(img *image.RGBA, block int) {
	b := img.Rect
	for y := 0; y < b.Dy(); y++ {
		row := img.Pix[y*img.Stride:]
		src := img.Pix[(y/block*block)*img.Stride:]
		for x := 0; x < b.Dx(); x++ {
			sx := x / block * block
			copy(row[4*x:4*x+4], src[4*sx:4*sx+4])
		}
	}
}

// encode writes img in the spec's format.
func encode(img *image.RGBA, spec imageSpec) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch spec.format {
	case "jpeg":
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: spec.compression})
	case "webp":
		err = nativewebp.Encode(&buf, img, nil)
	default:
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		err = enc.Encode(&buf, img)
	}
	return buf.Bytes(), err
}

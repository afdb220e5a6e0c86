package imageview

import (
	"image"
)

// boxSample shrinks (or, by repeating pixels, enlarges) img to outW×outH by
// averaging each output pixel's rectangle of source pixels, and writes the
// result as premultiplied RGBA bytes into dst (grown as needed). Every source
// pixel is read once: rows are streamed into per-column accumulators, with
// one loop per concrete image type so the hot path makes no interface calls.
func boxSample(img image.Image, outW, outH int, dst []uint8) []uint8 {
	b := img.Bounds()
	xs := spans(b.Dx(), outW)
	ys := spans(b.Dy(), outH)
	n := outW * outH * 4
	if cap(dst) < n {
		dst = make([]uint8, n)
	}
	dst = dst[:n]
	acc := make([]uint64, outW*4)
	add := rowAdder(img, xs)
	for oy := range outH {
		clear(acc)
		y0, y1 := ys[oy], ys[oy+1]
		if y1 <= y0 {
			y1 = y0 + 1
		}
		for sy := y0; sy < y1; sy++ {
			add(acc, b.Min.Y+sy)
		}
		row := dst[oy*outW*4 : (oy+1)*outW*4]
		for ox := range outW {
			area := uint64(spanLen(xs, ox) * (y1 - y0))
			a := acc[ox*4 : ox*4+4]
			row[ox*4] = uint8(a[0] / area)
			row[ox*4+1] = uint8(a[1] / area)
			row[ox*4+2] = uint8(a[2] / area)
			row[ox*4+3] = uint8(a[3] / area)
		}
	}
	return dst
}

// spans splits src pixels into out runs: run i is [s[i], s[i+1]).
// When enlarging, a run may be empty; spanLen and the callers treat it as
// the one pixel at s[i].
func spans(src, out int) []int {
	s := make([]int, out+1)
	for i := range s {
		s[i] = i * src / out
	}
	return s
}

func spanLen(s []int, i int) int {
	return max(s[i+1]-s[i], 1)
}

// Shrink returns img scaled down by area averaging to fit within maxW×maxH,
// keeping its aspect ratio, as an *image.RGBA. An image that already fits is
// returned as it is.
func Shrink(img image.Image, maxW, maxH int) image.Image {
	b := img.Bounds()
	if b.Dx() <= maxW && b.Dy() <= maxH {
		return img
	}
	w, h := fitPixels(b.Dx(), b.Dy(), maxW, maxH)
	return &image.RGBA{Pix: boxSample(img, w, h, nil), Stride: w * 4, Rect: image.Rect(0, 0, w, h)}
}

// fitPixels scales w×h to the largest size within maxW×maxH with the same
// aspect ratio (at least 1×1).
func fitPixels(w, h, maxW, maxH int) (int, int) {
	if w <= 0 || h <= 0 || maxW <= 0 || maxH <= 0 {
		return 0, 0
	}
	if w*maxH <= h*maxW { // taller than the box: height decides
		return max(1, (w*maxH+h/2)/h), maxH
	}
	return maxW, max(1, (h*maxW+w/2)/w)
}

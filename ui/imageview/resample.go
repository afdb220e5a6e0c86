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

// maxRun is the most pixels summed in uint32 before moving the sums to the
// uint64 accumulators: 65536 × 255 × 255 still fits.
const maxRun = 1 << 16

// rowAdder returns a function adding source row y into the accumulators
// (four per output column). Colour sums are premultiplied by alpha and scaled
// to 0..255. (Averaging YCbCr before converting would be cheaper, but the
// clamping in the conversion makes saturated edges come out wrong.)
func rowAdder(img image.Image, xs []int) func(acc []uint64, y int) {
	b := img.Bounds()
	outW := len(xs) - 1
	switch m := img.(type) {
	case *image.RGBA:
		return func(acc []uint64, y int) {
			row := m.Pix[(y-m.Rect.Min.Y)*m.Stride:]
			for ox := range outW {
				x0 := xs[ox]
				x1 := max(xs[ox+1], x0+1)
				a := acc[ox*4 : ox*4+4 : ox*4+4]
				for c0 := x0; c0 < x1; c0 += maxRun {
					var r, g, bb, al uint32
					for px := row[c0*4 : min(x1, c0+maxRun)*4]; len(px) >= 4; px = px[4:] {
						r += uint32(px[0])
						g += uint32(px[1])
						bb += uint32(px[2])
						al += uint32(px[3])
					}
					a[0] += uint64(r)
					a[1] += uint64(g)
					a[2] += uint64(bb)
					a[3] += uint64(al)
				}
			}
		}
	case *image.NRGBA:
		return func(acc []uint64, y int) {
			row := m.Pix[(y-m.Rect.Min.Y)*m.Stride:]
			for ox := range outW {
				x0 := xs[ox]
				x1 := max(xs[ox+1], x0+1)
				a := acc[ox*4 : ox*4+4 : ox*4+4]
				for c0 := x0; c0 < x1; c0 += maxRun {
					var r, g, bb, al uint32
					for px := row[c0*4 : min(x1, c0+maxRun)*4]; len(px) >= 4; px = px[4:] {
						pa := uint32(px[3])
						r += uint32(px[0]) * pa
						g += uint32(px[1]) * pa
						bb += uint32(px[2]) * pa
						al += pa
					}
					a[0] += uint64(r / 255)
					a[1] += uint64(g / 255)
					a[2] += uint64(bb / 255)
					a[3] += uint64(al)
				}
			}
		}
	case *image.YCbCr:
		return yccAdder(m, xs)
	case *image.Gray:
		return func(acc []uint64, y int) {
			row := m.Pix[(y-m.Rect.Min.Y)*m.Stride:]
			for ox := range outW {
				x0 := xs[ox]
				x1 := max(xs[ox+1], x0+1)
				var s uint64
				for _, v := range row[x0:x1] {
					s += uint64(v)
				}
				a := acc[ox*4 : ox*4+4 : ox*4+4]
				a[0] += s
				a[1] += s
				a[2] += s
				a[3] += uint64(x1-x0) * 255
			}
		}
	case *image.Paletted:
		var pal [256][4]uint64
		for i, c := range m.Palette {
			r, g, bb, al := c.RGBA()
			pal[i] = [4]uint64{uint64(r >> 8), uint64(g >> 8), uint64(bb >> 8), uint64(al >> 8)}
		}
		return func(acc []uint64, y int) {
			row := m.Pix[(y-m.Rect.Min.Y)*m.Stride:]
			for ox := range outW {
				x0 := xs[ox]
				x1 := max(xs[ox+1], x0+1)
				a := acc[ox*4 : ox*4+4 : ox*4+4]
				for _, i := range row[x0:x1] {
					p := &pal[i]
					a[0] += p[0]
					a[1] += p[1]
					a[2] += p[2]
					a[3] += p[3]
				}
			}
		}
	}
	// Any other type (CMYK, 16-bit, ...) goes through the colour interfaces:
	// slower, but those are rare for the service's images.
	return func(acc []uint64, y int) {
		for ox := range outW {
			x0 := xs[ox]
			x1 := max(xs[ox+1], x0+1)
			a := acc[ox*4 : ox*4+4 : ox*4+4]
			for x := x0; x < x1; x++ {
				r, g, bb, al := img.At(b.Min.X+x, y).RGBA()
				a[0] += uint64(r >> 8)
				a[1] += uint64(g >> 8)
				a[2] += uint64(bb >> 8)
				a[3] += uint64(al >> 8)
			}
		}
	}
}

func yccAdder(m *image.YCbCr, xs []int) func(acc []uint64, y int) {
	outW := len(xs) - 1
	xShift, yShift := 0, 0
	switch m.SubsampleRatio {
	case image.YCbCrSubsampleRatio422:
		xShift = 1
	case image.YCbCrSubsampleRatio420:
		xShift, yShift = 1, 1
	case image.YCbCrSubsampleRatio440:
		yShift = 1
	case image.YCbCrSubsampleRatio411:
		xShift = 2
	case image.YCbCrSubsampleRatio410:
		xShift, yShift = 2, 1
	}
	minX, minY := m.Rect.Min.X, m.Rect.Min.Y
	return func(acc []uint64, y int) {
		yrow := m.Y[(y-minY)*m.YStride:]
		crow := (y>>yShift - minY>>yShift) * m.CStride
		cbase := minX >> xShift
		for ox := range outW {
			x0 := xs[ox]
			x1 := max(xs[ox+1], x0+1)
			var r, g, b uint64
			for x := x0; x < x1; x++ {
				// color.YCbCrToRGB, written out: the call is not inlined.
				ci := crow + (minX+x)>>xShift - cbase
				yy := int32(yrow[x]) * 0x10101
				cb1, cr1 := int32(m.Cb[ci])-128, int32(m.Cr[ci])-128
				r += uint64(clamp16(yy + 91881*cr1))
				g += uint64(clamp16(yy - 22554*cb1 - 46802*cr1))
				b += uint64(clamp16(yy + 116130*cb1))
			}
			a := acc[ox*4 : ox*4+4 : ox*4+4]
			a[0] += r
			a[1] += g
			a[2] += b
			a[3] += uint64(x1-x0) * 255
		}
	}
}

// clamp16 returns v>>16 clamped to 0..255, as color.YCbCrToRGB does.
func clamp16(v int32) uint32 {
	if uint32(v)&0xff000000 == 0 {
		return uint32(v >> 16)
	}
	return uint32(^(v >> 31)) & 0xff
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

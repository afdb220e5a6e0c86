package imageview

import "image"

// maxRun is the most pixels summed in uint32 before moving the sums to the
// uint64 accumulators: 65536 × 255 × 255 still fits.
const maxRun = 1 << 16

// rowFunc adds source row y (absolute) into the accumulators, four per
// output column, as premultiplied colour and alpha on a 0..255 scale.
type rowFunc func(acc []uint64, y int)

// rowAdder returns the rowFunc for img's concrete type, so the loops over
// pixels read the pixel slices directly instead of calling img.At.
func rowAdder(img image.Image, xs []int) rowFunc {
	switch m := img.(type) {
	case *image.RGBA:
		return rgbaRows(m, xs)
	case *image.NRGBA:
		return nrgbaRows(m, xs)
	case *image.YCbCr:
		return yccRows(m, xs)
	case *image.Gray:
		return grayRows(m, xs)
	case *image.Paletted:
		return palettedRows(m, xs)
	}
	return genericRows(img, xs)
}

// columns calls f with each output column's accumulators and its source
// span [x0, x1) (at least one pixel, repeated when enlarging).
func columns(acc []uint64, xs []int, f func(a []uint64, x0, x1 int)) {
	for ox := range len(xs) - 1 {
		x0 := xs[ox]
		f(acc[ox*4:ox*4+4:ox*4+4], x0, max(xs[ox+1], x0+1))
	}
}

func rgbaRows(m *image.RGBA, xs []int) rowFunc {
	return func(acc []uint64, y int) {
		row := m.Pix[(y-m.Rect.Min.Y)*m.Stride:]
		columns(acc, xs, func(a []uint64, x0, x1 int) {
			for c0 := x0; c0 < x1; c0 += maxRun {
				var r, g, b, al uint32
				for px := row[c0*4 : min(x1, c0+maxRun)*4]; len(px) >= 4; px = px[4:] {
					r += uint32(px[0])
					g += uint32(px[1])
					b += uint32(px[2])
					al += uint32(px[3])
				}
				a[0] += uint64(r)
				a[1] += uint64(g)
				a[2] += uint64(b)
				a[3] += uint64(al)
			}
		})
	}
}

func nrgbaRows(m *image.NRGBA, xs []int) rowFunc {
	return func(acc []uint64, y int) {
		row := m.Pix[(y-m.Rect.Min.Y)*m.Stride:]
		columns(acc, xs, func(a []uint64, x0, x1 int) {
			for c0 := x0; c0 < x1; c0 += maxRun {
				var r, g, b, al uint32
				for px := row[c0*4 : min(x1, c0+maxRun)*4]; len(px) >= 4; px = px[4:] {
					pa := uint32(px[3])
					r += uint32(px[0]) * pa
					g += uint32(px[1]) * pa
					b += uint32(px[2]) * pa
					al += pa
				}
				a[0] += uint64(r / 255)
				a[1] += uint64(g / 255)
				a[2] += uint64(b / 255)
				a[3] += uint64(al)
			}
		})
	}
}

// yccRows converts every pixel before summing. (Averaging Y, Cb and Cr
// first would be cheaper, but the clamping in the conversion makes
// saturated edges come out wrong.)
func yccRows(m *image.YCbCr, xs []int) rowFunc {
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
	cbs, crs := m.Cb, m.Cr
	return func(acc []uint64, y int) {
		yrow := m.Y[(y-minY)*m.YStride:]
		crow := (y>>yShift - minY>>yShift) * m.CStride
		cbase := minX >> xShift
		columns(acc, xs, func(a []uint64, x0, x1 int) {
			var r, g, b uint64
			for x := x0; x < x1; x++ {
				// color.YCbCrToRGB, written out: the call is not inlined.
				ci := crow + (minX+x)>>xShift - cbase
				yy := int32(yrow[x]) * 0x10101
				cb1, cr1 := int32(cbs[ci])-128, int32(crs[ci])-128
				r += uint64(clamp16(yy + 91881*cr1))
				g += uint64(clamp16(yy - 22554*cb1 - 46802*cr1))
				b += uint64(clamp16(yy + 116130*cb1))
			}
			a[0] += r
			a[1] += g
			a[2] += b
			a[3] += uint64(x1-x0) * 255
		})
	}
}

// clamp16 returns v>>16 clamped to 0..255, as color.YCbCrToRGB does.
func clamp16(v int32) uint32 {
	if uint32(v)&0xff000000 == 0 {
		return uint32(v >> 16)
	}
	return uint32(^(v >> 31)) & 0xff
}

func grayRows(m *image.Gray, xs []int) rowFunc {
	return func(acc []uint64, y int) {
		row := m.Pix[(y-m.Rect.Min.Y)*m.Stride:]
		columns(acc, xs, func(a []uint64, x0, x1 int) {
			var s uint64
			for _, v := range row[x0:x1] {
				s += uint64(v)
			}
			a[0] += s
			a[1] += s
			a[2] += s
			a[3] += uint64(x1-x0) * 255
		})
	}
}

func palettedRows(m *image.Paletted, xs []int) rowFunc {
	var pal [256][4]uint64
	for i, c := range m.Palette {
		r, g, b, al := c.RGBA()
		pal[i] = [4]uint64{uint64(r >> 8), uint64(g >> 8), uint64(b >> 8), uint64(al >> 8)}
	}
	return func(acc []uint64, y int) {
		row := m.Pix[(y-m.Rect.Min.Y)*m.Stride:]
		columns(acc, xs, func(a []uint64, x0, x1 int) {
			for _, i := range row[x0:x1] {
				p := &pal[i]
				a[0] += p[0]
				a[1] += p[1]
				a[2] += p[2]
				a[3] += p[3]
			}
		})
	}
}

// genericRows reads any other type (CMYK, 16-bit, ...) through the colour
// interfaces: slower, but those are rare for the service's images.
func genericRows(img image.Image, xs []int) rowFunc {
	minX := img.Bounds().Min.X
	return func(acc []uint64, y int) {
		columns(acc, xs, func(a []uint64, x0, x1 int) {
			for x := x0; x < x1; x++ {
				r, g, b, al := img.At(minX+x, y).RGBA()
				a[0] += uint64(r >> 8)
				a[1] += uint64(g >> 8)
				a[2] += uint64(b >> 8)
				a[3] += uint64(al >> 8)
			}
		})
	}
}

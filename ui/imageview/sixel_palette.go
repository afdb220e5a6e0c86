package imageview

import (
	"image"
	"slices"
)

// sixelMaxColors is the palette size every sixel terminal offers.
const sixelMaxColors = 256

// indexed is an image reduced to a palette: pix holds one palette index per
// pixel, row by row, or -1 for a transparent pixel.
type indexed struct {
	w, h int
	pal  [][3]uint8
	pix  []int16
}

// quantize reduces img to at most 256 colours by median cut over a 15-bit
// (5 bits a channel) histogram: boxes of colours are split at their
// weighted median along their longest side until there are 256, and each
// box becomes the mean colour of its pixels. Pixels less than half opaque
// become transparent.
func quantize(img image.Image) indexed {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	px := boxSample(img, w, h, nil) // a copy in premultiplied RGBA
	var q quantizer
	bins := make([]int32, w*h) // 15-bit bin per pixel, -1 if transparent
	for i := range bins {
		c, ok := visible(px[i*4 : i*4+4])
		if !ok {
			bins[i] = -1
			continue
		}
		bins[i] = q.add(c)
	}
	pal := q.palette()
	out := indexed{w: w, h: h, pal: pal, pix: make([]int16, w*h)}
	for i, bin := range bins {
		out.pix[i] = -1
		if bin >= 0 {
			out.pix[i] = int16(q.index[bin])
		}
	}
	return out
}

// quantizer holds the histogram: per 15-bit bin, a pixel count and channel
// sums (for the exact mean colour of each box).
type quantizer struct {
	count [1 << 15]uint32
	sum   [1 << 15][3]uint64
	index [1 << 15]uint8 // bin → palette entry, filled by palette
}

func (q *quantizer) add(c pen) int32 {
	r, g, b := uint8(c>>16), uint8(c>>8), uint8(c)
	bin := int32(r>>3)<<10 | int32(g>>3)<<5 | int32(b>>3)
	q.count[bin]++
	s := &q.sum[bin]
	s[0] += uint64(r)
	s[1] += uint64(g)
	s[2] += uint64(b)
	return bin
}

// colorBox is a run of a shared slice of histogram bins, with its longest
// side measured when it was made.
type colorBox struct {
	lo, hi     int
	axis, span int32
}

// newBox measures bins[lo:hi] on each axis.
func newBox(bins []int32, lo, hi int) colorBox {
	bx := colorBox{lo: lo, hi: hi}
	for axis := range int32(3) {
		mn, mx := int32(31), int32(0)
		for _, bin := range bins[lo:hi] {
			v := binChannel(bin, axis)
			mn, mx = min(mn, v), max(mx, v)
		}
		if mx-mn > bx.span {
			bx.axis, bx.span = axis, mx-mn
		}
	}
	return bx
}

func (q *quantizer) palette() [][3]uint8 {
	var bins []int32
	for i, n := range q.count {
		if n > 0 {
			bins = append(bins, int32(i))
		}
	}
	boxes := []colorBox{newBox(bins, 0, len(bins))}
	for len(boxes) < sixelMaxColors {
		i := widest(boxes)
		if i < 0 {
			break
		}
		lo, hi := q.split(bins, boxes[i])
		boxes[i] = lo
		boxes = append(boxes, hi)
	}
	pal := make([][3]uint8, 0, len(boxes))
	for _, bx := range boxes {
		var n uint64
		var s [3]uint64
		for _, bin := range bins[bx.lo:bx.hi] {
			n += uint64(q.count[bin])
			for c := range 3 {
				s[c] += q.sum[bin][c]
			}
			q.index[bin] = uint8(len(pal))
		}
		pal = append(pal, [3]uint8{uint8(s[0] / n), uint8(s[1] / n), uint8(s[2] / n)})
	}
	return pal
}

func binChannel(bin, axis int32) int32 {
	return bin >> (10 - 5*axis) & 31
}

// widest returns the box with the longest side, or -1 when every box is a
// single bin.
func widest(boxes []colorBox) int {
	best, bestSpan := -1, int32(0)
	for i, bx := range boxes {
		if bx.hi-bx.lo > 1 && (best < 0 || bx.span > bestSpan) {
			best, bestSpan = i, bx.span
		}
	}
	return best
}

// split sorts a box's bins along its longest side and cuts it where half
// its pixels fall on each side (never leaving a side empty).
func (q *quantizer) split(bins []int32, bx colorBox) (colorBox, colorBox) {
	s, axis := bins[bx.lo:bx.hi], bx.axis
	slices.SortFunc(s, func(a, b int32) int {
		if d := binChannel(a, axis) - binChannel(b, axis); d != 0 {
			return int(d)
		}
		return int(a - b)
	})
	var total uint64
	for _, bin := range s {
		total += uint64(q.count[bin])
	}
	var run uint64
	cut := len(s) - 1
	for i, bin := range s[:len(s)-1] {
		run += uint64(q.count[bin])
		if run*2 >= total {
			cut = i + 1
			break
		}
	}
	return newBox(bins, bx.lo, bx.lo+cut), newBox(bins, bx.lo+cut, bx.hi)
}

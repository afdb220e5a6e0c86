package imageview

import "strconv"

// A terminal with 16 colours shows a picture's soft colours as the nearest
// of them: a pastel image came out saturated red and magenta, with stray
// specks where a pixel fell just past the middle between two. Dithered
// (Floyd–Steinberg: each pixel's error shared among the pixels right and
// below), its cells mix the 16 colours so that each area keeps its mean
// colour.

// ansi16 are the 16 ANSI colours as xterm shows them by default (the
// terminal does not say its own).
var ansi16 = [16][3]int{
	{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0},
	{0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
	{127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0},
	{92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
}

// nearest16 is the index of the ANSI colour nearest to r, g, b.
func nearest16(r, g, b int) int {
	best, bestD := 0, -1
	for i, c := range ansi16 {
		d := sq(c[0]-r) + sq(c[1]-g) + sq(c[2]-b)
		if bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// dither16 turns the opaque pixels of a w×h premultiplied RGBA buffer (as
// boxSample makes) into ANSI colours, in place, diffusing each pixel's
// error to its neighbours; pixels less than half opaque (which half blocks
// leave to the terminal) neither take nor give any. Rows go each way in
// turn (serpentine), and error that would fall past the image's side goes
// below instead, so that no side drifts from the mean.
func dither16(px []uint8, w, h int) {
	// The error carried to this row and the next, per pixel and channel,
	// in 1/16ths; one spare pixel each side.
	cur, next := make([]int, 3*(w+2)), make([]int, 3*(w+2))
	for y := range h {
		step, x0 := 1, 0
		if y%2 == 1 {
			step, x0 = -1, w-1
		}
		for i, x := 0, x0; i < w; i, x = i+1, x+step {
			p := px[(y*w+x)*4:]
			c, ok := visible(p)
			if !ok {
				continue
			}
			// The colour wanted, with the error carried here, out of
			// range as it may be: clamped, a colour at the palette's
			// edge (a pastel) would keep choosing the same grey.
			var want [3]int
			for ch, v := range [3]int{int(c >> 16 & 0xff), int(c >> 8 & 0xff), int(c & 0xff)} {
				want[ch] = v + cur[3*(x+1)+ch]/16
			}
			got := ansi16[nearest16(want[0], want[1], want[2])]
			ahead, behind := x+1+step, x+1-step // in the carried rows
			edge := i == w-1
			for ch := range 3 {
				e := want[ch] - got[ch]
				if edge {
					next[3*(x+1)+ch] += 12 * e // 7 ahead and 5 below, all below
				} else {
					cur[3*ahead+ch] += 7 * e
					next[3*(x+1)+ch] += 5 * e
					next[3*ahead+ch] += e
				}
				next[3*behind+ch] += 3 * e
			}
			// Stored straight and opaque: visible reads it back as is.
			p[0], p[1], p[2], p[3] = uint8(got[0]), uint8(got[1]), uint8(got[2]), 255
		}
		cur, next = next, cur
		clear(next)
	}
}

// ansi16SGR selects one of the 16 ANSI colours (30–37, 90–97; 40–47,
// 100–107): the pixel's own when dither16 made it one, else the nearest.
func ansi16SGR(b []byte, fg bool, r, g, bb uint8) []byte {
	c := nearest16(int(r), int(g), int(bb))
	base := 30
	if !fg {
		base = 40
	}
	if c >= 8 {
		base, c = base+60, c-8
	}
	return strconv.AppendInt(b, int64(base+c), 10)
}

package imageview

import (
	"image"
	"strconv"
)

// Sixel returns img as a sixel image: DCS q, raster attributes (square
// pixels), a palette of at most 256 colours from median cut, the pixels in
// bands of six rows with run-length encoding, then ST. Pixels less than half
// opaque are left unpainted (P2=1), so the background shows through.
// The image is sent at its own size: shrink it to the screen first (Shrink).
// Encoding takes milliseconds for large images: run it from a tea.Cmd.
func Sixel(img image.Image) string {
	q := quantize(img)
	out := make([]byte, 0, 64+len(q.pal)*20+q.w*q.h/2)
	out = append(out, "\x1bP0;1;0q\"1;1;"...)
	out = strconv.AppendInt(out, int64(q.w), 10)
	out = append(out, ';')
	out = strconv.AppendInt(out, int64(q.h), 10)
	for i, c := range q.pal {
		out = append(out, '#')
		out = strconv.AppendInt(out, int64(i), 10)
		out = append(out, ";2;"...)
		for j, v := range c {
			if j > 0 {
				out = append(out, ';')
			}
			out = strconv.AppendInt(out, int64((int(v)*100+127)/255), 10)
		}
	}
	out = appendSixelBands(out, q)
	out = append(out, "\x1b\\"...)
	return string(out)
}

// appendSixelBands writes the pixels six rows at a time: for each colour
// present in a band, a row of sixel characters (63 + six bits, one per row,
// top bit first from the least significant) then "$" to return to the band's
// start; "-" moves to the next band.
func appendSixelBands(out []byte, q indexed) []byte {
	bits := make([][]byte, len(q.pal)) // per colour, one byte per column
	inBand := make([]bool, len(q.pal))
	var used []int
	for y0 := 0; y0 < q.h; y0 += 6 {
		used = used[:0]
		for r := 0; r < 6 && y0+r < q.h; r++ {
			row := q.pix[(y0+r)*q.w : (y0+r+1)*q.w]
			for x, c := range row {
				if c < 0 {
					continue
				}
				if !inBand[c] {
					inBand[c] = true
					used = append(used, int(c))
					if bits[c] == nil {
						bits[c] = make([]byte, q.w)
					}
				}
				bits[c][x] |= 1 << r
			}
		}
		if y0 > 0 {
			out = append(out, '-')
		}
		for i, c := range used {
			if i > 0 {
				out = append(out, '$')
			}
			out = append(out, '#')
			out = strconv.AppendInt(out, int64(c), 10)
			out = appendSixelRow(out, bits[c])
			clear(bits[c])
			inBand[c] = false
		}
	}
	return out
}

// appendSixelRow run-length encodes one colour's row of a band, dropping the
// trailing empty columns ("!n" repeats the next character n times).
func appendSixelRow(out []byte, row []byte) []byte {
	end := len(row)
	for end > 0 && row[end-1] == 0 {
		end--
	}
	for i := 0; i < end; {
		j := i + 1
		for j < end && row[j] == row[i] {
			j++
		}
		ch := 63 + row[i]
		if n := j - i; n > 3 {
			out = append(out, '!')
			out = strconv.AppendInt(out, int64(n), 10)
			out = append(out, ch)
		} else {
			for range n {
				out = append(out, ch)
			}
		}
		i = j
	}
	return out
}

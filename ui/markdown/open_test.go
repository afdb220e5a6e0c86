package markdown

import (
	"testing"
)

// TestOpenBlockRendersWhatChanged streams each costly shape, a frame every
// 256 bytes, and counts the bytes given to glamour: a frame must render
// what arrived and a bounded tail, not the block from its start, so the
// total stays a small multiple of the reply (rendering the open block whole
// at each frame gives some 40 times a 20 KB reply).
func TestOpenBlockRendersWhatChanged(t *testing.T) {
	for _, shape := range shapes {
		text := genShape(shape, 20_000)
		var srcs []string
		r := counting(116, &srcs)
		for i := 0; i < len(text); i += 256 {
			r.Append(text[i:min(i+256, len(text))])
			r.Lines()
		}
		total := 0
		for _, s := range srcs {
			total += len(s)
		}
		if ratio := float64(total) / float64(len(text)); ratio > 4 {
			t.Errorf("%s: rendered %.1f times the reply's bytes in %d renders", shape, ratio, len(srcs))
		} else {
			t.Logf("%s: rendered %.1f times the reply's bytes in %d renders", shape, ratio, len(srcs))
		}
	}
}

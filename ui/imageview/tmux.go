package imageview

import "strings"

// TmuxPassthrough wraps one escape sequence in tmux's passthrough
// (ESC P tmux; … ESC \, every ESC inside doubled) so tmux hands it to the
// outer terminal instead of swallowing it. tmux needs `set -g
// allow-passthrough on` (off by default since 3.3) and drops a sequence
// longer than its input buffer, so wrap each kitty chunk on its own.
//
// x/ansi has the same function; this one sizes its buffer up front, which
// makes wrapping a 4 KiB kitty chunk about 3× faster with a quarter of the
// garbage (BenchmarkTmuxPassthrough), for images sent through tmux.
func TmuxPassthrough(seq string) string {
	var b strings.Builder
	b.Grow(len(seq) + len(seq)/64 + 10)
	b.WriteString("\x1bPtmux;")
	for i := range len(seq) {
		if seq[i] == '\x1b' {
			b.WriteByte('\x1b')
		}
		b.WriteByte(seq[i])
	}
	b.WriteString("\x1b\\")
	return b.String()
}

package limits

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// Growth of ReadAll's pieces: the first is small (most bodies are), the
// later ones larger, up to maxPiece.
const (
	firstPiece = 32 * KiB
	maxPiece   = 4 * MiB
)

// ReadAll reads r to its end, holding at most max bytes: a reader with more
// stops with an *Error naming limit, and nothing more is read. hint is the
// size the source announced (Content-Length, a file's size) or -1; a hint
// over max is refused before anything is read.
//
// Memory is taken in pieces rather than by doubling one buffer, so that a
// source cut off at the limit has cost the limit and no more; a hint that
// turns out true costs one allocation of exactly its size.
func ReadAll(r io.Reader, max int64, limit string, hint int64) ([]byte, error) {
	if hint > max {
		return nil, Over(limit, max, fmt.Sprintf("%s announced", Size(hint)))
	}
	var pieces [][]byte
	var total int64
	size := int64(firstPiece)
	if hint >= 0 {
		size = hint + 1 // one more byte to see the end without a second piece
	}
	for {
		size = min(size, max+1-total)
		p := make([]byte, size)
		n, err := io.ReadFull(r, p)
		pieces = append(pieces, p[:n])
		total += int64(n)
		if total > max {
			return nil, Over(limit, max, "stopped reading there")
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return join(pieces, total), nil
		}
		if err != nil {
			return nil, err
		}
		size = min(2*size, maxPiece)
	}
}

// join returns the pieces as one slice; a single piece is returned as is.
// Pieces of more than maxPiece in all are handed back to the system once
// copied: the heap they leave is as large as the slice made of them, and
// the reply decoded next (a base64 image's string, say) would otherwise be
// taken beside it, a third copy resident at once.
func join(pieces [][]byte, total int64) []byte {
	if len(pieces) == 1 {
		return pieces[0]
	}
	out := make([]byte, 0, total)
	for _, p := range pieces {
		out = append(out, p...)
	}
	if total > maxPiece {
		clear(pieces) // the caller's slice too: nothing holds them now
		debug.FreeOSMemory()
	}
	return out
}

// ReadFile reads the file at path, refusing one of more than max bytes
// (by its size when the system knows it, else as it is read: /dev/zero or
// a pipe end there too).
func ReadFile(path string, max int64, limit string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	hint := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		hint = st.Size()
	}
	return ReadAll(f, max, limit, hint)
}

package sse

import "sync"

// A line longer than the read buffer (a partial image of megabytes) is kept
// as a list of pieces while it arrives and joined once, into a buffer of
// exactly its length, when its end is found. Doubling one buffer instead
// would allocate up to four times the line (the last buffer up to twice
// the line, and all the smaller ones before it); pieces and one join cost
// twice the line at most, and the pieces come from pools shared by every
// decoder, so a stream of large events, or many streams, reuse them.

// Piece sizes: the first pieces are small (a line of 40 KB should not cost
// a megabyte), later ones larger, up to maxPieceShift.
const (
	minPieceShift = 16 // 64 KiB
	maxPieceShift = 18 // 256 KiB: a last piece wastes little
)

var piecePools [maxPieceShift - minPieceShift + 1]sync.Pool

// pooledPieces is how many pieces of one line go back to the pools (some
// 4 MiB): the pieces of a larger line are left to the collector, as pools
// hold what they are given until two collections have passed, and a 40 MiB
// image event's would stay live beside the event itself.
const pooledPieces = 18

// longLine is a line being gathered in pieces.
type longLine struct {
	pieces []*[]byte // each full but the last; pointers, as the pools hold them
	n      int       // bytes held
}

// add appends b, taking pieces from the pools as needed.
func (l *longLine) add(b []byte) {
	l.n += len(b)
	for len(b) > 0 {
		if k := len(l.pieces); k == 0 || len(*l.pieces[k-1]) == cap(*l.pieces[k-1]) {
			l.pieces = append(l.pieces, getPiece(len(l.pieces)))
		}
		last := l.pieces[len(l.pieces)-1]
		m := copy((*last)[len(*last):cap(*last)], b)
		*last = (*last)[:len(*last)+m]
		b = b[m:]
	}
}

// join appends the pieces and then tail to dst[:0], growing dst to the
// exact length if it must, and gives the pieces back.
func (l *longLine) join(dst, tail []byte) []byte {
	if need := l.n + len(tail); cap(dst) < need {
		dst = make([]byte, 0, need)
	}
	dst = dst[:0]
	for _, p := range l.pieces {
		dst = append(dst, *p...)
	}
	l.release()
	return append(dst, tail...)
}

// release gives the pieces back to their pools, the first pooledPieces.
func (l *longLine) release() {
	for i, p := range l.pieces[:min(len(l.pieces), pooledPieces)] {
		putPiece(p, i)
	}
	clear(l.pieces)
	l.pieces, l.n = l.pieces[:0], 0
}

// pieceShift is the size (as a power of two) of the i-th piece of a line.
func pieceShift(i int) int { return min(minPieceShift+i, maxPieceShift) }

func getPiece(i int) *[]byte {
	s := pieceShift(i)
	if p, ok := piecePools[s-minPieceShift].Get().(*[]byte); ok {
		*p = (*p)[:0]
		return p
	}
	p := make([]byte, 0, 1<<s)
	return &p
}

func putPiece(p *[]byte, i int) {
	piecePools[pieceShift(i)-minPieceShift].Put(p)
}

// Package diff compares two replies word by word: which words one has that
// the other lacks, as aligned runs that a screen or the command line marks.
// It does no I/O and knows nothing of the screens that use it.
//
// The difference itself is computed by github.com/sergi/go-diff (Myers'
// algorithm in linear space with a time limit, and its semantic clean-up)
// over words rather than characters: each distinct token becomes one
// symbol, the symbols are diffed, and the result is mapped back. A diff by
// hand would be as short for small inputs, but Myers' O(ND) needs the
// linear-space refinement and a deadline to stay within a frame's budget on
// two long, unrelated replies, which go-diff has and is tested for.
package diff

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Op says which side a run belongs to.
type Op int8

const (
	Equal  Op = iota // in both
	Delete           // only in the first (left) text
	Insert           // only in the second (right) text
)

// Run is a stretch of text with one Op.
type Run struct {
	Op   Op
	Text string
}

// Timeout bounds the search for the shortest diff; past it the diff is
// still correct but coarser (a long stretch marked changed as a whole).
const Timeout = 100 * time.Millisecond

// Words diffs a and b by words: the runs, read in order, spell a when the
// Insert runs are skipped and b when the Delete runs are. Where both texts
// changed at one place, the Delete run comes before the Insert run. The
// search for the shortest diff stops after Timeout.
func Words(a, b string) []Run { return WordsWithin(a, b, Timeout) }

// WordsWithin is Words with its own time limit; 0 means none, for when the
// finest diff matters more than the time.
func WordsWithin(a, b string, limit time.Duration) []Run {
	ta, tb := Tokens(a), Tokens(b)
	symbols := map[string]rune{}
	var table []string
	encode := func(toks []string) []rune {
		out := make([]rune, len(toks))
		for i, t := range toks {
			r, ok := symbols[t]
			if !ok && len(table) == maxSymbols {
				return nil
			}
			if !ok {
				r = symbolFor(len(table))
				symbols[t] = r
				table = append(table, t)
			}
			out[i] = r
		}
		return out
	}
	ra, rb := encode(ta), encode(tb)
	if (ra == nil && len(ta) > 0) || (rb == nil && len(tb) > 0) {
		// More distinct words than symbols: all changed, still exact.
		return appendRun(appendRun(nil, Run{Delete, a}), Run{Insert, b})
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = limit
	diffs := dmp.DiffCleanupSemantic(dmp.DiffMainRunes(ra, rb, false))
	index := make(map[rune]int, len(table))
	for i := range table {
		index[symbolFor(i)] = i
	}
	var runs []Run
	for _, d := range diffs {
		op := Equal
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			op = Delete
		case diffmatchpatch.DiffInsert:
			op = Insert
		}
		var sb strings.Builder
		for _, r := range d.Text {
			sb.WriteString(table[index[r]])
		}
		runs = appendRun(runs, Run{op, sb.String()})
	}
	return order(runs)
}

// maxSymbols is how many distinct tokens fit in the runes symbolFor uses.
const maxSymbols = utf8.MaxRune - 0x800

// symbolFor is the symbol of the i-th distinct token: any valid rune will
// do, surrogates excepted (go-diff turns runes into UTF-8 on the way).
func symbolFor(i int) rune {
	r := rune(i + 1)
	if r >= 0xD800 {
		r += 0x800
	}
	return r
}

// appendRun adds r, merging it into the last run when they have one Op.
func appendRun(runs []Run, r Run) []Run {
	if r.Text == "" {
		return runs
	}
	if n := len(runs); n > 0 && runs[n-1].Op == r.Op {
		runs[n-1].Text += r.Text
		return runs
	}
	return append(runs, r)
}

// order puts each Delete before the Insert it sits beside, merging runs
// that then meet, so that a changed place reads "old, then new".
func order(runs []Run) []Run {
	var out []Run
	for i := 0; i < len(runs); {
		if runs[i].Op == Equal {
			out = appendRun(out, runs[i])
			i++
			continue
		}
		var del, ins strings.Builder
		for ; i < len(runs) && runs[i].Op != Equal; i++ {
			if runs[i].Op == Delete {
				del.WriteString(runs[i].Text)
			} else {
				ins.WriteString(runs[i].Text)
			}
		}
		out = appendRun(out, Run{Delete, del.String()})
		out = appendRun(out, Run{Insert, ins.String()})
	}
	return out
}

// Left is the first text again, from its diff.
func Left(runs []Run) string { return side(runs, Insert) }

// Right is the second text again, from its diff.
func Right(runs []Run) string { return side(runs, Delete) }

func side(runs []Run, skip Op) string {
	var sb strings.Builder
	for _, r := range runs {
		if r.Op != skip {
			sb.WriteString(r.Text)
		}
	}
	return sb.String()
}

// Tokens splits s into words (letters, digits and marks), runs of spaces,
// single line breaks and runs of other characters (punctuation, symbols):
// the units that are marked as changed. Joined, they are s.
func Tokens(s string) []string {
	var out []string
	start, prev := 0, -1
	for i, r := range s {
		c := class(r)
		if i > start && (c != prev || c == classBreak) {
			out = append(out, s[start:i])
			start = i
		}
		prev = c
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

const (
	classWord = iota
	classSpace
	classBreak
	classOther
)

func class(r rune) int {
	switch {
	case r == '\n':
		return classBreak
	case r == utf8.RuneError:
		return classOther
	case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '_':
		return classWord
	case unicode.IsSpace(r):
		return classSpace
	}
	return classOther
}

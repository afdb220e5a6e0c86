package markdown

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// complete drops an incomplete UTF-8 sequence from the end of b: the rest of
// the character is still on its way.
func complete(b []byte) []byte {
	for i := 1; i <= utf8.UTFMax && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return b[:len(b)-i]
			}
			return b
		}
	}
	return b
}

// renderBlock renders one block into trimmed, compact lines, labels its code
// blocks from number first on. The block is an item of list (if list.mark
// is set), and more says that the next item is drawn right under it. It
// returns the lines, the code blocks, and whether the block takes no empty
// line after it. If glamour fails, the block is shown as the plain text it
// is.
func (r *Renderer) renderBlock(src []byte, list listRef, more bool, first int) ([]string, []CodeBlock, bool) {
	if len(bytes.TrimSpace(src)) == 0 {
		return nil, nil, false
	}
	stub, next := itemStub(list), []byte(nil)
	if more {
		next = itemNext(list)
	}
	in := src
	if stub != nil || next != nil {
		in = make([]byte, 0, len(stub)+len(src)+len(next))
		in = append(append(append(in, stub...), src...), next...)
	}
	rd, err := r.renderFlat(in)
	if err != nil {
		return compact(nil, strings.TrimSpace(string(src))), nil, false
	}
	lines := compact(nil, rd.out)
	if next != nil {
		lines = dropNext(lines)
	} else {
		lines = trimBlank(lines)
	}
	if stub != nil {
		lines = lines[stubLines(lines, cutPoint{stub: string(stub)}):] // the stub's line
	}
	labelCode(lines, rd.codes, first, r.styles.CodeLabel)
	return lines, rd.codes, rd.html
}

// renderFlat renders src as glamour does: a paragraph on one line or a list
// of text by the flat layout, which gives glamour's lines for less
// (paraflat.go), anything else by glamour. Closed blocks and the tails of
// open ones are rendered so.
func (r *Renderer) renderFlat(src []byte) (rendering, error) {
	if !r.flatSet {
		r.flat, r.flatSet = r.newFlat(r.width, r.styles), true
	}
	if r.flat != nil {
		if rd, err := r.flat(src); err == nil {
			return rd, nil
		}
	}
	return r.render(src)
}

// itemStub returns a one-line list item that makes an item of an ordered
// list rendered after it item n of its list: glamour numbers the items from
// the first one's number. A bullet item needs none: it looks the same alone.
func itemStub(list listRef) []byte {
	if list.n == 0 || list.mark != '.' && list.mark != ')' {
		return nil
	}
	return []byte(strconv.Itoa(list.start+list.n-1) + string(list.mark) + " " + stubMark + "\n")
}

// itemNext returns a one-line item of list to render after an item, so that
// glamour puts after the item what it puts between two items: nothing
// mostly, an empty line after some nested lists or an empty code block.
func itemNext(list listRef) []byte {
	if list.mark == '.' || list.mark == ')' {
		return []byte("1" + string(list.mark) + " " + nextMark + "\n")
	}
	return []byte{list.mark, ' ', nextMark[0], '\n'}
}

// nextMark is the text of the item itemNext adds.
const nextMark = "y"

// dropNext removes the item itemNext added, and what follows it, but keeps
// the empty lines just before it: they are what separates two items. It
// trims the rest as trimBlank does.
func dropNext(lines []string) []string {
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i] == "" {
			continue
		}
		if !strings.HasSuffix(ansi.Strip(lines[i]), " "+nextMark) {
			return trimBlank(lines) // not the added item after all
		}
		lines = lines[:i]
		for len(lines) > 0 && lines[0] == "" {
			lines = lines[1:]
		}
		return lines
	}
	return nil
}

// codeProbe is rendered once per width and style, to learn how glamour
// frames a code block.
const codeProbe = "```\nX\n```\n"

// trimBlank drops the empty lines at both ends: glamour frames a document
// with them, and blocks are joined with exactly one.
func trimBlank(lines []string) []string {
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

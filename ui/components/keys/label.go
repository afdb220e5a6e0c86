package keys

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Names are the keys a help label names: "↑/k" names up and k, "1-5/0"
// the digits 1 to 5 and 0, "alt+1…8" alt+1 to alt+8, "⇧enter/ctrl+j"
// shift+enter and ctrl+j, "letters enter" every letter and enter. A
// single letter names itself in either case too: letters are taken in
// either case where a binding has both ("y" names y and Y).
func Names(label string) []string {
	var out []string
	for _, alt := range alternatives(label) {
		for _, word := range strings.Fields(alt) {
			if word != "or" { // "/ or f"
				out = append(out, names(word)...)
			}
		}
	}
	return out
}

// Covers reports whether label names k, a letter in either case.
func Covers(label, k string) bool {
	for _, n := range Names(label) {
		if n == k || isLetter(n) && isLetter(k) && strings.EqualFold(n, k) {
			return true
		}
	}
	return false
}

// alternatives splits a label at its slashes; an empty piece is the slash
// key itself ("/" names the slash, "f//" f and the slash).
func alternatives(label string) []string {
	parts := strings.Split(label, "/")
	var out []string
	slash := false
	for _, p := range parts {
		if p == "" {
			slash = true
			continue
		}
		out = append(out, p)
	}
	if slash {
		out = append(out, "/")
	}
	return out
}

// glyphs are the signs labels use for keys with names.
var glyphs = map[string]string{"↑": "up", "↓": "down", "←": "left", "→": "right", "⌫": "backspace", "pgdn": "pgdown"}

// names is one word of a label: a key, a range of keys, or a class.
func names(word string) []string {
	if g, ok := glyphs[word]; ok {
		return []string{g}
	}
	if rest, ok := strings.CutPrefix(word, "⇧"); ok {
		return prefixed("shift+", names(rest))
	}
	if i := strings.LastIndex(word, "+"); i > 0 && i < len(word)-1 { // "ctrl+→", "alt+1…8"
		return prefixed(word[:i+1], names(word[i+1:]))
	}
	if word == "letters" {
		var out []string
		for r := 'a'; r <= 'z'; r++ {
			out = append(out, string(r), string(unicode.ToUpper(r)))
		}
		return out
	}
	if prefix, from, to, ok := keyRange(word); ok {
		var out []string
		for r := from; r <= to; r++ {
			out = append(out, prefix+string(r))
		}
		return out
	}
	return []string{word}
}

// keyRange reads "1-5", "0-9" or "1…8": the first and last character of
// a run (and what comes before it, when more than one character does).
func keyRange(word string) (prefix string, from, to rune, ok bool) {
	for _, sep := range []string{"…", "-"} {
		a, b, found := strings.Cut(word, sep)
		if !found || utf8.RuneCountInString(b) != 1 || a == "" {
			continue
		}
		last, _ := utf8.DecodeLastRuneInString(a)
		first, _ := utf8.DecodeRuneInString(b)
		if unicode.IsDigit(last) && unicode.IsDigit(first) && last < first {
			return a[:len(a)-1], last, first, true
		}
	}
	return "", 0, 0, false
}

func prefixed(p string, ks []string) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = p + k
	}
	return out
}

func isLetter(s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	return size == len(s) && unicode.IsLetter(r)
}

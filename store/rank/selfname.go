package rank

import (
	"strings"
	"unicode"
)

// MayNameModel reports whether a reply names one of the models compared:
// a model that writes its own name ("As Model-X, I…") gives itself away
// in a blind vote. The arena says so beside the reply rather than cut the
// name out, since removing words would change the very text being judged.
//
// A model matches by its whole name (case aside, as a whole word: "m1" is
// not found in "m12") or by the first part of it, when that part is a word
// of three letters or more (the "model" of "model-x-2" is found in "I am
// Model, a…"). Families are not looked for: here they name protocols
// (alpha, beta…), words a reply uses for other things.
func MayNameModel(reply string, models []string) bool {
	words := wordsOf(reply)
	for _, m := range models {
		name := wordsOf(m)
		if len(name) == 0 {
			continue
		}
		if containsSeq(words, name) {
			return true
		}
		if first := name[0]; len([]rune(first)) >= 3 && !isNumber(first) && containsSeq(words, name[:1]) {
			return true
		}
	}
	return false
}

// wordsOf splits s into lower-case runs of letters and digits.
func wordsOf(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// containsSeq reports whether seq occurs in words, word for word.
func containsSeq(words, seq []string) bool {
	for i := 0; i+len(seq) <= len(words); i++ {
		match := true
		for j, w := range seq {
			if words[i+j] != w {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

func isNumber(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}

package batch

import (
	"strings"
	"unicode"
)

// MaxSimilarityWords is how many words of each reply the similarity reads,
// so that a runaway reply costs no more than a long one.
const MaxSimilarityWords = 5000

// Words splits text into lower-cased words (runs of letters and digits),
// at most MaxSimilarityWords.
func Words(text string) []string {
	var out []string
	for w := range strings.FieldsFuncSeq(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(out) == MaxSimilarityWords {
			break
		}
		out = append(out, strings.ToLower(w))
	}
	return out
}

// Similarity is the word-level similarity of two replies: the Dice
// coefficient of their words counted with repeats — twice the words they
// share over all their words — from 0 (no word in common) to 1 (the same
// words, as often). Two empty replies are the same. Word order is not
// read: an ordered measure (the longest common subsequence) costs the
// product of the lengths, seconds for a 1,000-cell batch of long replies,
// where this costs their sum.
func Similarity(a, b []string) float64 {
	total := len(a) + len(b)
	if total == 0 {
		return 1
	}
	counts := make(map[string]int, len(a))
	for _, w := range a {
		counts[w]++
	}
	shared := 0
	for _, w := range b {
		if counts[w] > 0 {
			counts[w]--
			shared++
		}
	}
	return 2 * float64(shared) / float64(total)
}

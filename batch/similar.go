package batch

import (
	"strings"
	"unicode"
)

// MaxSimilarityWords is how many words of each reply the similarity reads:
// the measure costs the product of the two lengths, and the opening of an
// answer is where repeats differ most.
const MaxSimilarityWords = 400

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

// Similarity is the word-level similarity of two replies: twice the length
// of their longest common subsequence of words over their total length,
// from 0 (no word in common) to 1 (the same words in the same order). Two
// empty replies are the same.
func Similarity(a, b []string) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	if len(b) > len(a) {
		a, b = b, a
	}
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return 2 * float64(prev[len(b)]) / float64(len(a)+len(b))
}

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
	return newWordSets([][]string{a, b}).similarity(0, 1)
}

// wordSets are replies with their words numbered, so that comparing two
// costs a pass over each with no hashing.
type wordSets struct {
	seqs   [][]int32
	counts []int32 // scratch, all zero between comparisons
}

func newWordSets(replies [][]string) *wordSets {
	ids := map[string]int32{}
	ws := &wordSets{seqs: make([][]int32, len(replies))}
	for i, words := range replies {
		seq := make([]int32, len(words))
		for j, w := range words {
			id, ok := ids[w]
			if !ok {
				id = int32(len(ids))
				ids[w] = id
			}
			seq[j] = id
		}
		ws.seqs[i] = seq
	}
	ws.counts = make([]int32, len(ids))
	return ws
}

// similarity is Similarity of replies i and j.
func (ws *wordSets) similarity(i, j int) float64 {
	a, b := ws.seqs[i], ws.seqs[j]
	total := len(a) + len(b)
	if total == 0 {
		return 1
	}
	for _, w := range a {
		ws.counts[w]++
	}
	shared := 0
	for _, w := range b {
		if ws.counts[w] > 0 {
			ws.counts[w]--
			shared++
		}
	}
	for _, w := range a {
		ws.counts[w] = 0
	}
	return 2 * float64(shared) / float64(total)
}

package benchdata

import (
	"math/rand/v2"
	"strings"
)

// Text makes deterministic text: words drawn with a Zipf distribution, as
// natural language has them, a few words everywhere and most words rare.
// It draws words from a vocabulary of 20,000: the common words given,
// most frequent first, then made-up words of two to four syllables.
type Text struct {
	// R is the generator's source, for the corpus's other choices: one
	// seed makes the whole corpus.
	R     *rand.Rand
	zipf  *rand.Zipf
	vocab []string
}

// vocabulary is how many words a Gen draws from.
const vocabulary = 20_000

// syllables make the vocabulary's rare words.
var syllables = []string{"ka", "lo", "mi", "ne", "ru", "ta", "vo", "shi", "ren", "dal", "qu", "ex", "or", "in",
	"ter", "pol", "gra", "ve", "mon", "sel", "bri", "cu", "fa", "ho", "zen", "tor", "lia", "pra"}

// NewText is a text seeded with seed whose most frequent words are
// common, in order.
func NewText(seed uint64, common []string) *Text {
	r := rand.New(rand.NewPCG(seed, seed*7919))
	g := &Text{R: r, vocab: append([]string(nil), common...)}
	for len(g.vocab) < vocabulary {
		var w strings.Builder
		for range 2 + r.IntN(3) {
			w.WriteString(syllables[r.IntN(len(syllables))])
		}
		g.vocab = append(g.vocab, w.String())
	}
	g.zipf = rand.NewZipf(r, 1.07, 2, uint64(len(g.vocab)-1))
	return g
}

// Words is between lo and hi words, parted by spaces.
func (g *Text) Words(lo, hi int) string {
	ws := make([]string, lo+g.R.IntN(hi-lo+1))
	for i := range ws {
		ws[i] = g.vocab[g.zipf.Uint64()]
	}
	return strings.Join(ws, " ")
}

// Ranked is the vocabulary's word of rank i (0 the most frequent), for a
// name drawn with another distribution.
func (g *Text) Ranked(i int) string { return g.vocab[i] }

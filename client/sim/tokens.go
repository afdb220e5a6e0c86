package sim

import (
	"hash/fnv"
	"unicode"
)

// prng is a splitmix64 generator: tiny, fast and stable across Go versions,
// so the same prompt gives the same bytes on every toolchain.
type prng struct{ s uint64 }

// newPRNG seeds a generator from a hash of parts.
func newPRNG(parts ...string) *prng {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return &prng{s: h.Sum64()}
}

func (p *prng) next() uint64 {
	p.s += 0x9e3779b97f4a7c15
	z := p.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n); n must be positive.
func (p *prng) intn(n int) int { return int(p.next() % uint64(n)) }

// between returns a number in [lo, hi].
func (p *prng) between(lo, hi int) int { return lo + p.intn(hi-lo+1) }

// pick returns one of words.
func (p *prng) pick(words []string) string { return words[p.intn(len(words))] }

// hex returns n pseudo-random hex digits, for ids and signatures.
func (p *prng) hex(n int) string {
	const digits = "0123456789abcdef"
	b := make([]byte, n)
	for i := range b {
		b[i] = digits[p.intn(16)]
	}
	return string(b)
}

// isWordRune reports whether r is part of a word token.
func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// countTokens is the simulator's tokenizer: every run of letters, digits
// and underscores is one token, and so is every other non-space character.
// Usage figures in replies are counted with it.
func countTokens(s string) int {
	n := 0
	inWord := false
	for _, r := range s {
		switch {
		case isWordRune(r):
			if !inWord {
				n++
			}
			inWord = true
		case unicode.IsSpace(r):
			inWord = false
		default:
			n++
			inWord = false
		}
	}
	return n
}

// tokenStarts returns the byte offsets where tokens begin.
func tokenStarts(s string) []int {
	var out []int
	prevWord := false
	for i, r := range s {
		word := isWordRune(r)
		switch {
		case word && !prevWord, !word && !unicode.IsSpace(r):
			out = append(out, i)
		}
		prevWord = word
	}
	return out
}

// chunks splits s into stream deltas of one to six tokens. Cuts fall only
// where a token begins, so the deltas' token counts add up to s's count.
func chunks(s string, r *prng) []string {
	if s == "" {
		return nil
	}
	starts := tokenStarts(s)
	var out []string
	from := 0
	for i := r.between(1, 6); i < len(starts); i += r.between(1, 6) {
		out = append(out, s[from:starts[i]])
		from = starts[i]
	}
	return append(out, s[from:])
}

// truncateTokens returns the longest prefix of s holding at most n tokens.
func truncateTokens(s string, n int) string {
	starts := tokenStarts(s)
	if n >= len(starts) {
		return s
	}
	if n <= 0 {
		return ""
	}
	return s[:starts[n]]
}

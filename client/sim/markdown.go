package sim

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// Prompt markers the simulator reacts to (see the package documentation).
const (
	markLong    = "[[long]]"
	markPause   = "[[pause]]"
	markFail    = "[[fail]]"
	markBlock   = "[[block]]"
	markRefusal = "[[refusal]]"
)

// longReplySize is how large a [[long]] reply grows, in bytes.
const longReplySize = 30 << 10

var (
	markerPattern = regexp.MustCompile(`\[\[[^\]]*\]\]`)
	wordPattern   = regexp.MustCompile(`[\p{L}\p{N}]+`)
)

var vocabulary = strings.Fields(`adapter amber anchor balance beacon bridge buffer cadence canvas
channel cipher cluster compass contour current delta draft echo ember engine facet fiber field
filter fjord frame garden glyph gradient harbor horizon index lantern lattice layer ledger lens
margin matrix meadow mirror module motif needle orbit outline packet palette panel parcel pattern
pebble pixel prism pulse quartz queue ratio relay ribbon river sample schema signal sketch slate
socket spiral spline stream summit switch tablet thread tide timber token trace vector velvet
vertex window harvest lumen`)

var verbs = strings.Fields(`balances carries shapes guides frames measures links renders traces
folds holds maps tunes weaves steadies sorts marks lifts frames gathers`)

// ReplyText returns the markdown reply the simulator writes for prompt: a
// heading, a paragraph, a list, a fenced code block and a table, all derived
// from a hash of the prompt, about 30 KB long when the prompt holds
// [[long]]; a judge's request gets a judge's reply (judge.go). Tests use
// it to assert exact text: it is the whole text of a
// plain reply, and the final text block of a reply that also searched the
// web or thought first.
func ReplyText(prompt string) string {
	if reply, ok := judgeReply(prompt); ok {
		return reply
	}
	r := newPRNG("reply", prompt)
	topic := topicOf(prompt)
	var b strings.Builder
	fmt.Fprintf(&b, "## Notes on %s\n\n", topic)
	section(&b, r, topic, 1)
	for part := 2; strings.Contains(prompt, markLong) && b.Len() < longReplySize; part++ {
		fmt.Fprintf(&b, "\n## Part %d\n\n", part)
		section(&b, r, topic, part)
	}
	b.WriteString("\n")
	b.WriteString(sentence(r, 8, 14))
	return b.String()
}

// section writes one paragraph, list, code block and table.
func section(b *strings.Builder, r *prng, topic string, part int) {
	fmt.Fprintf(b, "%s %s %s\n\n", sentence(r, 8, 14), sentence(r, 6, 12), sentence(r, 8, 16))
	b.WriteString("### Key points\n\n")
	for i := r.between(3, 5); i > 0; i-- {
		fmt.Fprintf(b, "- **%s**: %s\n", capitalize(r.pick(vocabulary)), strings.TrimSuffix(sentence(r, 4, 9), "."))
	}
	name := r.pick(vocabulary)
	fmt.Fprintf(b, "\n```go\n// %s sketches %s.\nfunc %s%d(n int) int {\n\treturn n*%d + %d\n}\n```\n\n",
		name, topic, name, part, r.between(2, 9), r.between(1, 99))
	b.WriteString("| Item | Value | Note |\n|---|---|---|\n")
	for i := r.between(3, 4); i > 0; i-- {
		fmt.Fprintf(b, "| %s | %d | %s %s |\n", r.pick(vocabulary), r.between(1, 999), r.pick(vocabulary), r.pick(verbs))
	}
}

// thinkingText is the reasoning the simulator shows before a reply.
func thinkingText(prompt string) string {
	r := newPRNG("thinking", prompt)
	return fmt.Sprintf("The request is about %s. %s %s I will answer with a short overview, a list, a code sketch and a table.",
		topicOf(prompt), sentence(r, 8, 14), sentence(r, 6, 12))
}

// searchQuery is the web search the simulator pretends to run for prompt.
func searchQuery(prompt string) string { return topicOf(prompt) + " overview" }

// searchSource is one pretend web search result.
type searchSource struct{ url, title, snippet string }

// searchSources returns three pretend results on reserved example domains.
func searchSources(prompt string) []searchSource {
	r := newPRNG("search", prompt)
	hosts := []string{"example.org", "example.com", "example.net"}
	out := make([]searchSource, 0, len(hosts))
	for i, h := range hosts {
		w := r.pick(vocabulary)
		out = append(out, searchSource{
			url:     fmt.Sprintf("https://%s/%s/%s-%d", h, url.PathEscape(strings.ReplaceAll(topicOf(prompt), " ", "-")), w, i+1),
			title:   capitalize(w) + " and " + topicOf(prompt),
			snippet: sentence(r, 8, 12),
		})
	}
	return out
}

// citedSentence is the sentence of a searched reply that cites the first
// source.
func citedSentence(prompt string) string {
	src := searchSources(prompt)[0]
	return "According to " + src.title + ", " + strings.ToLower(src.snippet[:1]) + src.snippet[1:]
}

// sentence returns a capitalised sentence of lo to hi words.
func sentence(r *prng, lo, hi int) string {
	n := r.between(lo, hi)
	words := make([]string, n)
	for i := range words {
		if i == 2 {
			words[i] = r.pick(verbs)
			continue
		}
		words[i] = r.pick(vocabulary)
	}
	if n > 7 {
		words[n/2] += ","
	}
	return capitalize(strings.Join(words, " ")) + "."
}

// topicOf is a few words of the prompt with markers removed.
func topicOf(prompt string) string {
	words := wordPattern.FindAllString(markerPattern.ReplaceAllString(prompt, " "), 5)
	if len(words) == 0 {
		return "your request"
	}
	return strings.ToLower(strings.Join(words, " "))
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

package history

import (
	"fmt"
	"strings"

	"atelier/store"
)

// Tags and votes in History: the search line takes filter
// words besides its text — #tag (or tag:tag, tag:"two words") keeps the
// items with that tag, is:voted those with a standing vote, is:blind those
// with a standing blind vote — and an open item's heading shows its tags
// and its vote.

// searchTerms is the search line read: the text searched for, and the
// marks the items must carry.
type searchTerms struct {
	text  string
	marks store.Marks
}

// parseSearch splits the search line into its text and its filter words.
// A word that only starts one ("#", "tag:") is text.
func parseSearch(q string) searchTerms {
	var st searchTerms
	var text []string
	for rest := q; ; {
		rest = strings.TrimLeft(rest, " \t")
		if rest == "" {
			break
		}
		word, tail := nextWord(rest)
		rest = tail
		lower := strings.ToLower(word)
		tag, isTag := strings.CutPrefix(lower, "#")
		if !isTag {
			tag, isTag = strings.CutPrefix(lower, "tag:")
		}
		tag = strings.Trim(tag, `"`)
		switch {
		case isTag && strings.TrimSpace(tag) != "":
			if t, err := store.NormalizeTag(tag); err == nil {
				st.marks.Tags = append(st.marks.Tags, t)
			}
		case strings.HasPrefix(lower, "label:") && strings.TrimSpace(strings.Trim(word[len("label:"):], `"`)) != "":
			st.marks.Label = strings.TrimSpace(strings.Trim(word[len("label:"):], `"`))
		case lower == "is:voted":
			st.marks.Voted = true
		case lower == "is:blind":
			st.marks.Blind = true
		default:
			text = append(text, word)
		}
	}
	st.text = strings.Join(text, " ")
	if strings.HasSuffix(q, " ") && st.text != "" {
		st.text += " " // a finished last word is not a prefix (see store.SearchQuery)
	}
	return st
}

// nextWord is the first word of s (s starts with no space), a quoted
// part kept whole ("two words", tag:"two words"), and what follows.
func nextWord(s string) (string, string) {
	inQuote := false
	for i, r := range s {
		switch {
		case r == '"':
			inQuote = !inQuote
		case (r == ' ' || r == '\t') && !inQuote:
			return s[:i], s[i:]
		}
	}
	return s, ""
}

// marksLine is an open item's tags and votes: "#code #poetry · blind
// vote: model-y better"; "" when it has neither.
func marksLine(it *loaded) string {
	if it == nil {
		return ""
	}
	var parts []string
	if len(it.tags) > 0 {
		parts = append(parts, "#"+strings.Join(it.tags, " #"))
	}
	if n := len(it.votes); n > 0 {
		v := it.votes[n-1] // the latest
		how := "open"
		if v.Blind {
			how = "blind"
		}
		line := how + " vote: " + store.VerdictWords(v)
		if n > 1 {
			line += fmt.Sprintf(" (+%d more)", n-1)
		}
		parts = append(parts, line)
	}
	return strings.Join(parts, " · ")
}

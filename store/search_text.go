package store

import (
	"regexp"
	"strings"
)

// A search snippet is a piece of a reply's markdown; a list of matches
// shows it as text: "## Notes on" is "Notes on", "**Pixel**:"
// is "Pixel:", a link its text with its address, as History shows links.
// The match markers are kept wherever they were.

var (
	// snippetLineMarks are a line's block marks: heading, quote, list
	// bullet or number, a fence.
	snippetLineMarks = regexp.MustCompile("^[ \t]*(?:(?:#{1,6}|>|[-*+]|[0-9]{1,9}[.)])[ \t]+|```+|~~~+)+")
	// snippetRule is a thematic break or a table's delimiter row.
	snippetRule = regexp.MustCompile(`^[ \t]*(?:[-*_][ \t]*){3,}$|^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?)?[ \t]*$`)
	// snippetLink is a link or image: [text](address), ![alt](address).
	snippetLink = regexp.MustCompile(`!?\[([^\]\n]*)\]\(([^)\s]*)\)`)
	// snippetEmphasis is *text* or _text_ between non-word characters.
	snippetEmphasis = regexp.MustCompile(`(^|[^\pL\pN_])[*_]([^*_\s](?:[^*_\n]*[^*_\s])?)[*_]($|[^\pL\pN_])`)
	// snippetInline are the marks taken out wherever they stand.
	snippetInline = strings.NewReplacer("**", "", "__", "", "~~", "", "`", "")
)

// MarkdownText is a piece of markdown as one line of text (a search
// snippet, a batch cell's first line), any match markers
// (HighlightStart, HighlightEnd) kept.
func MarkdownText(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if snippetRule.MatchString(l) {
			lines[i] = ""
			continue
		}
		l = snippetLineMarks.ReplaceAllString(l, "")
		l = snippetLink.ReplaceAllStringFunc(l, func(m string) string {
			sub := snippetLink.FindStringSubmatch(m)
			if sub[2] == "" {
				return sub[1]
			}
			return sub[1] + " (" + sub[2] + ")"
		})
		l = snippetInline.Replace(l)
		l = snippetEmphasis.ReplaceAllString(l, "$1$2$3")
		if strings.Contains(l, "|") {
			l = strings.ReplaceAll(strings.Trim(strings.TrimSpace(l), "|"), "|", " · ")
		}
		lines[i] = l
	}
	return strings.Join(strings.Fields(strings.Join(lines, " ")), " ")
}

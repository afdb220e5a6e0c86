package store

import (
	"regexp"
	"strings"
)

// A reply's own headings go below the export's: the report heads each
// message with "## You" or "## Lane 2 · beta · model", so a reply's "##
// Notes" would sit beside them, as a lane of its own. Its
// headings are taken two levels down ("## Notes" is "#### Notes", at
// most six), code blocks left as they are.

// atxHeading is a Markdown ATX heading line: up to three spaces, one to
// six #, then a space or the end.
var atxHeading = regexp.MustCompile(`^( {0,3})(#{1,6})([ \t]|$)`)

// fenceOpen is a fenced code block's opening line: its fence.
var fenceOpen = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")

// demoteHeadings is text with each heading outside code blocks by levels
// deeper, to six at most.
func demoteHeadings(text string, by int) string {
	if !strings.Contains(text, "#") {
		return text
	}
	lines := strings.Split(text, "\n")
	fence := "" // the open code block's fence; "" outside one
	for i, l := range lines {
		if fence != "" {
			if f := fenceOpen.FindStringSubmatch(l); f != nil && f[1][0] == fence[0] && len(f[1]) >= len(fence) &&
				strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), f[1][:1])) == "" {
				fence = ""
			}
			continue
		}
		if f := fenceOpen.FindStringSubmatch(l); f != nil {
			fence = f[1]
			continue
		}
		if m := atxHeading.FindStringSubmatchIndex(l); m != nil {
			level := min(m[5]-m[4]+by, 6)
			lines[i] = l[:m[3]] + strings.Repeat("#", level) + l[m[5]:]
		}
	}
	return strings.Join(lines, "\n")
}

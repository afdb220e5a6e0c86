package tabtest

import (
	"io"
	"strings"

	"github.com/charmbracelet/colorprofile"
)

// In256Colours is s as a terminal of 256 colours receives it: the form
// every tab's golden files are kept in, so that they do not change with
// the colour profile of the machine that writes them.
func In256Colours(s string) string {
	var b strings.Builder
	w := &colorprofile.Writer{Forward: &b, Profile: colorprofile.ANSI256}
	io.WriteString(w, s)
	return b.String()
}

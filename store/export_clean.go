package store

import (
	"strings"
	"unicode/utf8"
)

// CleanExports sets how the Markdown export is made safe to show: the
// command line and the TUI pass the same cleaner as their screens use
// (ui/termtext, which store may not import), so that an exported reply
// carries no escape sequence from model output (OSC 52, OSC 8). Without
// one, control characters are dropped (see dropControls). The JSON beside
// it keeps the bytes as stored: there they are escaped, as JSON escapes
// them.
func (s *Store) CleanExports(clean func(string) string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clean = clean
}

// cleanText is the export cleaner in force.
func (s *Store) cleanText(text string) string {
	s.mu.Lock()
	clean := s.clean
	s.mu.Unlock()
	if clean == nil {
		return dropControls(text)
	}
	return clean(text)
}

// dropControls removes every C0 control but newline and tab, DEL and the
// C1 controls, and replaces invalid UTF-8; the text of an escape sequence
// stays, harmless without its ESC.
func dropControls(text string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n', r == '\t':
			return r
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
			return -1
		case r == utf8.RuneError:
			return '\uFFFD'
		}
		return r
	}, strings.ToValidUTF8(text, "\uFFFD"))
}

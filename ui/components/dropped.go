package components

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"atelier/internal/homepath"
)

// DroppedFile reads pasted text as a file dragged onto the terminal: one
// line, perhaps quoted, a file:// URL on this machine, or with its special
// characters escaped by backslashes (as terminals send a dragged file),
// ~/ the home folder. It returns the path when it names a regular file,
// else "". The path must be absolute, as terminals paste a dropped file
// whole; relative lets a path starting with "." through too, for a row
// that takes a file, where a word typed is not a file by chance. It stats
// the file: call it on a paste or a send, never on every key.
func DroppedFile(text string, relative bool) string {
	s := strings.TrimSpace(text)
	if s == "" || strings.ContainsAny(s, "\r\n") || len(s) > 4096 {
		return ""
	}
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		s = s[1 : len(s)-1]
	}
	if strings.HasPrefix(s, "file://") {
		u, err := url.Parse(s)
		if err != nil || (u.Host != "" && u.Host != "localhost") {
			return ""
		}
		s = u.Path
	} else {
		s = unescapeShell(s)
	}
	s = homepath.Expand(s)
	if !filepath.IsAbs(s) && !(relative && strings.HasPrefix(s, ".")) {
		return ""
	}
	if fi, err := os.Stat(s); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	return s
}

// unescapeShell undoes the backslashes a terminal puts before spaces and
// other special characters of a dropped file's name.
func unescapeShell(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	escaped := false
	for _, r := range s {
		if r == '\\' && !escaped {
			escaped = true
			continue
		}
		escaped = false
		b.WriteRune(r)
	}
	return b.String()
}

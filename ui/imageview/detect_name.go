package imageview

import (
	"strconv"
	"strings"
)

// termKind is a terminal whose image support is known by name.
type termKind int

const (
	kindUnknown termKind = iota
	kindKitty            // kitty graphics; placeholders from 0.28
	kindGhostty          // kitty graphics with placeholders
	kindWezTerm          // kitty graphics without placeholders, iTerm2, sixel
	kindITerm2           // iTerm2 images
	kindKonsole          // kitty graphics without placeholders, sixel
	kindTmux             // the multiplexer, not a terminal of its own
	kindOther            // named, nothing special known
)

// kittyPlaceholderVersion is the first kitty with Unicode placeholders
// (earlier ones refuse U=1: "invalid key character: 0x55").
var kittyPlaceholderVersion = version{0, 28, 0}

// version is a dotted release number; missing parts are zero.
type version [3]int

// terminal is what a terminal's name says: its kind, and its version when
// the name carries one.
type terminal struct {
	kind termKind
	name string  // as the terminal gave it, or as the environment named it
	ver  version // zero when unknown
	hasV bool
}

// atLeast reports whether the terminal's version is known and at least v.
func (t terminal) atLeast(v version) bool {
	if !t.hasV {
		return false
	}
	for i := range t.ver {
		if t.ver[i] != v[i] {
			return t.ver[i] > v[i]
		}
	}
	return true
}

// String is the name for diagnostics.
func (t terminal) String() string {
	if t.name != "" {
		return t.name
	}
	return kindNames[t.kind]
}

// kindNames are the names of the kinds, for a terminal the environment
// named.
var kindNames = map[termKind]string{
	kindKitty: "kitty", kindGhostty: "ghostty", kindWezTerm: "WezTerm",
	kindITerm2: "iTerm2", kindKonsole: "Konsole", kindTmux: "tmux",
}

// kindsByName are the kinds an XTVERSION name tells, in lower case.
var kindsByName = map[string]termKind{
	"kitty": kindKitty, "ghostty": kindGhostty, "wezterm": kindWezTerm,
	"iterm2": kindITerm2, "konsole": kindKonsole, "tmux": kindTmux,
}

// parseTerminal reads an XTVERSION reply: "kitty(0.26.5)", "foot(1.13.1)",
// "XTerm(379)", "ghostty 1.1.3", "WezTerm 20240203-110809-5046fc22",
// "iTerm2 3.5.0", "tmux 3.5a", "Konsole 23.08.5".
func parseTerminal(reply string) terminal {
	t := terminal{name: reply}
	name, rest := reply, ""
	if i := strings.IndexAny(reply, "( "); i >= 0 {
		name, rest = reply[:i], strings.Trim(reply[i:], "() ")
	}
	t.kind = kindOther
	if k, ok := kindsByName[strings.ToLower(name)]; ok {
		t.kind = k
	}
	t.ver, t.hasV = parseVersion(rest)
	return t
}

// parseVersion reads up to three dot-separated numbers at the start of s,
// each ending at the first non-digit ("3.5a" is 3.5).
func parseVersion(s string) (version, bool) {
	var v version
	parts := strings.SplitN(s, ".", 4)
	for i := range min(len(parts), len(v)) {
		digits := parts[i]
		end := 0
		for end < len(digits) && digits[end] >= '0' && digits[end] <= '9' {
			end++
		}
		n, err := strconv.Atoi(digits[:end])
		if err != nil {
			return v, i > 0
		}
		v[i] = n
		if end < len(digits) {
			return v, true
		}
	}
	return v, true
}

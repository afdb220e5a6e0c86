package imageview

import (
	"strconv"
	"strings"
)

// The replies parsed here come from the terminal (or from tmux): untrusted
// bytes, read without trusting any length or number in them.

// probeRGB is the 24-bit colour the true-colour probe sets before asking
// the terminal which colour it has (DECRQSS): a terminal that keeps 24-bit
// colours reports this one back; one that maps them to its palette reports
// a palette index.
var probeRGB = [3]int{1, 2, 3}

// parseSGRReport reads a DECRQSS reply about SGR, the attributes the
// terminal holds: "ESC P 1 $ r 0;38:2::1:2:3 m ESC \" (xterm's form),
// "…;38:2:1:2:3m…" or "…;38;2;1;2;3m…". It reports whether the foreground
// is probeRGB (the terminal keeps 24-bit colours) and whether data was such
// a reply at all; an error reply ("0$r") is one, without true colour.
func parseSGRReport(data string) (trueColor, ok bool) {
	body, ok := strings.CutPrefix(data, "\x1bP")
	if !ok {
		return false, false
	}
	body, ok = strings.CutSuffix(body, "\x1b\\")
	if !ok {
		return false, false
	}
	valid, body, ok := strings.Cut(body, "$r")
	if !ok || (valid != "0" && valid != "1") {
		return false, false
	}
	if valid == "0" {
		return false, true
	}
	sgr, ok := strings.CutSuffix(body, "m")
	if !ok {
		return false, false
	}
	params := strings.Split(sgr, ";")
	for i, p := range params {
		var rgb []string
		switch {
		case strings.HasPrefix(p, "38:"):
			// 38:2::r:g:b (with an empty colour space) or 38:2:r:g:b.
			sub := strings.Split(p, ":")
			if len(sub) < 5 || sub[1] != "2" {
				continue
			}
			rgb = sub[len(sub)-3:]
		case p == "38" && i+4 < len(params) && params[i+1] == "2":
			rgb = params[i+2 : i+5]
		default:
			continue
		}
		return sameColour(rgb, probeRGB), true
	}
	return false, true
}

// sameColour reports whether three decimal strings are the colour c.
func sameColour(s []string, c [3]int) bool {
	for i, v := range s {
		n, err := strconv.Atoi(v)
		if err != nil || n != c[i] {
			return false
		}
	}
	return len(s) == 3
}

// capabilityTrueColor reads an XTGETTCAP answer as Bubble Tea passes it
// (tea.CapabilityMsg: "name" or "name=value", several joined by ';'): the
// terminal has 24-bit colour when it names RGB (xterm answers "RGB=8",
// with the bits per channel) or Tc.
func capabilityTrueColor(content string) bool {
	for c := range strings.SplitSeq(content, ";") {
		name, _, _ := strings.Cut(c, "=")
		if name == "RGB" || name == "Tc" {
			return true
		}
	}
	return false
}

// maxGraphicSide bounds a size from the terminal: no screen is wider.
const maxGraphicSide = 1 << 15

// parseGraphicsGeometry reads an XTSMGRAPHICS reply about the sixel
// graphics geometry: "ESC [ ? 2 ; 0 ; width ; height S" (item 2, status 0:
// success). It returns the largest sixel image the terminal draws now (xterm
// refuses larger ones, 1000×1000 by default, and draws nothing).
func parseGraphicsGeometry(data string) (w, h int, ok bool) {
	body, ok := strings.CutPrefix(data, "\x1b[?")
	if !ok {
		return 0, 0, false
	}
	body, ok = strings.CutSuffix(body, "S")
	if !ok {
		return 0, 0, false
	}
	var n [4]int
	parts := strings.Split(body, ";")
	if len(parts) != len(n) {
		return 0, 0, false
	}
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v > maxGraphicSide || strings.HasPrefix(p, "+") {
			return 0, 0, false
		}
		n[i] = v
	}
	if n[0] != 2 || n[1] != 0 || n[2] == 0 || n[3] == 0 {
		return 0, 0, false
	}
	return n[2], n[3], true
}

package imageview

import (
	"fmt"
	"strings"
)

// Protocol is a way of showing an image in the terminal.
type Protocol int

const (
	// ProtocolAuto is not a protocol: the terminal's capabilities decide.
	ProtocolAuto Protocol = iota
	// ProtocolOff shows no image, only its file path.
	ProtocolOff
	// ProtocolHalfBlock draws a coloured '▀' per two pixels; any colour
	// terminal.
	ProtocolHalfBlock
	// ProtocolKitty is the kitty graphics protocol with Unicode placeholders
	// (kitty, Ghostty), inline and full screen, also inside tmux.
	ProtocolKitty
	// ProtocolSixel is DEC sixel graphics, full screen only.
	ProtocolSixel
	// ProtocolITerm2 is iTerm2's inline image escape (iTerm2, WezTerm), full
	// screen only.
	ProtocolITerm2
)

var protocolNames = [...]string{
	ProtocolAuto:      "auto",
	ProtocolOff:       "off",
	ProtocolHalfBlock: "halfblock",
	ProtocolKitty:     "kitty",
	ProtocolSixel:     "sixel",
	ProtocolITerm2:    "iterm2",
}

// String returns the name ParseProtocol reads.
func (p Protocol) String() string {
	if p < 0 || int(p) >= len(protocolNames) {
		return fmt.Sprintf("Protocol(%d)", int(p))
	}
	return protocolNames[p]
}

// ParseProtocol reads a setting or ATELIER_IMAGES value: auto (or empty),
// off, halfblock, kitty, sixel or iterm2, in any case.
func ParseProtocol(s string) (Protocol, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return ProtocolAuto, nil
	}
	for p, name := range protocolNames {
		if s == name {
			return Protocol(p), nil
		}
	}
	return ProtocolAuto, fmt.Errorf("image protocol %q: want auto, off, halfblock, kitty, sixel or iterm2", s)
}

package keys

import (
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// named are the keys with a name of more than one character, by the name
// Bubble Tea gives them (tea.Key.String): the inverse of its own table.
var named = func() map[string]rune {
	codes := []rune{
		tea.KeyEnter, tea.KeyTab, tea.KeyBackspace, tea.KeyEscape, tea.KeySpace,
		tea.KeyUp, tea.KeyDown, tea.KeyLeft, tea.KeyRight, tea.KeyInsert, tea.KeyDelete,
		tea.KeyHome, tea.KeyEnd, tea.KeyPgUp, tea.KeyPgDown,
		tea.KeyF1, tea.KeyF2, tea.KeyF3, tea.KeyF4, tea.KeyF5, tea.KeyF6,
		tea.KeyF7, tea.KeyF8, tea.KeyF9, tea.KeyF10, tea.KeyF11, tea.KeyF12,
	}
	out := make(map[string]rune, len(codes))
	for _, c := range codes {
		out[tea.Key{Code: c}.Keystroke()] = c
	}
	return out
}()

var mods = map[string]tea.KeyMod{"ctrl": tea.ModCtrl, "alt": tea.ModAlt, "shift": tea.ModShift}

// Press is the key press whose name (tea.KeyPressMsg.String) is s: "a",
// "W", "?", "enter", "ctrl+p", "alt+3", "shift+tab", "pgdown", "space". A
// printable key without a modifier carries its text, as a terminal sends
// it. The second result is false for a name that is no key.
func Press(s string) (tea.KeyPressMsg, bool) {
	var k tea.KeyPressMsg
	for {
		mod, rest, ok := strings.Cut(s, "+")
		if !ok || mods[mod] == 0 || rest == "" {
			break
		}
		k.Mod |= mods[mod]
		s = rest
	}
	if c, ok := named[s]; ok {
		k.Code = c
		if c == tea.KeySpace && k.Mod == 0 {
			k.Text = " "
		}
		return k, true
	}
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || size != len(s) || r == utf8.RuneError {
		return tea.KeyPressMsg{}, false
	}
	k.Code = r
	if k.Mod == 0 {
		k.Text = s
	}
	return k, true
}

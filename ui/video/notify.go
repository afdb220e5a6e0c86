package video

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/store"
)

// notifier is how this terminal shows a desktop notification, if it can.
//
// There is no way to ask a terminal whether it shows notifications, and
// an escape sequence it does not know may be shown as text or (OSC 9 in
// ConEmu and Windows Terminal) mean something else. So a notification is
// sent only to terminals that say who they are and are known to show one:
// iTerm2 (OSC 9), kitty (OSC 99), Ghostty, WezTerm and foot (OSC 777).
// Inside tmux or screen nothing is sent: they swallow such sequences
// unless passthrough is set up, and the status bar says it anyway. The
// text is ours alone (a fixed phrase and a request id cut to safe
// characters), never the service's words.
type notifier int

const (
	noNotify notifier = iota
	osc9              // iTerm2: ansi.Notify, ESC ] 9 ; text BEL
	osc99             // kitty: ansi.DesktopNotification, ESC ] 99 ; ; text BEL
	osc777            // Ghostty, WezTerm, foot: ansi.URxvtExt, ESC ] 777 ; notify ; title ; body BEL
)

// detectNotifier reads which terminal this is from the environment.
func detectNotifier(getenv func(string) string) notifier {
	if getenv("TMUX") != "" || getenv("STY") != "" || strings.HasPrefix(getenv("TERM"), "screen") ||
		strings.HasPrefix(getenv("TERM"), "tmux") {
		return noNotify
	}
	switch getenv("TERM_PROGRAM") {
	case "iTerm.app":
		return osc9
	case "ghostty", "WezTerm":
		return osc777
	}
	switch term := getenv("TERM"); {
	case getenv("KITTY_WINDOW_ID") != "" || term == "xterm-kitty":
		return osc99
	case strings.HasPrefix(term, "foot"):
		return osc777
	}
	return noNotify
}

// sequence is the escape sequence that shows text, "" when none is sent.
// x/ansi writes the sequences; what goes in them is made safe here, since
// x/ansi passes its arguments through as they are.
func (n notifier) sequence(text string) string {
	text = safeText(text)
	switch n {
	case osc9:
		return ansi.Notify("atelier: " + text)
	case osc99:
		return ansi.DesktopNotification("atelier: " + text)
	case osc777:
		return ansi.URxvtExt("notify", "atelier", text)
	}
	return ""
}

// cmd writes the notification to the terminal, if this one shows them.
func (n notifier) cmd(text string) tea.Cmd {
	if seq := n.sequence(text); seq != "" {
		return tea.Raw(seq)
	}
	return nil
}

// safeText keeps letters, digits, spaces and a little punctuation: nothing
// that could end the sequence or split its fields.
func safeText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune(" -_.", r):
			return r
		}
		return -1
	}, s)
}

// alerter is how the end of a task is told beyond the status line (issue
// 33): a desktop notification where the terminal is known to show one
// and [notify] desktop is on, else the terminal's bell where [notify] bell
// is on (a bell is one byte every terminal, tmux and screen take), else
// nothing.
type alerter struct {
	term          notifier
	desktop, bell bool
}

// newAlerter is the terminal's notifier under the settings' switches
// (nil settings: both on).
func newAlerter(term notifier, s *store.Settings) alerter {
	a := alerter{term: term, desktop: true, bell: true}
	if s != nil {
		a = a.with(s.Notify)
	}
	return a
}

// with is a under the switches of n.
func (a alerter) with(n store.Notify) alerter {
	a.desktop, a.bell = n.DesktopOn(), n.BellOn()
	return a
}

// bel is the terminal's bell.
const bel = "\a"

// cmd tells that a task ended, saying text where a notification shows.
func (a alerter) cmd(text string) tea.Cmd {
	if a.desktop && a.term != noNotify {
		return a.term.cmd(text)
	}
	if a.bell {
		return tea.Raw(bel)
	}
	return nil
}

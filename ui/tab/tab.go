// Package tab is the contract between atelier's shell (package ui) and the
// screens it shows as tabs, which live in packages of their own: which tab a
// result belongs to, the messages a screen sends to the shell's status bar,
// the messages the shell sends to every screen, and the colours by role that
// keep the screens looking like one program.
//
// It imports only Bubble Tea, Bubbles' key bindings, Lip Gloss, client and
// store; it must not import ui or any screen, since they all import it.
package tab

import (
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
)

// ID names a tab; the shell shows them in this order.
type ID int

// The tabs, in the order of the tab bar and of alt+1, alt+2….
const (
	Chat ID = iota
	Compare
	Image
	Video
	History
	Settings
	Arena // the leaderboard of the blind votes
	Batch // batch runs and their matrices (ui/batch)
	Count // how many tabs there are
)

// ResultMsg carries the result of a screen's command back to that screen,
// even when another tab is showing: the shell delivers Msg to tab To. A
// screen wraps every message its commands return, so its own message types
// stay unexported.
type ResultMsg struct {
	To  ID
	Msg tea.Msg
}

// Result returns a command's result addressed to tab to.
func Result(to ID, msg tea.Msg) tea.Msg { return ResultMsg{To: to, Msg: msg} }

// ErrorMsg is a failure to show in the status bar until esc clears it.
type ErrorMsg struct{ Err error }

// NoticeMsg is a short line for the status bar, marked by its Kind; it
// goes after a while (see Kind), where an error stays until esc.
type NoticeMsg struct {
	Text string
	Kind Kind
}

// Error is a command that shows err in the status bar.
func Error(err error) tea.Cmd {
	return func() tea.Msg { return ErrorMsg{Err: err} }
}

// Notice is a command that shows text in the status bar as done (✓).
func Notice(text string) tea.Cmd { return noticeOf(Done, text) }

// Info is a command that shows text in the status bar as a hint of what
// happens next: no success, no fault.
func Info(text string) tea.Cmd { return noticeOf(Hint, text) }

// Ask is a command that shows a question in the status bar (?): the tab
// waits for the answer.
func Ask(text string) tea.Cmd { return noticeOf(Question, text) }

// Warn is a command that shows in the status bar why a key did nothing (!).
func Warn(text string) tea.Cmd { return noticeOf(Warning, text) }

func noticeOf(k Kind, text string) tea.Cmd {
	return func() tea.Msg { return NoticeMsg{Text: text, Kind: k} }
}

// SettingsMsg says the settings were saved: the shell re-reads the theme and
// reconnects, since the base URL or extra headers may have changed, then
// passes the message on to every tab. Settings is a copy nobody changes
// after sending.
type SettingsMsg struct{ Settings *store.Settings }

// KeysChangedMsg says a key was stored or deleted: the shell reconnects so
// the next request carries it.
type KeysChangedMsg struct{}

// ClientMsg is sent by the shell to every tab when it has (re)connected:
// screens send their requests with Client from then on. Client is nil while
// no service is configured.
type ClientMsg struct{ Client *client.Client }

// QuitMsg is sent by the shell to every tab when the person quits while a
// tab is busy (see the shell's busy screens): each stops what it streams,
// so the stop is recorded as esc records it, with its figures and tool
// calls, before the program ends.
type QuitMsg struct{}

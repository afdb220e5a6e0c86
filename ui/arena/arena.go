// Package arena is the Arena tab of atelier's terminal UI: the leaderboard
// of the blind votes cast in Compare, Image and Video, one board per kind,
// as `atelier leaderboard` prints it (store.Boards: the same fit, seed and
// rounds, the same filters). It shows each target's rating with its 95%
// interval, votes and win rate; the head-to-head matrix of win rates; the
// pairs whose order the votes have not settled, with a key that sends the
// next blind comparison of a pair to Compare; and, apart, the ratings
// given with the names shown, which never enter the fit.
//
// The board is computed in a command (a bootstrap of thousands of votes
// takes a moment), again each time the tab is shown and when the history
// loses an item: votes are cast in other tabs; and, while it shows, when
// the store changed and what the boards are computed from moved with it
// (store.BoardsStamp): another process cast a vote.
//
// It imports bubbletea, bubbles, lipgloss, client, store and ui/tab; never ui.
package arena

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	filterform "atelier/ui/components/filter"
	"atelier/ui/components/guard"
	"atelier/ui/components/scroll"
	"atelier/ui/tab"
)

// Options are what the tab works with.
type Options struct {
	Store *store.Store // nil: no history, and nothing to rank
	// Now is the clock a "since" given as a duration counts back from;
	// nil: time.Now.
	Now func() time.Time
	// Rounds of the bootstrap; 0: store.BoardRounds, the command line's
	// default. Tests and benchmarks may ask for fewer.
	Rounds int
	// Settings name the judge whose agreement with the votes the chat
	// board shows (arena.judge); nil: none.
	Settings *store.Settings
}

// kinds are the boards, in the order tab and 1/2/3 go through them.
var kinds = [...]store.VoteKind{store.VoteChat, store.VoteImage, store.VoteVideo}

// Model is the Arena tab.
type Model struct {
	kind   int              // index in kinds
	filter filter           // applied to the board shown
	form   filterform.Model // the filters being edited (ui/components/filter)
	matrix matrixView       // the head-to-head matrix instead of the board

	boards loader // the boards computed off the UI loop, the newest kept

	needs needList     // the pairs that need votes, with a cursor
	cal   calibrator   // the judge asked about the votes it has not seen (J)
	at    scroll.Model // the window on the body

	km            keyMap
	st            styles
	width, height int
}

// New returns the tab; Init loads the first board.
func New(o Options) Model {
	m := Model{boards: newLoader(o), km: defaultKeyMap(), st: newStyles(true), cal: calibrator{settings: o.Settings, ask: guard.New()}}
	m.form = newForm()
	m.form.SetStyles(filterform.DefaultStyles(true))
	return m
}

// Init loads the chat board.
func (m Model) Init() tea.Cmd { return m.boards.load(kinds[m.kind], m.filter) }

// Update handles keys, the wheel, the shell's messages and the results of
// the tab's commands.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.MouseWheelMsg:
		return m.wheel(msg), nil
	case tab.ShownMsg, tab.DeletedMsg:
		return m.reload()
	case tab.ClientMsg, countedMsg, guard.Verdict, calibratedMsg:
		m.cal, cmd = m.cal.update(msg)
		return m, cmd
	case tab.SettingsMsg:
		m.cal.settings = msg.Settings
		if j := judgeOf(msg.Settings); j != m.boards.judge {
			m.boards.judge = j
			return m.reload()
		}
		return m, nil
	case tab.StoreChangedMsg:
		if msg.Shown != tab.Arena {
			return m, nil // computed again when shown
		}
		return m, m.changed()
	case stampedMsg:
		return m.stamped(msg)
	case loadedMsg:
		m = m.loaded(msg)
		return m, m.boards.style()
	case styledMsg:
		m.boards = m.boards.styled(msg)
		return m, nil
	case promptMsg:
		return m, msg.rerun()
	}
	if m.form.IsOpen() {
		m.form, _, cmd = m.form.Update(msg)
		return m, cmd
	}
	return m, nil
}

// Focused reports whether a filter field has the keyboard.
func (m Model) Focused() bool { return m.form.IsOpen() }

// FieldEmpty reports whether the filter field being typed holds nothing:
// a ? there opens help.
func (m Model) FieldEmpty() bool { return m.form.FocusedEmpty() }

// SetSize sets the space the tab may draw in.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.form.SetWidth(max(w-kindsWidth, 24))
	m.follow()
}

// SetDark picks the styles for a dark or light background.
func (m *Model) SetDark(dark bool) {
	m.st, m.cal.dark = newStyles(dark), dark
	m.form.SetStyles(filterform.DefaultStyles(dark))
}

// Summary names the board shown, for the status bar.
func (m Model) Summary() string {
	s := "arena · " + string(kinds[m.kind])
	if f := m.filter.String(); f != "" {
		s += " · " + f
	}
	return s
}

// KeyMap is the tab's keys in the current mode, for help.
func (m Model) KeyMap() help.KeyMap {
	if m.cal.ask.Asking() {
		return tab.Asking(m.cal.ask.Help())
	}
	return m.km.help(m.form.IsOpen(), m.matrix.on)
}

// result addresses a command's message to this tab.
func result(msg tea.Msg) tea.Msg { return tab.Result(tab.Arena, msg) }

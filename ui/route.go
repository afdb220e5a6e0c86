package ui

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"atelier/store"
	"atelier/ui/internal/frameclock"
	"atelier/ui/tab"
)

// key acts on the shell's keys and passes the rest to the active tab. A
// bare digit is the tab's own choice: it goes to the tab while a text
// field (or a picker) has the keyboard or a live group of the tab binds
// it, and otherwise does nothing and the status line says so. ? is text
// in a field holding text; f1 opens help from anywhere. While the help,
// the messages or the palette cover the tab, keys do not reach it.
func (m Model) key(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	active := m.tabs[m.active]
	free := !active.Focused()
	switch {
	case key.Matches(msg, m.keys.Quit):
		return m.quit()
	case key.Matches(msg, m.keys.Jump):
		return m.switchTo(tab.ID(position(m.keys.Jump, msg)))
	case key.Matches(msg, m.keys.Next):
		return m.switchTo(m.active + 1)
	case key.Matches(msg, m.keys.Prev):
		return m.switchTo(m.active - 1)
	case m.cover == paletteCover:
		return m.paletteKey(msg)
	case key.Matches(msg, m.keys.Palette):
		return m.openPalette(), nil
	case m.cover != noCover:
		return m.coverKey(msg), nil
	case key.Matches(msg, m.keys.Help):
		return m.toggle(helpCover), nil
	case key.Matches(msg, m.keys.Log):
		return m.toggle(logCover), nil
	case free && bareDigit(msg) && !m.bindsNow(msg):
		return m.post(warning, m.noDigit(msg.String()))
	case key.Matches(msg, m.keys.Question) && (free || fieldEmpty(active)):
		return m.toggle(helpCover), nil
	case key.Matches(msg, m.keys.Dismiss):
		return m.withStatus(m.status.dismissed(m.active)).deliver(m.active, msg)
	}
	return m.deliver(m.active, msg)
}

// bareDigit reports whether msg is a digit with no modifier.
func bareDigit(msg tea.KeyPressMsg) bool {
	s := msg.String()
	return len(s) == 1 && s[0] >= '0' && s[0] <= '9'
}

// noDigit says why digit d did nothing, and which key goes to the tab it
// used to.
func (m Model) noDigit(d string) string {
	text := d + " chooses nothing here"
	if n := int(d[0] - '1'); n >= 0 && n < int(tab.Count) {
		text += " · alt+" + d + " goes to " + titles[n]
	}
	return text
}

// blanker is a screen that says whether the text field with the keyboard
// is empty (or no field has it, only a picker): a ? there asks for help,
// since there is no text yet for it to belong to.
type blanker interface{ FieldEmpty() bool }

func fieldEmpty(s screen) bool {
	b, ok := s.(blanker)
	return ok && b.FieldEmpty()
}

// quitGrace is how long quitting waits for the tabs to record what they
// were streaming.
const quitGrace = 3 * time.Second

// quitNowMsg ends the wait of quit.
type quitNowMsg struct{}

// quit ends the program. A tab still streaming is told to stop first, so
// the reply is recorded as esc records it (with its figures and tool
// calls) rather than cut off at exit; Update quits once
// no tab is busy, or after quitGrace, or at a second ctrl+c.
func (m Model) quit() (Model, tea.Cmd) {
	if m.quitting || !m.busy() {
		return m, tea.Quit
	}
	m.quitting = true
	m, told := m.broadcast(tab.QuitMsg{})
	return m, tea.Batch(told, m.tick(quitGrace, func(time.Time) tea.Msg { return quitNowMsg{} }))
}

// busier is a screen with work under way that quitting would cut short.
type busier interface{ Busy() bool }

// busy reports whether any tab has such work.
func (m Model) busy() bool {
	for _, t := range m.tabs {
		if b, ok := t.(busier); ok && b.Busy() {
			return true
		}
	}
	return false
}

// click on a tab title switches to it; other clicks go to the active tab.
func (m Model) click(msg tea.MouseClickMsg) (tea.Model, tea.Cmd) {
	if id, ok := m.tabAt(msg.X, msg.Y); ok && msg.Button == tea.MouseLeft {
		return m.switchTo(id)
	}
	return m.deliver(m.active, msg)
}

// deliver hands msg to one tab, shown or not; what its commands say to
// the status bar is that tab's.
func (m Model) deliver(id tab.ID, msg tea.Msg) (Model, tea.Cmd) {
	if id < 0 || id >= tab.Count {
		return m, nil
	}
	var cmd tea.Cmd
	m.tabs[id], cmd = m.tabs[id].Update(msg)
	return m, from(id, cmd)
}

// pass hands a message no case of Update claimed to the active tab. The
// terminal's replies to a tab's queries (image support, the colour
// profile) and the notes Bubble Tea passes on after a raw write go to every
// tab instead: the tab that asked may not be the one showing.
func (m Model) pass(msg tea.Msg) (Model, tea.Cmd) {
	switch msg.(type) {
	case tea.RawMsg, tea.TerminalVersionMsg, tea.ColorProfileMsg, tea.CapabilityMsg,
		uv.KittyGraphicsEvent, uv.PrimaryDeviceAttributesEvent, uv.CellSizeEvent, uv.PixelSizeEvent,
		uv.UnknownCsiEvent, uv.UnknownDcsEvent: // the sixel size, the colour report
		return m.broadcast(msg)
	}
	return m.deliver(m.active, msg)
}

// broadcast hands msg to every tab.
func (m Model) broadcast(msg tea.Msg) (Model, tea.Cmd) {
	cmds := make([]tea.Cmd, 0, len(m.tabs))
	for id := range m.tabs {
		var cmd tea.Cmd
		m.tabs[id], cmd = m.tabs[id].Update(msg)
		cmds = append(cmds, from(tab.ID(id), cmd))
	}
	return m, tea.Batch(cmds...)
}

// syncFrames tells the tabs that the renderer ticks now and every frame
// after (frameclock): called as it starts its ticker.
func (m Model) syncFrames() tea.Cmd {
	msg := frameclock.SyncMsg{At: m.now()}
	return func() tea.Msg { return msg }
}

// switchTo shows tab id, wrapping around at either end, and tells it so.
func (m Model) switchTo(id tab.ID) (Model, tea.Cmd) {
	m.active = (id%tab.Count + tab.Count) % tab.Count
	return m.deliver(m.active, tab.ShownMsg{})
}

// rerun shows the tab a past run goes back to, and hands it the run.
func (m Model) rerun(msg tab.RerunMsg) (tea.Model, tea.Cmd) {
	m, shown := m.switchTo(msg.To)
	m, cmd := m.deliver(m.active, msg)
	return m, tea.Batch(shown, cmd)
}

// resize gives every tab the room inside the frame.
func (m Model) resize(w, h int) Model {
	m.width, m.height = w, h
	m.help.SetWidth(max(w-4, 0))
	m.coverScroll.GotoTop()
	cw, ch := m.inner()
	for _, t := range m.tabs {
		t.SetSize(cw, ch)
	}
	return m
}

// inner is the room inside the frame: the tab bar, the status line, the
// border and the frame's side padding take the rest.
func (m Model) inner() (w, h int) { return max(m.width-4, 0), max(m.height-4, 0) }

// background records the terminal's background and restyles.
func (m Model) background(dark bool) Model {
	m.bgDark = dark
	return m.restyle()
}

// dark is the theme setting, or the terminal's background for auto.
func (m Model) dark() bool {
	switch m.settings.Theme {
	case "dark":
		return true
	case "light":
		return false
	}
	return m.bgDark
}

// restyle builds the styles for the current theme, for the shell and tabs.
func (m Model) restyle() Model {
	d := m.dark()
	m.styles = newStyles(d)
	m.help.Styles = m.styles.Help.Keys
	for _, t := range m.tabs {
		t.SetDark(d)
	}
	return m
}

func (m Model) withStatus(s statusBar) Model {
	m.status = s
	return m
}

func (m Model) withRunning(n int) statusBar {
	s := m.status
	s.running = n
	return s
}

// settingsSaved adopts saved settings: the theme may have changed, and the
// base URL or headers, so the shell reconnects; the tabs are told too, for
// the default models and the media folders.
func (m Model) settingsSaved(s *store.Settings) (tea.Model, tea.Cmd) {
	m.settings = s
	m, told := m.restyle().broadcast(tab.SettingsMsg{Settings: s})
	m, cmd := m.reconnect()
	return m, tea.Batch(told, cmd)
}

// continueChat shows the Chat tab and hands it a column of a comparison.
func (m Model) continueChat(msg tab.ContinueChatMsg) (tea.Model, tea.Cmd) {
	m, shown := m.switchTo(tab.Chat)
	m, cmd := m.deliver(tab.Chat, msg)
	return m, tea.Batch(shown, cmd)
}

// toVideo shows the Video tab and hands it an image to animate.
func (m Model) toVideo(msg tab.ToVideoMsg) (tea.Model, tea.Cmd) {
	m, shown := m.switchTo(tab.Video)
	m, cmd := m.deliver(tab.Video, msg)
	return m, tea.Batch(shown, cmd)
}

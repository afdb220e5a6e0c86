package ui

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// Model is the shell: the tabs, the active one, the status bar and help.
type Model struct {
	deps     Deps
	tabs     [tab.Count]screen
	active   tab.ID
	keys     keyMap
	styles   styles
	help     help.Model
	status   statusBar
	settings *store.Settings // as last saved: what Connect is given
	client   *client.Client  // nil until connected, or without a service
	connSeq  int             // the connect whose answer counts

	bgDark        bool // the terminal's background, once it says; dark until then
	width, height int
	drawn         *drawCache // the screen's parts as last drawn; the UI loop's only
}

// New returns the shell over deps, on the Chat tab.
func New(deps Deps) Model {
	cfg := deps.Settings
	if cfg == nil {
		cfg = store.DefaultSettings()
	}
	m := Model{
		deps:     deps,
		tabs:     newScreens(deps),
		keys:     defaultKeyMap(),
		help:     help.New(),
		settings: cfg,
		bgDark:   true,
		status:   statusBar{service: "connecting…"},
		drawn:    &drawCache{},
	}
	if deps.Connect == nil {
		m.status.service = serviceName(deps.Demo, nil)
	}
	return m.restyle()
}

// Init asks the terminal for its background, connects, starts listening
// for background work and lets each tab start.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.connect(), m.nextEvent()}
	for _, t := range m.tabs {
		cmds = append(cmds, t.Init())
	}
	return tea.Batch(cmds...)
}

// Update routes each message to the one place that handles it.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.MouseClickMsg:
		return m.click(msg)
	case tea.WindowSizeMsg:
		return m.resize(msg.Width, msg.Height).broadcast(tab.RedrawMsg{})
	case tea.BackgroundColorMsg:
		return m.background(msg.IsDark()).broadcast(tab.RedrawMsg{})
	case tab.ResultMsg:
		return m.deliver(msg.To, msg.Msg)
	case tab.ErrorMsg:
		return m.withStatus(m.status.failed(msg.Err)), nil
	case tab.RerunMsg:
		return m.rerun(msg)
	case tab.NoticeMsg:
		return m.withStatus(m.status.noted(msg.Text)), nil
	case TasksChangedMsg:
		return m.withStatus(m.withRunning(msg.Running)), nil
	case tab.SettingsMsg:
		return m.settingsSaved(msg.Settings)
	case tab.KeysChangedMsg:
		return m.reconnect()
	case tab.ContinueChatMsg:
		return m.continueChat(msg)
	case connectedMsg:
		return m.connected(msg)
	case eventMsg:
		return m.event(msg)
	}
	return m.pass(msg)
}

// View draws the tab bar, the active tab (or the full help) in a frame, and
// the status line, on the alternate screen with the mouse on.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "atelier"
	return v
}

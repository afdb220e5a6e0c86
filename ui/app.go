package ui

import (
	"errors"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/components/palette"
	"atelier/ui/components/scroll"
	"atelier/ui/internal/frameclock"
	"atelier/ui/tab"
)

// Model is the shell: the tabs, the active one, the status bar and help.
type Model struct {
	deps        Deps
	tabs        [tab.Count]screen
	active      tab.ID
	keys        keyMap
	styles      *styles        // by pointer: the shell is copied at every message, its styles are some 12 KB
	help        help.Model     // draws the bottom line's keys
	cover       cover          // the full help, the messages or the palette, over the tab
	coverScroll scroll.Model   // where the cover is scrolled to
	palette     *palette.Model // the command palette while it is open
	status      statusBar
	now         func() time.Time
	tick        func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	settings    *store.Settings // as last saved: what Connect is given
	client      *client.Client  // nil until connected, or without a service
	connSeq     int             // the connect whose answer counts
	quitting    bool            // ctrl+c came while a tab was busy: it ends when none is
	looked      bool            // the store's version was read once (watch.go)
	version     int64           // the store's version at the last look

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
		now:      deps.Now,
		tick:     deps.Tick,
		drawn:    &drawCache{},
	}
	if m.now == nil {
		m.now = time.Now
	}
	if m.tick == nil {
		m.tick = tea.Tick
	}
	if deps.Connect == nil {
		m.status.service = serviceName(deps.Demo, nil)
	}
	return m.restyle()
}

// Init asks the terminal for its background, connects, starts listening
// for background work and watching the store, and lets each tab start. It tells the tabs when the
// renderer ticks: Bubble Tea starts its ticker just before it calls Init.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.connect(), m.nextEvent(), m.nextPolled(), m.syncFrames(), m.watch()}
	for id, t := range m.tabs {
		cmds = append(cmds, from(tab.ID(id), t.Init()))
	}
	return tea.Batch(cmds...)
}

// Update routes each message to the one place that handles it; while
// quitting, the program ends once no tab is busy.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.route(msg)
	if q := next.(Model); q.quitting && !q.busy() {
		return q, tea.Batch(cmd, tea.Quit)
	}
	return next, cmd
}

func (m Model) route(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.MouseClickMsg:
		return m.click(msg)
	case tea.WindowSizeMsg:
		// The size again is how Bubble Tea says that it took the
		// terminal back after a program ran in it (an editor, an image
		// shown whole): its renderer's ticker started anew. A terminal
		// may say its size again of its own accord (tmux on attach):
		// the frames then land off the ticks until the next sync,
		// which costs what every frame cost before frameclock.
		again := msg.Width == m.width && msg.Height == m.height
		next, cmd := m.resize(msg.Width, msg.Height).broadcast(tab.RedrawMsg{})
		if again {
			cmd = tea.Batch(cmd, m.syncFrames())
		}
		return next, cmd
	case tea.ResumeMsg: // back from ctrl+z: the renderer started anew
		return m, m.syncFrames()
	case frameclock.SyncMsg:
		return m.broadcast(msg)
	case tea.BackgroundColorMsg:
		return m.background(msg.IsDark()).broadcast(tab.RedrawMsg{})
	case tea.ColorProfileMsg:
		// 16 colours take a palette of their own; the tabs hear it too.
		tab.UseColorProfile(msg.Profile)
		return m.restyle().broadcast(msg)
	case tab.ResultMsg:
		return m.deliver(msg.To, msg.Msg)
	case fromTab:
		return m.fromTab(msg)
	case tab.ErrorMsg: // the shell's own
		return m.post(failure, m.explain(msg.Err))
	case tab.RerunMsg:
		return m.rerun(msg)
	case tab.NoticeMsg:
		return m.post(level(msg.Kind), msg.Text)
	case expiredMsg:
		return m.withStatus(m.status.expired(msg.seq)), nil
	case quitNowMsg:
		return m, tea.Quit
	case TasksChangedMsg:
		return m.withStatus(m.withRunning(msg.Running)), nil
	case tab.SettingsMsg:
		return m.settingsSaved(msg.Settings)
	case tab.KeysChangedMsg:
		return m.reconnect()
	case tab.ContinueChatMsg:
		return m.continueChat(msg)
	case tab.ToVideoMsg:
		return m.toVideo(msg)
	case tab.RetryDownloadMsg: // History's key; the Video tab has the poller
		return m.deliver(tab.Video, msg)
	case tab.DeletedMsg:
		return m.broadcast(msg)
	case connectedMsg:
		return m.connected(msg)
	case eventMsg:
		return m.event(msg)
	case watchedMsg:
		return m.watched(msg)
	}
	return m.pass(msg)
}

// explain is err as the status bar says it: a refusal of plain http:// says
// which flag allows it.
func (m Model) explain(err error) string {
	if errors.Is(err, client.ErrInsecure) && !m.deps.Insecure {
		return err.Error() + ": start atelier with --insecure to allow it"
	}
	return err.Error()
}

// expiredMsg says message seq's lifetime is over.
type expiredMsg struct{ seq int }

// post shows a message of the shell's own in the status bar and logs it;
// unless it is an error, it goes when its lifetime is over.
func (m Model) post(l level, text string) (Model, tea.Cmd) { return m.postFrom(fromShell, l, text) }

// postFrom is post for a message from tab id.
func (m Model) postFrom(id tab.ID, l level, text string) (Model, tea.Cmd) {
	m.status = m.status.post(l, text, m.now(), id)
	life := l.lifetime()
	if life <= 0 {
		return m, nil
	}
	seq := m.status.seq
	return m, m.tick(life, func(time.Time) tea.Msg { return expiredMsg{seq: seq} })
}

// View draws the tab bar, the active tab (or the full help) in a frame, and
// the status line, on the alternate screen with the mouse on.
func (m Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = windowTitle
	return v
}

// windowTitle is the terminal window's title (and tmux's pane title).
const windowTitle = "atelier"

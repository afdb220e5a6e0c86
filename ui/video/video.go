// Package video is the Video tab of atelier's terminal UI: a form generated
// from the client's table of the 16 video endpoints (each field with its
// type, allowed values, default and range, lists and object lists as small
// editors, local images sent as data URIs where the endpoint accepts them),
// checked against every documented rule before anything is sent; and the
// list of tasks, kept moving by the background poller while other tabs
// show, with their status, time, queue position, logs and saved videos.
//
// The background poller (poller.Poller) reports through one channel the
// shell drains; EventMsg makes each of its events a message. It imports
// bubbletea, bubbles, lipgloss, client, poller, record, store,
// ui/imageview, termtext and ui/tab; never ui.
package video

import (
	"math/rand/v2"
	"os"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"atelier/client"
	"atelier/poller"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/ask"
	"atelier/ui/components/guard"
	"atelier/ui/components/vote"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// Options are what the tab works with.
type Options struct {
	Store  *store.Store   // where tasks are recorded; nil: nothing can be submitted
	Poller *poller.Poller // follows submitted tasks; nil: they wait in the history
	// Now is the time at start (default time.Now); later times arrive as
	// tick messages, every Tick (default a second; negative: none, for
	// tests, which send the ticks themselves).
	Now  func() time.Time
	Tick time.Duration
	// Open plays a video file (default: the first player found, through
	// imageview.Play: mpv, ffplay, vlc, $ATELIER_PLAYER, the system's
	// opener). It runs in a command.
	Open func(path string) error
	// Getenv tells which terminal this is, for notifications (default
	// os.Getenv).
	Getenv func(string) string
	// Endpoint is the settings' default video endpoint (a path after
	// /queue/qv/, its mode in place); the form starts on it. Empty or
	// unknown: the table's first.
	Endpoint string
	// Coin chooses the arena's order: true shows the task c was pressed on
	// as B (default: a fair coin; tests fix it).
	Coin func() bool
	// Prices are the rates tasks are costed at; nil: no cost shown.
	Prices price.Table
	// Settings hold the [budget] a task is weighed against before it is
	// sent (and the prices, when Prices is nil); nil: no budget.
	Settings *store.Settings
	// FFmpeg finds the ffmpeg that cuts a saved video's frames, "" for
	// none (no frames shown); nil: imageview.FFmpeg, $PATH's.
	FFmpeg func() string
}

// Model is the Video tab.
type Model struct {
	db     *store.Store
	prices price.Table
	open   func(string) error
	notify alerter // how a task's end is told beyond the status line

	out  sender // the client, the budget's question, the submission in flight
	dark bool   // the background, for the question's colour

	form  draft
	tasks taskList
	mode  mode
	pick  picker
	ar    arena       // the video arena, while pairing or judging
	shots frames      // the selected task's poster and strip
	label ask.Label   // the selected task's label, asked (L)
	coin  func() bool // the arena's order

	endpoint string // the settings' default endpoint, which the form started on
	lastI2V  string // the image-to-video endpoint chosen last (kept in the store), mode included

	km            keyMap
	st            styles
	width, height int
}

// New returns the tab on the first endpoint of the table.
func New(o Options) Model {
	now := time.Now
	if o.Now != nil {
		now = o.Now
	}
	open := o.Open
	if open == nil {
		open = imageview.Play
	}
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	coin := o.Coin
	if coin == nil {
		coin = func() bool { return rand.IntN(2) == 1 }
	}
	every := o.Tick
	if every == 0 {
		every = time.Second
	}
	e, mode := defaultEndpoint(o.Endpoint)
	out := sender{db: o.Store, poller: o.Poller, guard: budgetGuard{Model: guard.New(), settings: o.Settings}}
	m := Model{db: o.Store, out: out, open: open, notify: newAlerter(detectNotifier(getenv), o.Settings), ar: newArena(o.Store),
		tasks: newTaskList(o.Store, clock{now: now(), every: every}), km: defaultKeyMap(), endpoint: o.Endpoint, prices: o.Prices, coin: coin}
	m.shots = frames{ffmpeg: o.FFmpeg, preview: &imageview.Preview{}}
	m.label = ask.NewLabel(tab.Video)
	if m.shots.ffmpeg == nil {
		m.shots.ffmpeg = imageview.FFmpeg
	}
	if m.prices == nil && o.Settings != nil {
		m.prices = o.Settings.Prices
	}
	m.SetDark(true)
	m.setForm(newDraft(e, mode))
	m.form.FocusFirstText()
	return m
}

// defaultEndpoint is the endpoint (and mode) path names, else the table's
// first.
func defaultEndpoint(path string) (client.VideoEndpoint, string) {
	if path != "" {
		if e, mode, err := client.LookupVideoEndpoint(path); err == nil {
			return e, mode
		}
	}
	return client.VideoEndpoints()[0], ""
}

// withEndpoint adopts a new default endpoint at once:
// the form moves to it, keeping the values both share, while it is still
// on the old default.
func (m Model) withEndpoint(path string) Model {
	was := newDraft(defaultEndpoint(m.endpoint))
	m.endpoint = path
	if m.form.ep.PathFor(m.form.modeName()) != was.ep.PathFor(was.modeName()) {
		return m
	}
	e, mode := defaultEndpoint(path)
	m.setForm(newDraft(e, mode).carry(m.form))
	if m.mode == editing {
		m.form.FocusFirstText()
	}
	return m
}

// Init reads the recorded tasks and whether the queue is paused, and the
// image-to-video endpoint chosen last.
func (m Model) Init() tea.Cmd { return tea.Batch(loadTasks(m.db), readLastEndpoint(m.db)) }

// Update routes keys by mode, and each command's answer to its handler;
// the task list's window then fits the room the form leaves.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	m, cmd := m.update(msg)
	m.tasks.SetHeight(m.tasks.rows(m.height, m.form.Height()))
	if m.mode == browsing { // the selected task's frames, once
		if t, ok := m.tasks.Selected(); ok {
			cmd = tea.Batch(cmd, m.shots.want(t.file))
		}
	}
	return m, cmd
}

func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		return m.paste(msg)
	case tab.ClientMsg, guard.Verdict: // the sender's
		var cmd tea.Cmd
		m.out, cmd = m.out.update(msg)
		return m, cmd
	case tab.ToVideoMsg, lastEndpointMsg:
		return m.imageMsg(msg)
	case tab.RerunMsg:
		return m.adopt(fromPast("the video task from history", msg.Endpoint, msg.BodyJSON, "", "")) // to edit and send
	case tab.SettingsMsg:
		m.prices, m.out.guard.settings = msg.Settings.Prices, msg.Settings
		m.notify = m.notify.with(msg.Settings.Notify)
		return m.withEndpoint(msg.Settings.Models.Video), nil
	case tab.DeletedMsg:
		m.tasks.remove(msg.RequestID) // deleted in History: gone here too
		return m, nil
	case tab.StoreChangedMsg: // read even out of sight (reloadTasks)
		return m, reloadTasks(m.db, m.out.poller, m.tasks.known(), m.tasks.stamp)
	case updateMsg:
		return m, m.tasks.updated(msg, m.db, m.notify)
	case tasksLoadedMsg, taskLoadedMsg, deletedMsg, tickMsg, tab.RetryDownloadMsg, retriedMsg, pausedMsg:
		return m.listMsg(msg)
	case vote.RecordedMsg, vote.WithdrawnMsg, playedMsg: // only the arena being judged takes them
		return m.arenaAnswer(msg)
	case recipeMsg:
		return m.adopt(fromRecipe(msg))
	case submittedMsg:
		return m.submitted(msg)
	case ask.SuggestionsMsg:
		m.label.Model, _, _ = m.label.Update(msg)
	case tab.LabelledMsg:
		return m, msg.Said() // the list follows the store's change
	case framesMsg, uv.CellSizeEvent, tea.ColorProfileMsg:
		m.shots.update(msg)
	}
	return m, nil
}

// arenaAnswer gives the arena being judged what it waited for.
func (m Model) arenaAnswer(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	if m.mode == judging {
		m.ar, cmd = m.ar.answer(msg)
	}
	return m, cmd
}

// Running is how many tasks are not done yet, for the status bar.
func (m Model) Running() int { return m.tasks.running() }

// Focused reports whether the tab owns the bare keys: a text row has the
// keyboard, or the endpoint chooser, which is modal.
func (m Model) Focused() bool {
	return m.mode == editing && m.form.EditsText() || m.mode == picking || m.mode == pairing || m.mode == judging ||
		m.out.guard.Asking() || m.label.Asking()
}

// FieldEmpty reports whether the text row with the keyboard holds nothing
// (or the chooser has it): a ? there opens help.
func (m Model) FieldEmpty() bool {
	return m.mode == picking || m.mode == pairing || m.mode == judging || m.form.InputEmpty() ||
		m.label.Asking() && m.label.Value() == ""
}

// SetSize sets the space the tab may draw in.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.form.SetSize(w, 0)
}

// SetDark picks the styles for a dark or light background.
func (m *Model) SetDark(dark bool) {
	m.st, m.dark = newStyles(dark), dark
	m.form.SetStyles(m.st.Form)
	m.ar.vote.SetDark(dark)
	m.label.SetStyles(ask.DefaultStyles(dark))
}

// Summary names the endpoint being written, for the status bar.
// In the arena it names nothing: the form's endpoint may be one judged.
func (m Model) Summary() string {
	if m.mode == judging || m.mode == pairing {
		return "video · arena"
	}
	return "video · " + m.form.path()
}

// KeyMap is the tab's keys in the current mode, for help.
func (m Model) KeyMap() help.KeyMap {
	if m.out.guard.Asking() {
		return tab.Asking(m.out.guard.Help())
	}
	list, path, mode := m.mode == editing && m.form.InList(), m.mode == editing && m.form.typesPath(), m.mode
	if m.label.Asking() {
		mode = labelling
	}
	switch {
	case m.tasks.Asking():
		mode = confirming
	case mode == browsing && m.tasks.Filtering():
		mode = filtering
	case mode == judging && m.ar.vote.Asking():
		mode = withdrawing
	case mode == judging && m.ar.revealed():
		mode = revealed
	}
	return helpKeys{km: m.km, mode: mode, list: list, path: path}.help()
}

// result addresses a command's message to this tab.
func result(msg tea.Msg) tea.Msg { return tab.Result(tab.Video, msg) }

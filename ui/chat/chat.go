// Package chat is the Chat tab of atelier's terminal UI: a list of stored
// conversations, the open conversation with its replies rendered as
// markdown while they stream, a composer for the next prompt and a picker
// for the target (family, model and that family's settings).
//
// Everything that waits runs in a command: the store (every prompt and
// reply is recorded, the reply checkpointed as it streams, so a conversation
// survives a restart, an interrupted reply included) and the service (one
// delta per command, pulled from the client's stream). Model output is
// cleaned of terminal control sequences before it is drawn.
//
// It imports bubbletea, bubbles, lipgloss, client, record, store,
// ui/markdown, termtext and ui/tab; never ui.
package chat

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/editor"
	"atelier/ui/components/list"
	"atelier/ui/internal/frameclock"
	"atelier/ui/tab"
)

// Options are what the tab works with.
type Options struct {
	Store  *store.Store // where conversations are kept; nil: this session only
	Models store.Models // the default model of each family
	Prices price.Table  // the rates replies are costed at; nil: no cost shown
	Demo   bool         // the built-in simulator is the service
	// Now is the clock for the list's ages before the first answer of the
	// store brings the time; nil means time.Now. Tests fix it.
	Now func() time.Time
	// Tick makes the command that waits a frame before the next pull of a
	// streaming reply; nil means tea.Tick. Benchmarks run frames themselves.
	Tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	// BatchBytes caps the text one pull of a streaming reply takes (the
	// deltas that came since the last frame); 0 means 64 KiB. Benchmarks
	// set it to the text they draw a frame for.
	BatchBytes int
}

// focus is the pane that has the keyboard.
type focus int

const (
	onComposer focus = iota
	onList
	onReply
)

// Model is the Chat tab: its parts and the routing between them. The list,
// the conversation (and the reply arriving into it), the transcript that
// draws it, the composer, the picker, the one-line field and the question
// of a code block's number each own their state; the Model hands them keys
// and messages, adopts what they return, and keeps what the panes share:
// the target, the focus, the clock, the styles and the size.
type Model struct {
	db       *store.Store
	client   *client.Client
	defaults defaults
	target   client.ChatTarget

	list    convList
	conv    conversation
	tr      transcript
	comp    composer
	edit    editor.Model // the composer's text in $VISUAL or $EDITOR
	pick    *picker      // by pointer, as field: the Model is copied at every message
	field   *field
	code    codeChoice
	focus   focus
	showAll bool // thinking shown in full

	frames frames
	clock  time.Time // now, as the last message that knew said

	km            keyMap
	st            *styles            // by pointer: the Model is copied at every message
	viewGen       int                // bumped by every change the view may show
	drawn         *memo[int, string] // the view as last drawn, for viewGen; shared by copies
	width, height int
}

// New returns the tab. The listing is loaded by Init's command.
func New(o Options) Model {
	now := time.Now
	if o.Now != nil {
		now = o.Now
	}
	m := Model{
		db: o.Store, defaults: defaults{models: o.Models, demo: o.Demo},
		km: defaultKeyMap(), clock: now(), frames: frames{frameclock.Pace{Tick: tea.Tick, Now: now}}, list: newConvList(o.Store),
	}
	if o.Tick != nil {
		m.frames.Tick = o.Tick
	}
	m.conv.batch = o.BatchBytes
	m.list.KeyMap.Yes, m.list.KeyMap.No = m.km.Yes, m.km.No
	m.target = client.ChatTarget{Family: client.DefaultChatFamily, Model: m.defaults.model(client.DefaultChatFamily)}
	m.comp = newComposer(m.km.Newline).focus(true)
	m.edit = editor.New(result)
	m.tr = m.tr.reset()
	m.tr.prices = o.Prices
	m.drawn = &memo[int, string]{}
	m.pick, m.field = ref(newPicker()), &field{}
	m.SetDark(true)
	return m
}

// Init loads the first page of the listing.
func (m Model) Init() tea.Cmd { return loadPage(m.db, m.list.seq, nil) }

// Update routes a message to what handles it.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	m.viewGen++
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		return m.paste(msg)
	case tea.MouseWheelMsg:
		return m.wheel(msg)
	case tab.ClientMsg:
		m.client = msg.Client
		return m, nil
	case frameclock.SyncMsg:
		m.frames.Clock = frameclock.Sync(msg)
		return m, nil
	case tab.StoreChangedMsg, tab.ShownMsg:
		var cmd, conv tea.Cmd
		m.list, cmd = m.list.followStore(msg)
		m.conv, conv = m.conv.follow(msg, m.db, m.tr)
		return m, tea.Batch(cmd, conv)
	case tab.DeletedMsg: // in History
		if msg.Ref.Kind == store.KindChat {
			m, _ = m.drop(msg.Ref.ID)
		}
		return m, nil
	case tab.QuitMsg:
		m.conv.stop()
		return m, nil
	case tab.SettingsMsg:
		m.defaults, m.target = m.defaults.adopt(msg.Settings.Models, m.target)
		var repriced bool
		if m.tr, repriced = m.tr.repriced(msg.Settings.Prices); repriced {
			m.layout()
		}
		return m, nil
	case tab.RerunMsg:
		return m.rerun(msg)
	case tab.ContinueChatMsg:
		return m.continueFrom(msg)
	}
	return m.result(msg)
}

// result handles the answers of the tab's commands.
func (m Model) result(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case listLoadedMsg:
		if msg.seq == m.list.seq {
			m.clock = msg.now
			m.list, cmd = m.list.pageLoaded(msg)
		}
		return m, cmd
	case openedMsg:
		return m.opened(msg)
	case renamedMsg:
		m.list, cmd = m.list.renamed(msg)
		return m, cmd
	case deletedMsg: // here: the list keeps the keyboard
		if msg.err != nil {
			return m, tab.Error(msg.err)
		}
		var left bool
		if m, left = m.drop(msg.id); left {
			m = m.focusOn(onList)
		}
		return m, tab.Notice("conversation deleted")
	case beganMsg, batchMsg, finishedMsg:
		return m.streamed(msg)
	case renderedMsg:
		m.tr, cmd = m.tr.rendered(msg, m.conv.entries)
		return m, cmd
	case editor.EditedMsg, attachedMsg:
		c, cmd, ok := m.comp.took(msg)
		if ok {
			_, edited := msg.(editor.EditedMsg)
			m = m.compose(c, edited) // the editor's text gets the keyboard
		}
		return m, cmd
	}
	return m, nil
}

// Focused reports whether the tab owns the bare keys: a text field has the
// keyboard (the composer, a one-line field, the digit that names a code
// block after y), or the target picker, which is modal: a digit there is
// a number, not a tab.
func (m Model) Focused() bool {
	return m.focus == onComposer || m.field.kind != noField || m.pick.open || m.code.waiting
}

// FieldEmpty reports whether the field with the keyboard holds nothing (or
// the picker has it, outside its field): a ? there opens help.
func (m Model) FieldEmpty() bool {
	switch {
	case m.pick.open:
		return !m.pick.editing || m.pick.form.InputEmpty()
	case m.field.kind != noField:
		return m.field.input.Value() == ""
	case m.code.waiting:
		return false
	}
	return m.comp.text() == "" && len(m.comp.images) == 0
}

// Busy reports whether a reply is arriving: quitting stops it first, so
// it is recorded whole.
func (m Model) Busy() bool { return m.conv.run != nil }

// SetSize sets the room the tab may draw in.
func (m *Model) SetSize(w, h int) {
	m.viewGen++
	m.width, m.height = w, h
	m.relayout()
}

// SetDark picks the styles for a dark or light background.
func (m *Model) SetDark(dark bool) {
	m.viewGen++
	st := newStyles(dark)
	m.st = &st
	m.comp = m.comp.own()
	m.comp.ta.SetStyles(m.st.Composer)
	m.field = m.field.own()
	m.field.input.SetStyles(m.st.Input)
	m.pick = ref(m.pick.restyle(st))
	m.list.SetStyles(list.DefaultStyles(dark))
	m.tr = m.tr.restyle(m.st.Markdown)
	m.layout()
}

// Summary is the target, for the status bar.
func (m Model) Summary() string { return targetSummary(m.target) }

// KeyMap is the tab's keys in the current mode, for help.
func (m Model) KeyMap() help.KeyMap {
	h := helpKeys{km: m.km, mode: m.mode(), pane: focusMode(m.focus), running: m.conv.run != nil, editing: m.comp.editing, field: m.field.kind}
	if m.pick.open {
		h.row = m.pick.row().kind
	}
	return h.help()
}

// focusMode is the pane f, as a mode.
func focusMode(f focus) mode {
	switch f {
	case onList:
		return browsing
	case onReply:
		return reading
	}
	return composing
}

func (m Model) mode() mode {
	switch {
	case m.pick.open && m.pick.typing(), m.field.kind != noField:
		return typing
	case m.pick.open:
		return picking
	case m.list.Asking():
		return confirming
	case m.code.waiting:
		return numbering
	case m.conv.run != nil:
		return streaming
	case m.focus == onList:
		return browsing
	case m.focus == onReply:
		return reading
	}
	return composing
}

// result addresses a command's message to this tab.
func result(msg tea.Msg) tea.Msg { return tab.Result(tab.Chat, msg) }

// Package batch is the Batch tab of atelier's terminal UI: the
// batches kept in history, newest first; a batch file run from a path,
// weighed against the [budget] first (ui/components/guard), with a
// progress bar while it runs; a stopped batch resumed; and a batch read
// as a matrix — cases down, targets across, each cell's checks, latency,
// tokens and first line, a summary row per target — sorted by any column,
// narrowed to the cases where the targets disagree, each cell's replies
// rendered as markdown, and any row sent to Compare.
//
// It runs the engine and reads the data the command line does (package
// batch, store/batch*.go), never a copy of them. Every read runs in a
// command; the run's progress channel is drained one report per command.
//
// The Model is the routing: it hands each key and message to the part
// that owns the state it concerns, and adopts what comes back. The parts:
// the list of batches (ui/components/list), the path field (pathField),
// the batch file's edit (fileEdit), the budget's gate (planGate), the run
// under way (running), the open batch (matrix, drawn by a sheet in a
// layout worked out per frame), its thumbnails (thumbCache) and a cell's
// replies (replies).
//
// It imports bubbletea, bubbles, lipgloss, batch, client, store and ui's
// own packages (tab, components, markdown); never ui.
package batch

import (
	"context"
	"fmt"
	"strconv"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
	"atelier/client"
	"atelier/store"
	"atelier/ui/components/guard"
	"atelier/ui/components/list"
	"atelier/ui/tab"
)

// Options are what the tab works with.
type Options struct {
	Store     *store.Store    // nil: the tab says there is no history
	Settings  *store.Settings // the prices and [budget] a run is weighed with; nil: none
	ExportDir string          // where x writes a batch's report and CSV; "" is the current folder
}

// Model is the Batch tab.
type Model struct {
	db        *store.Store
	settings  *store.Settings
	client    *client.Client
	exportDir string

	list list.Model[store.Batch]
	path pathField // the batch file's path, typed
	gate planGate  // a plan waiting for the [budget]'s verdict or the person's answer
	edit fileEdit  // the batch file in $VISUAL or $EDITOR

	run    *running  // the run under way; nil: none
	mx     *matrix   // the open batch; nil: the list shows
	want   int64     // the batch the person opened (0: the list): a read for another is dropped
	loads  int       // matrix reads under way for the open batch
	reader *replies  // a cell's replies; nil: none open
	errMsg string    // why the list could not be read
	stale  tab.Stale // the store changed while another tab showed

	draw          *drawCache  // the matrix as last drawn
	thumbs        *thumbCache // an image batch's thumbnails
	km            keyMap
	st            styles
	dark          bool
	width, height int
}

// New returns the tab; Init reads the list.
func New(o Options) Model {
	m := Model{db: o.Store, settings: o.Settings, exportDir: o.ExportDir, km: defaultKeyMap(), dark: true, gate: planGate{guard: guard.New()},
		draw: &drawCache{}, thumbs: newThumbCache(), edit: newFileEdit(), path: newPathField()}
	m.list = list.New(list.Options[store.Batch]{
		ID:   func(b store.Batch) string { return strconv.FormatInt(b.ID, 10) },
		Name: func(b store.Batch) string { return fmt.Sprintf("batch %d %s", b.ID, b.Name) },
		Also: ", its cells and their conversations",
		Delete: func(b store.Batch) tea.Cmd {
			return deleteCmd(m.db, b.ID)
		},
	})
	m.path.read.Sets = engine.StoreSets(context.Background(), o.Store)
	m.settingsRead()
	m.SetDark(true)
	return m
}

// Init reads the list of batches.
func (m Model) Init() tea.Cmd {
	if m.db == nil {
		return nil
	}
	return listCmd(m.db)
}

// Update handles keys and the results of the tab's commands.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		if m.path.typing {
			var cmd tea.Cmd
			m.path, cmd = m.path.update(msg)
			return m, cmd
		}
	case tea.MouseWheelMsg: // a cell's replies scroll
		if m.reader != nil {
			m.reader.key(msg, m.km)
		}
	case tab.ClientMsg:
		m.client = msg.Client
	case tab.SettingsMsg:
		m.settings = msg.Settings
		m.settingsRead()
	case tab.ShownMsg:
		if stale := m.stale.Follow(msg, tab.Batch); m.db != nil && (m.run == nil || stale) {
			return m.reread()
		}
	case tab.StoreChangedMsg:
		if m.stale.Follow(msg, tab.Batch) && m.db != nil {
			return m.reread()
		}
	case tab.QuitMsg:
		m.run.stop()
	case tab.RedrawMsg: // a new size: thumbnails at the new column width
		return m, m.thumbsCmd()
	default:
		return m.result(msg)
	}
	return m, nil
}

// result handles the results of the tab's reads: the list, a matrix, its
// summary, a cell's replies, thumbnails, a deletion; the rest are a
// run's (runResult).
func (m Model) result(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case listedMsg:
		m.errMsg = ""
		if msg.err != nil {
			m.errMsg = msg.err.Error()
			return m, tab.Error(msg.err)
		}
		m.list.SetItems(msg.batches)
	case loadedMsg:
		return m.loaded(msg)
	case summaryMsg:
		if m.mx != nil {
			m.mx.summarized(msg)
		}
		if msg.err != nil {
			return m, tab.Error(msg.err)
		}
	case repliesMsg:
		if msg.err != nil {
			return m, tab.Error(msg.err)
		}
		if m.mx != nil && msg.id == m.mx.b.ID {
			m.reader = newReplies(msg, m.mx, m.dark, m.width, m.height)
		}
	case thumbsMsg:
		m.thumbs.arrived(msg)
	case exportedMsg:
		return m, exported(msg)
	case deletedMsg:
		if msg.err != nil {
			return m, tab.Error(msg.err)
		}
		return m, tea.Batch(tab.Notice(fmt.Sprintf("batch %d deleted", msg.id)), listCmd(m.db))
	default:
		return m.runResult(msg)
	}
	return m, nil
}

// loaded shows a batch's matrix, or refreshes the one open.
func (m Model) loaded(msg loadedMsg) (Model, tea.Cmd) {
	if msg.id != m.want { // the person went back to the list, or opened another, meanwhile
		return m, nil
	}
	m.loads = max(m.loads-1, 0) // a read of the open batch is back, the first one too
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	if m.mx != nil && m.mx.b.ID == msg.id {
		m.mx.b = *msg.b
		m.mx.setCells(msg.cells)
	} else {
		m.mx = newMatrix(*msg.b, msg.plan, msg.cells)
	}
	m.layout().follow()
	return m, tea.Batch(summaryCmd(m.db, msg.id, msg.plan, msg.cells), m.thumbsCmd())
}

// reread reads the list again, the store having changed (another process
// ran a batch, or the tab's own run moved on), and the open matrix unless
// a read of it is already on its way or the tab's own run reads it as it
// moves. The list's cursor stays on its batch, and the matrix's on its
// cell.
func (m Model) reread() (Model, tea.Cmd) {
	cmds := []tea.Cmd{listCmd(m.db)}
	if m.mx != nil && m.want == m.mx.b.ID && m.loads == 0 && !m.runningOpen() {
		m.loads++
		cmds = append(cmds, matrixCmd(m.db, m.mx.b.ID))
	}
	return m, tea.Batch(cmds...)
}

// open reads batch id's matrix.
func (m Model) open(id int64) (Model, tea.Cmd) {
	if m.mx != nil && m.mx.b.ID != id {
		m.mx = nil
	}
	if m.want != id {
		m.loads = 0 // reads for another batch, or from before esc, are dropped uncounted
	}
	m.want = id
	m.loads++
	return m, matrixCmd(m.db, id)
}

// Busy reports whether a run is under way: quitting waits for it to
// record its stop (tab.QuitMsg stops it).
func (m Model) Busy() bool { return m.run != nil }

// runningOpen reports whether the open matrix is the batch running.
func (m Model) runningOpen() bool { return m.run != nil && m.mx != nil && m.mx.b.ID == m.run.id }

// Focused reports whether the path field has the keyboard.
func (m Model) Focused() bool { return m.path.typing || m.list.Filtering() }

// FieldEmpty reports whether the field with the keyboard is empty: a ?
// there asks for help.
func (m Model) FieldEmpty() bool {
	if m.path.typing {
		return m.path.input.Value() == ""
	}
	return m.list.Query() == ""
}

// SetSize sets the room the tab draws in.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.path.resize(w)
	m.list.SetHeight(max(h-4, 1)) // the heading, a progress line and a line for the path field, the filter or a question
	if m.mx != nil {
		m.layout().follow()
	}
	if m.reader != nil {
		m.reader.resize(w, h, m.dark)
	}
}

// SetDark picks the styles for a dark or light background.
func (m *Model) SetDark(dark bool) {
	m.dark = dark
	m.st = newStyles(dark)
	m.list.SetStyles(list.DefaultStyles(dark))
	m.path.restyle(dark)
	if m.reader != nil {
		m.reader.resize(m.width, m.height, dark)
	}
}

// Summary is the tab's subject for the status bar.
func (m Model) Summary() string {
	switch {
	case m.run != nil:
		p := m.run.last
		return fmt.Sprintf("batch %d: %d/%d", m.run.id, p.Done+p.Failed, p.Total)
	case m.mx != nil:
		return fmt.Sprintf("batch %d", m.mx.b.ID)
	}
	return "batch" // the list: the status bar names the tab, as every tab's does
}

// KeyMap is the tab's keys for help.
func (m Model) KeyMap() help.KeyMap { return m.help() }

// settingsRead gives the batch files read from now on the Settings' judge
// (for rubric checks in a file that names none).
func (m *Model) settingsRead() {
	m.path.read.Judge = ""
	if m.settings != nil {
		m.path.read.Judge = m.settings.Arena.Judge
	}
	m.edit.read = m.path.read
}

// Package compare is the Compare tab of atelier's terminal UI: one prompt
// (and system prompt) sent at once to 2–4 targets, each a family, a model
// and its settings, with the replies streaming side by side. Each column
// shows its figures (time to first token, total time, tokens in and out,
// tokens per second, stop reason) or its error; the person rates columns,
// notes them, picks a winner, continues one as a chat, re-runs, goes back
// through earlier runs as they were recorded, and exports a report.
// A run may go blind (arena.go): the targets shuffled and shown
// as letters until the person's vote, recorded as `compare --blind`
// records it, reveals them. D shows a word diff of two columns, # tags
// the comparison, and a run whose estimate passes the budget asks first.
//
// Every run is recorded in history (a conversation of kind compare, one
// lane per column) by the commands that stream it, as `atelier compare`
// records it. Each column streams in its own chain of commands, so a slow
// or failing target holds no other back.
//
// It imports bubbletea, bubbles, lipgloss, client, record, store,
// store/price, store/rank, ui/markdown, ui/diff, ui/components, termtext
// and ui/tab; never ui.
package compare

import (
	"fmt"
	"reflect"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	launcher "atelier/ui/components/editor"
	"atelier/ui/components/form"
	"atelier/ui/components/guard"
	"atelier/ui/components/vote"
	"atelier/ui/internal/frameclock"
	"atelier/ui/tab"
)

// Options are what the tab works with.
type Options struct {
	Store     *store.Store    // history; nil: runs are not recorded
	Settings  *store.Settings // the default model of each family; nil: none
	ExportDir string          // where x writes reports; "" is the current folder
	Demo      bool            // the built-in simulator is the service
}

// Model is the Compare tab. Copies of a Model share the run on screen (its
// columns are updated in place), as copies of a markdown.Model share their
// renderer: Bubble Tea keeps only the latest.
type Model struct {
	db        *store.Store
	client    *client.Client
	exportDir string

	// What the next run sends.
	targets   []client.ChatTarget
	defaulted bool        // targets are the default models of the settings
	kept      *keptRun    // the person's own next run, while one the Arena added waits to run
	demo      bool        // the simulator answers: a family with no default model gets one
	prices    price.Table // the rates columns are costed at; nil: no cost shown
	prompt    string
	system    string

	run     run     // on screen
	seq     int     // the last run started or opened; answers to others are dropped
	browser browser // every comparison in history, and which is on screen

	verdicts verdictQueue // saves of ratings, notes and winners, in order

	arena    arena           // blind mode: the next run's, and the run on screen's
	settings *store.Settings // the budget the guard weighs a run against; nil: none
	gate     gate            // a run held for the budget's question

	lens lens // how the columns are looked at: focus, zoom, sync, diff

	// The fields open for typing, and the styles and keys, are large and
	// change seldom: behind pointers, a Model is cheap to copy.
	mode   mode
	editor *editor
	form   *form.Model // while the targets form is open
	line   *lineInput  // while a note, the vote's letters or the tags are typed

	pending []tea.Cmd        // frames asked for by SetSize and SetDark, sent by the next Update
	clock   frameclock.Clock // when the renderer ticks: where the columns' frames and takes land

	km            *keyMap
	st            *styles
	dark          bool
	width, height int
}

// New returns the tab, with one target per family that has a default model.
func New(o Options) Model {
	km := defaultKeyMap()
	m := Model{db: o.Store, exportDir: o.ExportDir, demo: o.Demo, km: &km, st: newStyles(true), dark: true,
		browser: newBrowser(), lens: lens{sync: true}}
	if m.exportDir == "" {
		m.exportDir = "."
	}
	m.targets, m.defaulted = defaultTargets(o.Settings, o.Demo), true
	if o.Settings != nil {
		m.prices = o.Settings.Prices
	}
	m.settings, m.arena, m.gate = o.Settings, newArena(o.Store).withSetting(o.Settings), newGate()
	m.editor = newEditor(m.st)
	return m
}

// defaultTargets are one target per chat family with a default model (see
// tab.DefaultModel: in the demo, every family).
func defaultTargets(s *store.Settings, demo bool) []client.ChatTarget {
	var models store.Models
	if s != nil {
		models = s.Models
	}
	var out []client.ChatTarget
	for _, f := range []client.Group{client.Alpha, client.Beta, client.Gamma} {
		if name := tab.DefaultModel(models, f, demo); name != "" {
			out = append(out, client.ChatTarget{Family: f, Model: name})
		}
	}
	return out
}

// settingsSaved adopts the settings saved: the budget, the arena's
// default, the default models while the targets are still the defaults,
// and the rates; the columns are laid out again when the rates changed,
// as their figures may take another line.
func (m Model) settingsSaved(s *store.Settings) (Model, tea.Cmd) {
	m.settings, m.arena = s, m.arena.withSetting(s)
	if m.defaulted {
		m.targets = defaultTargets(s, m.demo)
	}
	if reflect.DeepEqual(s.Prices, m.prices) {
		return m, nil
	}
	m.prices = s.Prices
	return m, tea.Batch(m.layout()...)
}

// Init lists the comparisons in history, and opens the latest.
func (m Model) Init() tea.Cmd { return listRuns(m.db) }

// Update routes each message to the one method that handles it.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	pending := m.pending
	m.pending = nil
	m, cmd := m.update(msg)
	return m, tea.Batch(append(pending, cmd)...)
}

func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.MouseWheelMsg:
		m.run.scroll(msg, m.lens.focus, m.lens.sync)
		return m, nil
	case tab.ClientMsg:
		m.client = msg.Client
		return m, nil
	case frameclock.SyncMsg:
		return m.synced(msg), nil
	case tab.SettingsMsg:
		return m.settingsSaved(msg.Settings)
	case tab.RerunMsg:
		return m.rerun(msg)
	case tab.ShownMsg:
		return m, listRuns(m.db) // comparisons made or deleted elsewhere meanwhile
	case tab.QuitMsg:
		m.run.stop()
		return m, nil
	case tab.RedrawMsg, closedMsg:
		return m, nil
	case guard.Verdict: // sent at once when it fits, else the question is asked
		goes, cmd := m.gate.verdict(msg, m.mode != browsing)
		switch {
		case goes != nil:
			return m.let(*goes)
		case m.gate.asking():
			m.mode = asking
			return m, tea.Batch(m.layout()...)
		}
		return m, cmd
	case launcher.EditedMsg:
		cmd, keep := m.editor.edited(msg, m.mode == prompting)
		if keep { // closed meanwhile: kept for the next run
			m.prompt = msg.Text
		}
		return m, cmd
	}
	return m.answer(msg)
}

// answer takes the answers of the tab's own commands: the run being
// recorded and streamed, the runs in history, the saves; anything else
// goes to the columns and the field being typed in.
func (m Model) answer(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case recordedMsg:
		cmd, began := m.run.begin(msg, m.client, m.clock)
		if began && msg.convID != 0 {
			m.browser = m.browser.recorded(msg.convID)
		}
		return m, cmd
	case batchMsg:
		return m.laneEvents(msg)
	case listedMsg:
		if msg.err != nil {
			return m, tab.Error(msg.err)
		}
		var latest int
		if m.browser, latest = m.browser.listed(msg.ids, m.run.convID, len(m.run.lanes) == 0); latest >= 0 {
			return m.open(latest)
		}
		return m, nil
	case loadedMsg:
		return m.loaded(msg)
	case exportedMsg, pickedMsg:
		return m, told(&m.run, msg)
	case savedMsg:
		return m, m.verdicts.saved(msg, m.db, writeExport(m.db, m.run.convID, m.exportDir))
	case setsMsg, setLoadedMsg, setSavedMsg:
		return m.setResult(msg)
	case taggedMsg:
		if err := saved(msg, &m.run); err != nil {
			return m, tab.Error(fmt.Errorf("compare: %w", err))
		}
		return m, tea.Batch(m.layout()...)
	case vote.RecordedMsg, vote.WithdrawnMsg:
		var cmd tea.Cmd
		m.arena.vote, cmd = m.arena.vote.Update(msg)
		return m, tea.Batch(append(m.layout(), cmd)...)
	}
	cmds := m.run.forward(msg) // the columns' frames
	var cmd tea.Cmd
	m, cmd = m.updateField(msg)
	return m, tea.Batch(append(cmds, cmd)...)
}

// Focused reports whether a text field, or the targets form, has the
// keyboard.
func (m Model) Focused() bool { return m.mode != browsing }

// FieldEmpty reports whether the field with the keyboard holds nothing, or
// the cursor is on a form's family: a ? there opens help.
func (m Model) FieldEmpty() bool {
	switch m.mode {
	case prompting:
		if m.editor.onSys {
			return m.editor.system.Value() == ""
		}
		return m.editor.prompt.Value() == ""
	case targeting:
		return !m.form.EditsText() || m.form.InputEmpty()
	case noting, lining:
		return m.line.input.Value() == ""
	}
	return true
}

// Busy reports whether a column still streams: quitting stops it first,
// so it is recorded whole.
func (m Model) Busy() bool { return m.run.running() }

// SetSize sets the space the tab may draw in.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.pending = append(m.pending, m.layout()...)
}

// SetDark picks the styles for a dark or light background.
func (m *Model) SetDark(dark bool) {
	m.dark = dark
	m.st = newStyles(dark)
	m.arena.vote.SetDark(dark)
	for i := range m.run.lanes {
		m.pending = append(m.pending, m.run.lanes[i].restyle(m.st.Markdown))
	}
	m.editor.restyle(m.st)
	if m.form != nil {
		m.form.SetStyles(m.st.Form)
	}
	if m.line != nil && m.line.kind == noteLine { // the other lines keep the styles they opened with
		m.line.input.SetStyles(m.st.Input)
	}
}

// Summary names the focused column's target, for the status bar: its
// letter while the run is blind.
func (m Model) Summary() string {
	if l := m.run.laneAt(m.lens.focus); l != nil && m.arena.hidden() {
		return "compare · blind · column " + letter(m.lens.focus)
	} else if l != nil {
		return targetLine(l.target, m.run.system)
	}
	if len(m.targets) == 0 {
		return "compare · no targets yet"
	}
	return "compare · " + tab.Plural(len(m.targets), "target")
}

// KeyMap is the tab's keys in the current mode, for help.
func (m Model) KeyMap() help.KeyMap {
	v := m.arena.vote
	return helpKeys{km: *m.km, mode: m.mode, empty: len(m.run.lanes) == 0, lanes: len(m.run.lanes), hidden: m.arena.hidden(),
		ranking: v.Typing(), revealed: v.Blind() && v.ID() != 0 && !v.Withdrawn(), asked: v.Asking(),
		set: m.line != nil && m.line.kind == setLine}.help()
}

// laneAt is column i, nil when there is none: the focused one, say.
func (r run) laneAt(i int) *lane {
	if i < 0 || i >= len(r.lanes) {
		return nil
	}
	return &r.lanes[i]
}

// result addresses a command's message to this tab.
func result(msg tea.Msg) tea.Msg { return tab.Result(tab.Compare, msg) }

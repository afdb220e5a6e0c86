// Package imagetab is the Image tab of atelier's terminal UI: a form for the
// image models (prompt, size, quality, background, n, output format and
// compression, streaming with partial images, input images and a mask for
// an edit), the results shown inline as they stream, a gallery of earlier
// jobs to re-run or edit, and the same prompt on two or three models side
// by side.
//
// The form checks a request with the client's own rules (client.ImageSpec,
// ImageRequest.Validate) as it is written, so a violation shows beside its
// field before anything is sent. Every run is recorded in the store as the
// command line records it (AddImageJob, the files, FinishImageJob); results
// are also copied to the images folder of the settings. Images are shown by
// ui/imageview: kitty placeholders where the terminal has them, else a
// half-block preview; the file path is always shown.
//
// It imports bubbletea, bubbles, lipgloss, client, record, store,
// ui/imageview, termtext and ui/tab; never ui.
package imagetab

import (
	"os/exec"
	"strings"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/ask"
	"atelier/ui/components/editor"
	"atelier/ui/components/guard"
	"atelier/ui/components/list"
	"atelier/ui/components/strip"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// Options are what the tab works with.
type Options struct {
	Store    *store.Store    // where runs are recorded and files saved; nil: nowhere
	Settings *store.Settings // the default image model and the images folder; nil: defaults
	// Images is what the terminal can show, from imageview.DetectFromEnv;
	// replies to imageview.QueryCmds are folded in as they come.
	Images imageview.Capabilities
	// Seed varies kitty image ids between programs sharing a terminal (the
	// process id will do).
	Seed uint32
	// Getenv reads $VISUAL and $EDITOR; nil means os.Getenv.
	Getenv func(string) string
	// Open shows a file in the system's image viewer; nil starts
	// imageview.OpenCmd.
	Open func(path string) error
}

// area is the part of the tab the keys act on.
type area int

const (
	formArea    area = iota // the form, one field under the cursor
	resultsArea             // the images of the last run
	galleryArea             // earlier jobs
	pickerArea              // the models of a comparison
	stripArea               // the strip of variants of a gallery job
)

// Model is the Image tab.
type Model struct {
	client *client.Client
	db     *store.Store
	outDir string          // where results are also copied; "" for nowhere
	prices price.Table     // the rates results are costed at; nil: no cost shown
	cfg    *store.Settings // the [budget] a run is weighed against
	gate   gate            // a run held for the budget's question
	label  ask.Label       // an image job's label, asked (L)
	edit   editor.Model    // the prompt in $VISUAL or $EDITOR
	open   func(string) error
	viewer *imageview.Viewer

	form draft
	area area

	defaultModel string // the settings' image model, which the form starts with

	page page // the latest run's results

	gallery gallery
	stale   tab.Stale   // the store changed while another tab showed the gallery's
	strip   strip.Model // the strip of variants (s in the gallery)
	picker  picker
	arena   arena // the blind default; a run's own letters and vote are in run.blind

	km            keyMap
	st            *styles // by pointer: large, and the model is copied on every call
	width, height int
}

// New returns the tab. It needs a client (tab.ClientMsg) before it sends.
func New(o Options) Model {
	cfg := store.DefaultSettings()
	if o.Settings != nil {
		cfg = o.Settings
	}
	model := defaultImageModel(cfg)
	edit := editor.New(result)
	edit.Ext = ".txt"
	edit.Getenv = o.Getenv
	open := o.Open
	if open == nil {
		open = startViewer
	}
	m := Model{db: o.Store, outDir: cfg.Output.Images, prices: cfg.Prices, cfg: cfg, gate: gate{ask: guard.New()}, label: ask.NewLabel(tab.Image),
		arena: newArena(cfg.Arena.Blind), edit: edit, open: open, defaultModel: model,
		viewer: imageview.NewViewer(o.Images, o.Seed), km: defaultKeyMap(), st: newStyles(true),
		gallery: gallery{jobs: newJobList(), thumbs: strip.NewCache[thumb](thumbsKept)}}
	m.page = page{db: o.Store, open: open, viewer: m.viewer}
	m.strip = newStrip(m.viewer)
	m.form = newDraft(model, m.st, m.km, &lookBook{})
	return m
}

// Init asks the terminal what images it can show.
func (m Model) Init() tea.Cmd { return imageview.QueryCmds() }

// Update handles keys, the terminal's replies and the results of the tab's
// commands, then sends the terminal any image the new layout needs (kitty
// graphics only: nothing is sent for half blocks, or twice for one size).
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	var ok bool
	if m.strip, cmd, ok = m.strip.Answer(msg); !ok {
		m, cmd = m.route(msg)
	}
	if m.area != stripArea && m.strip.IsOpen() { // R took a variant to the form
		m.strip = m.strip.Close()
	}
	place, hint := m.images()
	cmd = tea.Batch(cmd, place)
	if hint != nil {
		cmd = tea.Sequence(cmd, hint) // after the message's own notices
	}
	return m, cmd
}

// route hands a message to the part that owns it: the terminal's replies
// to the viewer, the run's to the page (a lone lane's problems go beside
// the form's rows), the keys by area; what fills the form to fill.
func (m Model) route(msg tea.Msg) (Model, tea.Cmd) {
	if cmd, ok := m.viewer.Caps.Update(msg); ok {
		return m, cmd
	}
	if cmd, news, ok := m.page.update(msg); ok {
		m.form.late(news.vs)
		if news.refused {
			m.area = formArea
			return m, m.form.showProblems()
		}
		return m, cmd
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		if m.area != formArea {
			return m, nil
		}
		return m, m.form.paste(msg)
	case tea.RawMsg:
		return m, m.viewer.Update(msg)
	case tab.ClientMsg:
		m.client = msg.Client
		return m, nil
	case tab.RedrawMsg: // a new size, or back from a paused program
		return m, m.viewer.Refresh()
	case tab.SettingsMsg:
		return m.settings(msg.Settings), nil
	case tab.StoreChangedMsg, tab.ShownMsg:
		return m, m.followStore(msg)
	case galleryLoadedMsg:
		return m, m.gallery.jobsLoaded(msg, m.db)
	case thumbLoadedMsg:
		return m, m.gallery.thumbLoaded(msg, m.viewer.Forget)
	case guard.Verdict:
		goes, cmd := m.gate.verdict(msg)
		return m.gated(goes, cmd)
	case ask.SuggestionsMsg, tab.LabelledMsg:
		return m.labelMsg(msg)
	}
	return m.fill(msg)
}

// Focused reports whether the tab owns the bare keys: a text field has the
// keyboard, or the models picker, which is modal.
func (m Model) Focused() bool {
	if m.page.blind().asking() {
		return true
	}
	return m.gate.ask.Asking() || m.label.Asking() || m.area == formArea && m.form.typing() || m.area == pickerArea
}

// FieldEmpty reports whether the field with the keyboard holds nothing (or
// the models picker has it): a ? there opens help.
func (m Model) FieldEmpty() bool {
	switch {
	case m.label.Asking():
		return m.label.Value() == ""
	case m.area == pickerArea:
		return true
	case m.area != formArea:
		return false
	case m.form.onPrompt:
		return m.form.prompt.Value() == ""
	case m.form.fields.EditsText():
		return m.form.fields.InputEmpty()
	}
	return true
}

// SetSize sets the space the tab may draw in.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.form.setWidth(w)
	m.strip.SetSize(w, h)
}

// SetDark picks the styles for a dark or light background.
func (m *Model) SetDark(dark bool) {
	m.st = newStyles(dark)
	m.form.setStyles(m.st)
	if b := m.page.blind(); b != nil {
		b.vote.SetDark(dark)
	}
	m.gallery.jobs.SetStyles(list.DefaultStyles(dark))
	m.strip.Styles = strip.DefaultStyles(dark)
	m.label.SetStyles(ask.DefaultStyles(dark))
}

// KeyMap is the tab's keys in the current mode, for help.
func (m Model) KeyMap() help.KeyMap {
	if m.gate.ask.Asking() {
		return tab.Asking(m.gate.ask.Help())
	}
	if m.label.Asking() {
		return tab.Asking(m.km.Ask.Help())
	}
	mo := m.area.mode(m.page.blind(), m.form)
	h := helpKeys{km: m.km, form: m.form.fields.KeyMap, list: m.gallery.jobs.KeyMap, strip: m.strip.KeyMap, mode: mo,
		running: m.page.running()}
	if b := m.page.blind(); b != nil {
		h.vote, h.typing = b.vote.Live(), b.vote.Typing()
		if b.asking() && m.area == resultsArea {
			h.mode = asking
		}
	}
	return h.help()
}

// mode is what the keys act on in area a, b being the run's blind state
// and d the form.
func (a area) mode(b *blind, d draft) mode {
	switch a {
	case resultsArea:
		if b.voting() {
			return voting
		}
		return viewing
	case galleryArea:
		return browsing
	case stripArea:
		return stripping
	case pickerArea:
		return picking
	}
	switch {
	case d.inputRow():
		return naming
	case strings.HasPrefix(d.row(), rowImages) || d.row() == rowMask:
		return listing
	case !d.typing():
		return choosing
	}
	return typing
}

// settings adopts saved settings: the images folder may have changed.
func (m Model) settings(s *store.Settings) Model {
	if s == nil {
		return m
	}
	m.outDir, m.prices, m.cfg = s.Output.Images, s.Prices, s
	m.arena.blind = s.Arena.Blind
	// A new default model applies at once, unless another was chosen.
	next := defaultImageModel(s)
	if m.form.spec().Model == m.defaultModel && next != m.defaultModel {
		m.form.setText(rowModel, next)
	}
	m.defaultModel = next
	return m
}

// defaultImageModel is the model the form starts with under s (the
// command line's too: store.Models.ImageModel).
func defaultImageModel(s *store.Settings) string { return s.Models.ImageModel() }

// result addresses a command's message to this tab.
func result(msg tea.Msg) tea.Msg { return tab.Result(tab.Image, msg) }

// startViewer opens path in the system's viewer without waiting for it.
func startViewer(path string) error {
	c := imageview.OpenCmd(path)
	if err := c.Start(); err != nil {
		return err
	}
	go waitViewer(c)
	return nil
}

// waitViewer reaps the launcher, which returns at once.
func waitViewer(c *exec.Cmd) { _ = c.Wait() }

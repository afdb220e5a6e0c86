// Package history is the History tab of atelier's terminal UI: one list of
// every conversation, comparison, image job and video task, newest first,
// narrowed by filters (kind, family, model, status, date) and searched as
// the person types; any item opens read-only, exactly as it was kept
// (rendered replies with their figures, comparison lanes with their
// verdicts, images inline, a video's file and status history, and the
// native request and response JSON on demand), and can be exported, deleted
// or sent back to its tab to run again.
//
// Everything here reads the store, never the network: the tab works the
// same with the service unreachable. Every read and write runs in a
// command; answers carry the number of the request they answer and are
// dropped when a newer one has been made, so typing a search never waits
// on a query.
//
// It imports bubbletea, bubbles, lipgloss, store and ui's own packages
// (tab, termtext, imageview, markdown: replies render as in Chat); never ui.
package history

import (
	"context"
	"reflect"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/ask"
	"atelier/ui/components/filter"
	"atelier/ui/components/strip"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// Options are what the tab works with.
type Options struct {
	Store    *store.Store     // nil: the tab says there is no history
	Settings *store.Settings  // the output folders exports go to, the prices; nil: the current folder
	Now      func() time.Time // the clock the date filters count back from; nil: time.Now
	// CellWidth and CellHeight are a cell's size in pixels as the tty
	// records it (imageview.ReadWindow), for the proportions of half-block
	// previews until the terminal answers a cell size query; zero: 1:2.
	CellWidth, CellHeight int
	// FFmpeg finds the ffmpeg that cuts an open video's frames, "" for
	// none (no frames shown); nil: imageview.FFmpeg, $PATH's.
	FFmpeg func() string
}

// Model is the History tab.
type Model struct {
	db     *store.Store
	output store.Output
	prices price.Table // the rates items are costed at; nil: no cost shown
	now    func() time.Time
	ffmpeg func() string // the ffmpeg of the frames, "" for none

	browse browse // the list, its filters and search, today's spending

	costs  costsView   // the costs by day, model and kind
	reader reader      // the open item
	strip  strip.Model // the strip of variants of an image job (s), over the list or the item
	opens  int         // items opened so far: each opening's seq
	del    deletion    // a deletion being asked
	label  ask.Label   // the label of the item listed or open, asked (L)

	km            keyMap
	st            styles
	dark          bool
	basic         bool // styled for 16 colours (tab.BasicColors)
	width, height int
	md            *mdCache           // rendered replies; the UI loop's only
	preview       *imageview.Preview // half-block renderings; the UI loop's only
}

// New returns the tab; Init loads the first page.
func New(o Options) Model {
	m := Model{db: o.Store, now: o.Now, ffmpeg: o.FFmpeg, km: defaultKeyMap(), dark: true, md: newMDCache(),
		preview: &imageview.Preview{CellWidth: o.CellWidth, CellHeight: o.CellHeight}}
	if m.now == nil {
		m.now = time.Now
	}
	if m.ffmpeg == nil {
		m.ffmpeg = imageview.FFmpeg
	}
	if o.Settings != nil {
		m.output, m.prices = o.Settings.Output, o.Settings.Prices
	}
	m.st = newStyles(true)
	m.browse = newBrowse(m.st, m.db != nil)
	m.strip = strip.New(result, nil) // half blocks: nothing held in the terminal
	m.label = ask.NewLabel(tab.History)
	return m
}

// Init loads the first page of the history, as the request New numbered.
func (m Model) Init() tea.Cmd {
	if m.db == nil {
		return nil
	}
	return tea.Batch(m.browse.pageCmd(context.Background(), m.env(), pageReq{}), spentCmd(m.db, m.prices, m.now))
}

// Update handles keys, the wheel and the results of the tab's commands.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	var ok bool
	if m.strip, cmd, ok = m.strip.Answer(msg); ok {
		return m, cmd
	}
	if m, cmd, ok = m.labelAnswer(msg); ok {
		return m, cmd
	}
	m, cmd = m.update(msg)
	return m, tea.Batch(cmd, m.reader.renderPending(m.env()))
}

// update routes a message to the part it answers; what no part takes (a
// paste) goes to the search field while it has the keyboard.
func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.MouseWheelMsg:
		return m.wheel(msg)
	case tab.ShownMsg:
		return m.shown()
	case tab.StoreChangedMsg:
		if msg.Shown != tab.History {
			return m, nil // read again when shown
		}
		return m.changed()
	case tab.SettingsMsg:
		m = m.withSettings(msg.Settings)
		m.costs, cmd = m.costs.count(m.env(), m.browse.filters)
		return m, tea.Batch(spentCmd(m.db, m.prices, m.now), cmd)
	case costsMsg:
		m.costs = m.costs.loaded(msg)
	case pageMsg, searchedMsg, lanesMsg, spentMsg:
		m.browse, cmd = m.browse.update(m.env(), msg)
	case openedMsg, renderedMsg, imageview.DecodedMsg, framesMsg, uv.CellSizeEvent, tea.ColorProfileMsg, jsonMsg:
		m.reader, cmd = m.reader.update(m.env(), msg)
	case deletableMsg:
		m.del, cmd = m.del.checked(m.env(), msg)
	case deletedMsg:
		return m.deleted(msg)
	case recipeRerunMsg:
		cmd = recipeRerun(msg)
	case exportedMsg:
		cmd = exported(msg)

	default:
		switch m.mode() {
		case searching:
			m.browse, cmd = m.browse.typed(m.env(), msg)
		case filtering:
			m.browse, cmd = m.browse.filterKey(m.env(), msg)
		}
	}
	return m, cmd
}

// Focused reports whether the tab owns the bare keys: the search field has
// the keyboard, or the filters, which are modal.
func (m Model) Focused() bool {
	return m.mode() == searching || m.mode() == filtering || m.mode() == labelling
}

// FieldEmpty reports whether the field with the keyboard (the search, or
// a filter) holds nothing: a ? there opens help.
func (m Model) FieldEmpty() bool {
	switch m.mode() {
	case filtering:
		return m.browse.filters.form.FocusedEmpty()
	case labelling:
		return m.label.Value() == ""
	}
	return m.browse.input.Value() == ""
}

// SetSize sets the space the tab may draw in.
func (m *Model) SetSize(w, h int) {
	m.width, m.height = w, h
	m.browse.input.SetWidth(max(w-lipglossWidth(searchLabel)-2, 10))
	m.browse.filters.form.SetWidth(max(w-2, 20))
	m.browse.list = m.browse.list.follow(m.browse.height(m.env()))
	m.strip.SetSize(w, h)
	if m.reader.open {
		m.reader.relayout(m.env())
	}
}

// SetDark picks the styles for a dark or light background (and for the
// terminal's colours: tab.BasicColors may have changed). Rendered
// replies are drawn again, since their colours are part of them.
func (m *Model) SetDark(dark bool) {
	if dark == m.dark && tab.BasicColors() == m.basic {
		return
	}
	m.dark, m.basic = dark, tab.BasicColors()
	m.st = newStyles(dark)
	m.browse.input.SetStyles(m.st.Input)
	m.browse.filters.form.SetStyles(filter.DefaultStyles(dark))
	m.md = newMDCache()
	m.strip.Styles = strip.DefaultStyles(dark)
	m.label.SetStyles(ask.DefaultStyles(dark))
	if m.reader.open {
		m.reader.relayout(m.env())
	}
}

// Summary names what the tab shows, for the status bar.
func (m Model) Summary() string {
	switch {
	case m.strip.IsOpen():
		return "history · " + m.strip.Summary()
	case m.reader.open:
		return "history · " + string(m.reader.row.ref.Kind) + " " + oneLine(m.reader.title(), 40)
	case m.costs.open:
		return "history · costs"
	case m.browse.query != "":
		return "history · search “" + oneLine(m.browse.query, 30) + "”"
	case m.browse.scope != nil:
		return "history · batch " + oneLine(m.browse.scope.batch.title, 30)
	}
	return "history"
}

// KeyMap is the tab's keys in the current mode, for help.
func (m Model) KeyMap() help.KeyMap {
	return helpKeys{km: m.km, mode: m.mode(), open: m.reader.row.ref.Kind}.help()
}

func (m Model) mode() mode {
	switch {
	case m.del.asking():
		return confirming
	case m.label.Asking():
		return labelling
	case m.strip.IsOpen():
		return stripping
	case m.reader.open:
		return reading
	case m.costs.open:
		return costing
	}
	return m.browse.focus
}

// withSettings adopts saved settings: exports go to the new folders.
func (m Model) withSettings(s *store.Settings) Model {
	if s != nil {
		m.output = s.Output
		m = m.withPrices(s.Prices)
	}
	return m
}

// withPrices adopts the rates saved in Settings: the laid out blocks, which
// carry the old costs, are dropped and the item open is laid out again;
// the exports cost items at them from now on.
func (m Model) withPrices(p price.Table) Model {
	if reflect.DeepEqual(p, m.prices) {
		return m
	}
	if m.db != nil {
		m.db.PriceExports(p)
	}
	m.prices, m.browse.spent, m.costs.sums = p, nil, nil
	m.md.blocks = map[blockKey]block{}
	if m.reader.open {
		m.reader.relayout(m.env())
	}
	return m
}

// shown refreshes the list when the tab comes into view: other tabs may
// have added to the history meanwhile.
func (m Model) shown() (Model, tea.Cmd) {
	if m.strip.IsOpen() {
		return m.followStrip()
	}
	if m.reader.open || m.del.asking() {
		return m, nil
	}
	return m.changed()
}

// changed reads again what the list and the costs show, the store having
// changed: the cursor stays on its item, by id, and items that arrive at
// the top of a list at its top come into sight. The list is read even
// under an open item, so that esc comes back to it as it now is.
func (m Model) changed() (Model, tea.Cmd) {
	var strip, list, costs tea.Cmd
	if m.strip.IsOpen() {
		m, strip = m.followStrip()
	}
	m.browse, list = m.browse.refresh(m.env())
	m.costs, costs = m.costs.count(m.env(), m.browse.filters)
	return m, tea.Batch(strip, list, costs)
}

// oneLine is s cleaned, on one line, cut to n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(termtext.String(s)), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// result addresses a command's message to this tab.
func result(msg tea.Msg) tea.Msg { return tab.Result(tab.History, msg) }

package imagetab

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/store"
	"atelier/ui/components/vote"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// page is the results of the latest run: the run, the tile selected, and
// what acts on them alone — moving, opening, full screen, stopping, the
// blind vote and its withdrawal, the lanes' messages as they come, the
// previews' placement. It is apart from the Model because this state and
// these keys belong together and need nothing of the form: the Model hands
// the page the keys of the results first and does itself what leads
// elsewhere (the form, the gallery, a comparison).
type page struct {
	run *run // the run shown: the latest, or an alternative stepped to; nil before the first
	seq int  // the id of the latest run
	sel int  // the selected tile
	// alts are the runs r added beside each other, oldest first, run one
	// of them; nil while there is one (alternatives.go). rerun: the run
	// about to start is one more.
	alts  []*run
	rerun bool

	// What the page works with, the tab's own, fixed at New.
	db     *store.Store
	open   func(string) error
	viewer *imageview.Viewer
}

// running reports whether a run is under way.
func (p *page) running() bool { return p.run.running() }

// blind is the run's blind state, nil when the run is not blind (or there
// is no run).
func (p *page) blind() *blind {
	if p.run == nil {
		return nil
	}
	return p.run.blind
}

// next starts r as the latest run, the first tile selected, freeing the
// images of the run it replaces.
func (p *page) next(r *run) tea.Cmd {
	if p.rerun && p.run != nil { // r: beside the earlier, which stay
		p.keep(r)
		return nil
	}
	var forget []tea.Cmd
	for _, old := range append(p.alts, p.run) {
		forget = append(forget, old.forget(p.viewer))
	}
	p.alts, p.run, p.sel = nil, r, 0
	return tea.Batch(forget...)
}

// again is the latest run's request and models, to send again: nothing
// before the first run, a warning (cmd) while it is under way.
func (p *page) again() (s spec, models []string, cmd tea.Cmd) {
	r := p.run
	switch {
	case r == nil:
		return spec{}, nil, nil
	case r.running():
		return spec{}, nil, tab.Warn("a run is under way: esc stops it")
	}
	models = make([]string, len(r.lanes))
	for i, l := range r.lanes {
		models[i] = l.model
	}
	return r.spec, models, nil
}

// key handles the keys that act on the results alone; ok is false for a
// key that leads elsewhere, which the tab handles. A blind run before its
// vote takes only the keys that show no name (moving, opening, full
// screen, stop); the rest are its vote's. cols×rows is the whole terminal,
// for full screen.
func (p *page) key(msg tea.KeyPressMsg, km keyMap, cols, rows int) (cmd tea.Cmd, ok bool) {
	b := p.blind()
	if b.asking() || b.voting() && b.vote.Takes(msg) {
		return p.run.voteKey(msg), true
	}
	switch {
	case key.Matches(msg, km.Stop) && p.running():
		p.run.stop()
		return nil, true
	case key.Matches(msg, km.PrevImage):
		p.sel = p.run.step(p.sel, -1)
		return nil, true
	case key.Matches(msg, km.NextImage):
		p.sel = p.run.step(p.sel, 1)
		return nil, true
	case key.Matches(msg, km.Open):
		return p.run.openSelected(p.sel, p.open), true
	case key.Matches(msg, km.FullScreen):
		return p.run.fullScreen(p.sel, p.viewer.Caps, cols, rows), true
	case b.voting():
		return p.vote(msg, km), true
	case key.Matches(msg, km.PrevAlt, km.NextAlt):
		return p.step(msg, km), true
	case b != nil && b.vote.Takes(msg): // W, after the vote
		return p.run.voteKey(msg), true
	}
	return nil, false
}

// vote handles the keys of a blind run before its vote, besides the
// vote's own and those that show no name (key's): esc leaves the vote.
// Every other key would show or lead to a name: it waits.
func (p *page) vote(msg tea.KeyPressMsg, km keyMap) tea.Cmd {
	b := p.run.blind
	switch {
	case key.Matches(msg, km.Stop):
		b.skipped = true
		return tab.Info("not voted: the names stay hidden; c runs a new comparison")
	}
	return tab.Warn("vote first (the line under the images says how); esc leaves it unvoted")
}

// late is what a lone lane found wrong with the form, to show beside its
// rows: what the request broke before it was sent (refused: the cursor
// goes there), or the field the service refused.
type late struct {
	vs      []*client.ValidationError
	refused bool
}

// update takes the messages of the run's commands: the lanes' streams and
// files, the vote and its withdrawal; ok is false for any other message.
// A message of a run gone changes nothing.
func (p *page) update(msg tea.Msg) (cmd tea.Cmd, news late, ok bool) {
	switch msg := msg.(type) {
	case laneOpenedMsg:
		return p.run.laneOpened(msg), late{}, true
	case laneRefusedMsg:
		return nil, p.refused(msg), true
	case laneEventMsg:
		return p.run.laneEvent(msg, p.viewer), late{}, true
	case laneSavedMsg:
		cmd, news = p.saved(msg)
		return cmd, news, true
	case vote.RecordedMsg, vote.WithdrawnMsg:
		b := p.blind()
		if b == nil {
			return nil, late{}, true
		}
		var cmd tea.Cmd
		b.vote, cmd = b.vote.Update(msg)
		return cmd, late{}, true
	}
	return nil, late{}, false
}

// refused marks a lane that sent nothing, and why: in its tile in a
// comparison, beside the form's fields for a single run.
func (p *page) refused(msg laneRefusedMsg) late {
	l := p.run.lane(msg.laneRef)
	if l == nil {
		return late{}
	}
	l.state, l.refused = laneRefused, msg.vs
	if len(p.run.lanes) > 1 {
		return late{}
	}
	return late{vs: msg.vs, refused: true}
}

// saved keeps where a lane's images went and how it ended; a lone lane's
// field refused by the service goes beside it in the form.
func (p *page) saved(msg laneSavedMsg) (tea.Cmd, late) {
	l := p.run.lane(msg.laneRef)
	if l == nil {
		return nil, late{}
	}
	var news late
	if len(p.run.lanes) == 1 {
		news.vs = refusedField(msg.err)
	}
	return p.run.laneSaved(l, msg), news
}

// place sends the terminal what it needs to show the visible tiles in
// width, each rows tall (kitty graphics: a transmission, or a placement
// after a resize); nothing with half blocks.
func (p *page) place(width, rows int) tea.Cmd {
	ts := p.run.tileList()
	first, shown, cols := window(width, p.sel, len(ts))
	if rows <= 0 {
		return nil
	}
	var cmds []tea.Cmd
	for _, t := range ts[first : first+shown] {
		if t.pic != nil && t.pic.img != nil {
			cmds = append(cmds, p.viewer.Prepare(t.pic.key, t.pic.img, cols, rows))
		}
	}
	return tea.Batch(cmds...)
}

// lines draws the tiles in width×room and, under them, the footer: the
// selected image's path, or how its lane is doing.
func (p *page) lines(tv tileView, width, room int) []string {
	lines := p.run.lines(tv, p.sel, width, room)
	foot := p.run.footer(tv.st, p.sel, width)
	if mark := p.altMark(); mark != "" {
		foot = ansi.Truncate(tv.st.Footer.Note.Render(mark+" · ")+foot, width, "…")
	}
	return append(lines, pad(foot, width))
}

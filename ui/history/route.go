package history

import (
	"image"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/internal/share"
	"atelier/store"
	"atelier/ui/components/sharepage"
	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// The tab's routing: a key goes to the part that has the keyboard in the
// current mode (a deletion's question, the costs view, the open item, the
// list browsed); what is done to an item, listed or open, is the tab's.

// key routes a key press by mode.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch m.mode() {
	case confirming:
		m.del, cmd = m.del.key(m.env(), msg)
	case labelling:
		m.label, cmd = m.label.Key(m.db, msg)
	case stripping:
		return m.stripKey(msg)
	case costing:
		m.costs, cmd = m.costs.key(m.env(), m.browse.filters, msg)
	case reading:
		if m, cmd, ok := m.act(msg, m.reader.row, m.reader.title()); ok {
			return m, cmd
		}
		if links := m.reader.links(); key.Matches(msg, m.km.OpenLink) && len(links) > 0 {
			return m.open(links[min(m.reader.link, len(links)-1)].row, false)
		}
		m.reader, cmd = m.reader.key(m.env(), msg)
	case searching:
		m.browse, cmd = m.browse.searchKey(m.env(), msg)
	case filtering:
		m.browse, cmd = m.browse.filterKey(m.env(), msg)
	default:
		return m.listKey(msg)
	}
	return m, cmd
}

// listKey handles a key on the list: the list's own, then the costs view,
// then what opens or is done to the item under the cursor.
func (m Model) listKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.km
	var cmd tea.Cmd
	var ok bool
	if m.browse, cmd, ok = m.browse.key(m.env(), msg); ok {
		return m, cmd
	}
	if key.Matches(msg, k.Costs) {
		m.costs.open = true
		m.costs.at.GotoTop()
		m.costs, cmd = m.costs.count(m.env(), m.browse.filters)
		return m, cmd
	}
	r, ok := m.browse.list.selected()
	if !ok {
		return m, nil
	}
	switch {
	case key.Matches(msg, k.Open, k.JSON) && r.ref.Kind == store.KindBatch:
		m.browse, cmd = m.browse.enterBatch(m.env(), r)
		return m, cmd
	case key.Matches(msg, k.Open):
		return m.open(r, false)
	case key.Matches(msg, k.JSON):
		return m.open(r, true)
	}
	m, cmd, _ = m.act(msg, r, plainTitle(r))
	return m, cmd
}

// open starts reading an item; asJSON shows its native JSON first.
func (m Model) open(r row, asJSON bool) (Model, tea.Cmd) {
	m.opens++
	m.reader = reader{open: true, seq: m.opens, row: r, json: asJSON, jsonLoading: asJSON, wantAt: r.messageID,
		images: map[string]image.Image{}, imageErrs: map[string]string{}}
	m.md = newMDCache()
	m.reader.relayout(m.env())
	return m, openCmd(m.db, m.reader.seq, r)
}

// act does to an item, listed or open, what may be done to it: export it,
// delete it (asked first), send it back to its tab, or to its tab as its
// file's recipe says; ok is false for any other key.
func (m Model) act(msg tea.KeyPressMsg, r row, title string) (_ Model, _ tea.Cmd, ok bool) {
	k := m.km
	switch {
	case key.Matches(msg, k.Export, k.Rerun, k.Recipe) && r.ref.Kind == store.KindBatch:
		return m, notForBatch(r), true
	case key.Matches(msg, k.Export):
		return m, exportCmd(m.db, m.output, r), true
	case key.Matches(msg, k.Share):
		return m, sharepage.Cmd(m.db, share.Options{}, shareRef(r.ref)), true
	case key.Matches(msg, k.Delete):
		var cmd tea.Cmd
		m.del, cmd = m.del.ask(m.env(), r, title)
		return m, cmd, true
	case key.Matches(msg, k.Rerun):
		return m, rerunCmd(m.db, r), true
	case key.Matches(msg, k.Recipe):
		return m, recipeRerunCmd(m.db, r), true
	case key.Matches(msg, k.ToVideo):
		return m, toVideoCmd(m.db, r), true
	case key.Matches(msg, k.Retry):
		return m, retryCmd(r), true
	case key.Matches(msg, k.Label):
		m, cmd := m.askLabel(r)
		return m, cmd, true
	case key.Matches(msg, k.Variants):
		m, cmd := m.openStrip(r)
		return m, cmd, true
	}
	return m, nil, false
}

// wheel scrolls the open item, or moves the list's cursor. Near the end of
// the loaded rows moving the cursor asks for the next page: the command
// that fetches it goes back with the model, or the list would stay marked
// as loading with nothing on its way.
func (m Model) wheel(msg tea.MouseWheelMsg) (Model, tea.Cmd) {
	n := style.WheelStep(msg)
	if n == 0 {
		return m, nil
	}
	if m.reader.open {
		m.reader = m.reader.scroll(m.env(), msg)
		return m, nil
	}
	var cmd tea.Cmd
	m.browse, cmd = m.browse.moveBy(m.env(), n)
	return m, cmd
}

// deleted takes the item out of the list, and closes it if it was open.
func (m Model) deleted(msg deletedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	m.browse.list = m.browse.list.remove(msg.row.ref, m.browse.height(m.env()))
	if m.reader.open && sameItem(m.reader.row.ref, msg.row.ref) {
		m.reader = m.reader.closed(m.preview)
	}
	gone := tab.DeletedMsg{Ref: msg.row.ref, RequestID: msg.row.requestID}
	return m, tea.Batch(tab.Notice("deleted "+string(msg.row.ref.Kind)+" “"+oneLine(msg.title, 40)+"”"),
		func() tea.Msg { return gone })
}

// shareRef is what the share key shares of an item: a batch as a batch,
// anything else as itself.
func shareRef(r store.ItemRef) share.Ref {
	if r.Kind == store.KindBatch {
		return share.Ref{Batch: r.ID}
	}
	return share.Ref{Item: r}
}

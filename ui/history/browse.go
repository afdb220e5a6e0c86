package history

import (
	"context"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/components/filter"
)

// browse is the list as the person goes through it: the rows, read a page
// at a time into a bounded window (listState), the filters and the search
// that narrow them, the search field, the comparisons named by their
// lanes, and today's spending on its top line. It is apart from the Model
// because all of it turns on one thing, the request the rows answer: each
// list or search is numbered (seq), answers to older ones are dropped, and
// a search under way is cancelled when a newer one starts. The Model hands
// it the keys of the list, the search and the filters, and the answers to
// its commands.
type browse struct {
	list    listState
	filters filters
	input   textinput.Model
	query   string // the search the rows answer; "" lists the history
	focus   mode   // listing, searching or filtering
	seq     int    // the latest list or search; answers to others are dropped
	cancel  context.CancelFunc
	top     bool        // g asked for the newest: the cursor goes to the first row when they come
	scope   *batchScope // the batch whose cells are listed; nil: the whole history

	named  map[int64]bool   // the comparisons whose lanes were asked for
	labels map[int64]string // the comparisons named by their lanes' targets

	spent *float64  // what today has cost, at the tab's rates; nil: not known
	drawn *rowCache // drawn rows; the UI loop's only
}

// newBrowse is the list before its first page; with no store it says so.
func newBrowse(st styles, haveStore bool) browse {
	b := browse{input: newInput(st), list: newList(), filters: newFilters(), drawn: &rowCache{}}
	b.list.loading = true
	if !haveStore {
		b.list = b.list.replace(nil, false, 1)
		b.list.err = errNoStore.Error()
	}
	return b
}

// newInput is the search field.
func newInput(st styles) textinput.Model {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = "prompts, replies, image and video prompts; #tag, label:NAME, is:voted, is:blind"
	in.SetStyles(st.Input)
	in.CharLimit = 200
	return in
}

// height is the room for rows: the frame less the search line, the
// filters' two lines while they are chosen, and a question's line.
func (b browse) height(e tabEnv) int {
	h := e.height - 1
	if b.focus == filtering {
		h -= 2
	}
	if e.asking {
		h--
	}
	return max(h, 1)
}

// key handles the keys of the list that are the list's own: moving,
// reading the first rows again, and into the search or the filters; ok
// is false for the others.
func (b browse) key(e tabEnv, msg tea.KeyPressMsg) (_ browse, _ tea.Cmd, ok bool) {
	k := e.km
	var cmd tea.Cmd
	switch {
	case key.Matches(msg, k.Top):
		// The newest, read again: the cursor goes to the first row now,
		// and again when they come.
		b.list = b.list.move(-len(b.list.rows()), b.height(e))
		b, cmd = b.reload(e)
		b.top = cmd != nil
	case key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Bottom):
		b, cmd = b.moveBy(e, k.step(msg, max(b.height(e)-1, 1), len(b.list.rows())))
	case key.Matches(msg, k.Search):
		b = b.leaveScope() // a search is the whole history's
		b.focus = searching
		cmd = b.input.Focus()
	case key.Matches(msg, k.Filters):
		b, cmd = b.openFilters()
	case key.Matches(msg, k.Clear) && b.scope != nil && b.query == "":
		b, cmd = b.leaveBatch(e)
	case key.Matches(msg, k.Clear):
		b, cmd = b.clearSearch(e)
	default:
		return b, nil, false
	}
	return b, cmd, true
}

// moveBy moves the cursor, and asks for the next page when it nears the end.
func (b browse) moveBy(e tabEnv, n int) (browse, tea.Cmd) {
	b.list = b.list.move(n, b.height(e))
	return b.nextPage(e)
}

// searchKey handles the keyboard while the search field has it: the text
// goes to the field, and each change starts a search.
func (b browse) searchKey(e tabEnv, msg tea.KeyPressMsg) (browse, tea.Cmd) {
	k := e.km
	switch {
	case key.Matches(msg, k.Prev):
		return b.moveBy(e, -1)
	case key.Matches(msg, k.Next):
		return b.moveBy(e, 1)
	case key.Matches(msg, k.Done):
		b.focus = listing
		b.input.Blur()
		return b, nil
	case key.Matches(msg, k.Cancel):
		return b.clearSearch(e)
	}
	return b.typed(e, msg)
}

// typed gives the search field what it handles (keys, paste) and searches
// again when its text changed. The Model sends it only while the field
// has the keyboard.
func (b browse) typed(e tabEnv, msg tea.Msg) (browse, tea.Cmd) {
	var cmd tea.Cmd
	b.input, cmd = b.input.Update(msg)
	if b.input.Value() == b.query {
		return b, cmd
	}
	b.query = b.input.Value()
	b, search := b.reload(e)
	return b, tea.Batch(cmd, search)
}

// clearSearch empties the search and leaves the field.
func (b browse) clearSearch(e tabEnv) (browse, tea.Cmd) {
	b.focus = listing
	b.input.Blur()
	b.input.SetValue("")
	if b.query == "" {
		return b, nil
	}
	b.query = ""
	return b.reload(e)
}

// filterKey gives a key (or a paste) to the filter form; the list is read
// again once it applies filters that changed.
func (b browse) filterKey(e tabEnv, msg tea.Msg) (browse, tea.Cmd) {
	var res filter.Result
	var cmd tea.Cmd
	b.filters.form, res, cmd = b.filters.form.Update(msg)
	switch res {
	case filter.Closed:
		b.focus = listing
	case filter.Applied:
		b.focus = listing
		before := b.filters.values
		if b.filters = b.filters.applied(); b.filters.values != before {
			return b.reload(e)
		}
	}
	return b, cmd
}

// openFilters gives the keyboard to the filter form, on the filters
// applied.
func (b browse) openFilters() (browse, tea.Cmd) {
	var cmd tea.Cmd
	b.focus = filtering
	b.filters.form, cmd = b.filters.form.Open()
	return b, cmd
}

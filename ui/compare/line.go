package compare

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/ui/tab"
)

// lineKind is what a one-line field above the columns is for.
type lineKind int

const (
	tagLine  lineKind = iota // the comparison's tags, comma-separated
	noteLine                 // the note on one column
	setLine                  // a target set's name (sets.go)
)

// lineInput is a one-line field: the tags, or a column's note.
type lineInput struct {
	kind  lineKind
	lane  int      // the column of a note
	sets  []string // the saved target sets' names, for a set's field
	input textinput.Model
}

// taggedMsg says a comparison's tags were written, or could not be.
type taggedMsg struct {
	convID int64
	tags   []string
	err    error
}

// label is what the field is for, before it.
func (l *lineInput) label() string {
	switch l.kind {
	case noteLine:
		return fmt.Sprintf("Note on column %d ", l.lane+1)
	case setLine:
		saved := "none saved yet"
		if len(l.sets) > 0 {
			saved = "saved: " + strings.Join(l.sets, ", ")
		}
		return fmt.Sprintf("Target set (%s) ", ansi.Truncate(saved, 30, "…")) // the footer says enter and ctrl+s
	}
	return "Tags (comma-separated; empty removes them) "
}

// width is the field's width in a tab w wide.
func (l *lineInput) width(w int) int {
	if l.kind == noteLine {
		return max(w-30, 10)
	}
	return max(w-ansi.StringWidth(l.label())-4, 10)
}

// openLine opens the field of kind, holding value; a note is the focused
// column's, and holds its note.
func (m Model) openLine(kind lineKind, value string) (Model, tea.Cmd) {
	in := textinput.New()
	in.Prompt = "› "
	in.CharLimit = 400
	width := max(m.width-70, 10)
	switch l := m.run.laneAt(m.lens.focus); {
	case kind == tagLine && (m.db == nil || m.run.convID == 0):
		return m, tab.Warn("compare: this comparison is not in history, so it takes no tags")
	case kind == noteLine && l == nil:
		return m, nil
	case kind == noteLine:
		in.Placeholder = "a note on this reply; enter saves"
		in.CharLimit = 2000
		value, width, m.mode = l.note, max(m.width-24, 10), noting
	default:
		m.mode = lining
	}
	in.SetStyles(m.st.Input)
	in.SetValue(value)
	in.SetWidth(width)
	m.line = &lineInput{kind: kind, lane: m.lens.focus, input: in}
	return m, tea.Batch(append(m.layout(), m.line.input.Focus())...)
}

// lineKey handles the field's keys: enter saves the tags or the note (a
// bad one keeps the field open, named), esc closes it.
func (m Model) lineKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.line.kind == setLine {
		if cmd, done, took := setKey(msg, m.km, m.line.input.Value(), m.db, withSystem(m.targets, m.system)); took {
			if done {
				m.mode, m.line = browsing, nil
			}
			return m, tea.Batch(append(m.layout(), cmd)...)
		}
	}
	switch {
	case key.Matches(msg, m.km.Cancel):
		m.mode, m.line = browsing, nil
		return m, tea.Batch(m.layout()...)
	case !key.Matches(msg, m.km.Save):
		return m.updateField(msg)
	}
	kind := m.line.kind
	cmd, err := m.line.enter(m.run, m.db)
	if err != nil {
		return m, tab.Error(fmt.Errorf("compare: %w", err))
	}
	m.mode, m.line = browsing, nil
	if kind == noteLine {
		cmd = m.verdicts.save(m.db, m.run)
	}
	return m, tea.Batch(append(m.layout(), cmd)...)
}

// enter reads what was typed, on r, the run on screen: the tags give the
// command writing them in db; a note is put on its column at once. Tags
// that break a rule give the error.
func (l *lineInput) enter(r run, db *store.Store) (cmd tea.Cmd, err error) {
	value := l.input.Value()
	if l.kind == noteLine {
		if l.lane < len(r.lanes) {
			r.lanes[l.lane].note = strings.TrimSpace(value)
		}
		return nil, nil
	}
	tags, err := parseTags(value)
	if err != nil {
		return nil, err
	}
	ref := store.ItemRef{Kind: store.KindCompare, ID: r.convID}
	return func() tea.Msg {
		return result(taggedMsg{convID: ref.ID, tags: tags, err: db.SetTags(context.Background(), ref, tags)})
	}, nil
}

// parseTags reads tags typed comma-separated, as stored (see
// store.NormalizeTag), each once, in the order history lists them.
func parseTags(s string) ([]string, error) {
	var out []string
	for _, t := range strings.Split(s, ",") {
		if strings.TrimSpace(t) == "" {
			continue
		}
		n, err := store.NormalizeTag(t)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out) // as history lists them
	return out, nil
}

package compare

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// lineKind is what a one-line field above the columns is for.
type lineKind int

const (
	voteLine lineKind = iota // a blind ranking, letters best first
	tagLine                  // the comparison's tags, comma-separated
)

// lineInput is a one-line field: a ranking or the tags.
type lineInput struct {
	kind  lineKind
	input textinput.Model
}

// taggedMsg says a comparison's tags were written, or could not be.
type taggedMsg struct {
	convID int64
	tags   []string
	err    error
}

// label is what the field is for, before it.
func (l *lineInput) label(n int) string {
	if l.kind == voteLine {
		return fmt.Sprintf("Your ranking (the letters %s best first; t = tie, x = all bad) ", strings.Join(store.Letters(n), ""))
	}
	return "Tags (comma-separated; empty removes them) "
}

// openLine opens the field of kind, holding value.
func (m Model) openLine(kind lineKind, value string) (Model, tea.Cmd) {
	if kind == tagLine && (m.db == nil || m.run.convID == 0) {
		return m, tab.Warn("compare: this comparison is not in history, so it takes no tags")
	}
	in := textinput.New()
	in.Prompt = "› "
	in.CharLimit = 400
	in.SetStyles(m.st.Input)
	in.SetValue(value)
	in.SetWidth(max(m.width-70, 10))
	m.line = &lineInput{kind: kind, input: in}
	m.mode = lining
	return m, tea.Batch(append(m.layout(), m.line.input.Focus())...)
}

// lineKey handles the field's keys: enter records the ranking or saves
// the tags (a bad one keeps the field open, named), esc closes it.
func (m Model) lineKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.km.Cancel):
		m.mode, m.line = browsing, nil
		return m, tea.Batch(m.layout()...)
	case !key.Matches(msg, m.km.Save):
		return m.updateField(msg)
	}
	value := m.line.input.Value()
	if m.line.kind == voteLine {
		verdict, err := store.ParseVerdict(value, len(m.run.lanes))
		if err != nil {
			return m, tab.Error(fmt.Errorf("compare: %w", err))
		}
		m.mode, m.line = browsing, nil
		return m.castVote(verdict)
	}
	tags, err := parseTags(value)
	if err != nil {
		return m, tab.Error(fmt.Errorf("compare: %w", err))
	}
	m.mode, m.line = browsing, nil
	db, ref := m.db, store.ItemRef{Kind: store.KindCompare, ID: m.run.convID}
	return m, tea.Batch(append(m.layout(), func() tea.Msg {
		return result(taggedMsg{convID: ref.ID, tags: tags, err: db.SetTags(context.Background(), ref, tags)})
	})...)
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

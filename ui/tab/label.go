package tab

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store"
)

// Labels: the idea an image job or a video task belongs to.
// The Video task list, the Image gallery and results and History set one
// on the same key (keys.Label), asked by ui/components/ask with these
// pieces, and show it the same way (LabelTag).

// CheckLabel is the rule of a label typed in a form or asked for: the
// store's, its error naming the label and the rule.
func CheckLabel(s string) error {
	_, err := store.NormalizeLabel(s)
	return err
}

// LabelsInUse is what a label question suggests: the labels in use, the
// newest first, read from db when asked (in a command); nil without one.
func LabelsInUse(db *store.Store) func() []string {
	if db == nil {
		return nil
	}
	return func() []string {
		labels, _ := db.Labels(context.Background(), 20)
		for i, l := range labels {
			labels[i] = termtext.String(l)
		}
		return labels
	}
}

// LabelledMsg is what a label's write did, addressed to the tab that
// asked: Label "" took the item's away.
type LabelledMsg struct {
	Ref   store.ItemRef
	Label string
	Err   error
}

// SetLabel writes ref's label, "" taking it away, in a command; the
// answer goes to tab to. The views follow the store's change as they
// follow every other (StoreChangedMsg).
func SetLabel(db *store.Store, to ID, ref store.ItemRef, label string) tea.Cmd {
	if db == nil {
		return Warn("no history: a label cannot be kept")
	}
	return func() tea.Msg {
		var err error
		if label == "" {
			err = db.ClearLabel(context.Background(), ref)
		} else {
			err = db.SetLabel(context.Background(), ref, label)
		}
		return Result(to, LabelledMsg{Ref: ref, Label: label, Err: err})
	}
}

// Said is the status line's word on the write.
func (m LabelledMsg) Said() tea.Cmd {
	switch {
	case m.Err != nil:
		return Error(m.Err)
	case m.Label == "":
		return Notice(string(m.Ref.Kind) + " label taken away")
	}
	return Notice(string(m.Ref.Kind) + " labelled " + LabelTag(m.Label, 40))
}

// LabelTag is a label as the lists show it, a short tag cut to w cells:
// "[space cats]"; "" for none. The label is cleaned for the terminal like
// every stored string.
func LabelTag(label string, w int) string {
	l := strings.Join(strings.Fields(termtext.String(label)), " ")
	if l == "" || w < 3 {
		return ""
	}
	return "[" + ansi.Truncate(l, w-2, "…") + "]"
}

// LabelTerm finds a label:NAME term in a filter's text (label:"two words"
// for a label with spaces): the Video tab's / filter takes it, as History's
// search line does. It returns the label (unquoted, trimmed), the text
// without the term, and whether there was one; a "label:" with nothing
// after it is text.
func LabelTerm(q string) (label, rest string, ok bool) {
	i := strings.Index(strings.ToLower(q), "label:")
	if i < 0 || i > 0 && q[i-1] != ' ' {
		return "", q, false
	}
	tail := q[i+len("label:"):]
	var end int
	if strings.HasPrefix(tail, `"`) {
		j := strings.IndexByte(tail[1:], '"')
		if j < 0 {
			label, end = tail[1:], len(tail)
		} else {
			label, end = tail[1:1+j], j+2
		}
	} else {
		end = strings.IndexByte(tail, ' ')
		if end < 0 {
			end = len(tail)
		}
		label = tail[:end]
	}
	label = strings.TrimSpace(label)
	if label == "" {
		return "", q, false
	}
	return label, strings.TrimSpace(q[:i] + tail[end:]), true
}

// SameLabel reports whether an item's label is the one a filter names,
// case aside (as the store matches it).
func SameLabel(label, want string) bool {
	return label != "" && strings.EqualFold(strings.TrimSpace(label), strings.TrimSpace(want))
}

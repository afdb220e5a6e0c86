package keys

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The verbs every tab shares, each on the same keys and in the same words
// everywhere (README's key table).

// Bind is a binding on keys, shown in the help as label and what it does:
// the one way every key map here makes its bindings.
func Bind(label, what string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(label, what))
}

// Up moves to the row above in a list, where nothing is typed: k too.
func Up() key.Binding { return Bind("↑/k", "up", "up", "k") }

// Down moves to the row below in a list: j too.
func Down() key.Binding { return Bind("↓/j", "down", "down", "j") }

// PageUp moves a page up.
func PageUp() key.Binding { return Bind("pgup", "page up", "pgup") }

// PageDown moves a page down.
func PageDown() key.Binding { return Bind("pgdn", "page down", "pgdown") }

// Top goes to the first row, or the top of a text.
func Top() key.Binding { return Bind("g/home", "top", "g", "home") }

// Bottom goes to the last row, or the end of a text.
func Bottom() key.Binding { return Bind("G/end", "bottom", "G", "end") }

// RowUp moves to the row above in a form, where k is text.
func RowUp() key.Binding { return Bind("↑", "previous row", "up") }

// RowDown moves to the row below in a form.
func RowDown() key.Binding { return Bind("↓", "next row", "down") }

// NextField moves to a form's next field; a tab is never typed into one.
func NextField() key.Binding { return Bind("tab", "next field", "tab") }

// PrevField moves to a form's previous field.
func PrevField() key.Binding { return Bind("shift+tab", "previous field", "shift+tab") }

// Send sends what a prompt or a form holds: Chat's prompt, the Image and
// Video forms (not ctrl+s, which elsewhere saves).
func Send() key.Binding { return Bind("enter", "send", "enter") }

// Filter opens a list's filter, typed as it narrows.
func Filter() key.Binding { return Bind("/", "filter", "/") }

// Open opens the row under the cursor.
func Open() key.Binding { return Bind("enter", "open", "enter") }

// ToVideo carries the image under the cursor to the Video tab, as an
// image-to-video input: the Image tab's results and gallery,
// History.
func ToVideo() key.Binding { return Bind("V", "to video", "V") }

// RetryDownload fetches again the video of a task the service completed
// whose download failed: the Video tab, History.
func RetryDownload() key.Binding { return Bind("D", "retry the download", "D") }

// Variants opens the strip of variants (ui/components/strip)
// on the image under the cursor: the Image gallery, History.
func Variants() key.Binding { return Bind("s", "strip of variants", "s") }

// Reload puts an image's recipe (prompt, target, settings, input images;
// the file's own where it holds one) into the Image form: one verb on one
// key in the Image results, the gallery, History and the strip of variants.
func Reload() key.Binding { return Bind("R", "reload into the form", "R") }

// Back goes one level back: out of what is open, a field, a question.
func Back() key.Binding { return Bind("esc", "back", "esc") }

// Yes answers a question yes, in either case; what says what that does:
// "yes, delete" ("" for a plain yes).
func Yes(what string) key.Binding { return Bind("y", saying("yes", what), "y", "Y") }

// No answers a question no, in either case, or esc: what says what stays
// ("no, keep it").
func No(what string) key.Binding { return Bind("n/esc", saying("no", what), "n", "N", "esc") }

// Says is what an answer made by Yes or No does, without the answer:
// "delete" of "yes, delete"; the answer itself when it says no more.
func Says(b key.Binding) string {
	d := b.Help().Desc
	if _, what, ok := strings.Cut(d, ", "); ok && (strings.HasPrefix(d, "yes, ") || strings.HasPrefix(d, "no, ")) {
		return what
	}
	return d
}

func saying(answer, what string) string {
	if what == "" {
		return answer
	}
	return answer + ", " + what
}

// Withdraw withdraws a vote (after a y), in every tab that votes; a vote
// is never changed.
func Withdraw() key.Binding { return Bind("W", "withdraw the vote", "W") }

// Share writes what the tab shows as one self-contained HTML page
// (ui/components/sharepage), in every tab that shares.
func Share() key.Binding { return Bind("P", "share as a page", "P") }

// PrevAlternative and NextAlternative step through the alternatives of a
// result (a reply regenerated, a comparison's lane run again, an image
// re-run) and the branches of a conversation, in every tab that keeps
// them: "2 of 3". < and > because [ and ] already page Compare's history.
func PrevAlternative() key.Binding { return Bind("<", "previous alternative", "<") }

// NextAlternative: see PrevAlternative.
func NextAlternative() key.Binding { return Bind(">", "next alternative", ">") }

// Shared are the grammar's bindings whose words never change (Yes and No
// say what they answer): the verbs README's key table must hold.
func Shared() []key.Binding {
	return []key.Binding{Up(), Down(), PageUp(), PageDown(), Top(), Bottom(), RowUp(), RowDown(),
		NextField(), PrevField(), Send(), Filter(), Open(), Back(), Withdraw(), Share(), PrevAlternative(), NextAlternative(),
		RetryDownload()}
}

// Moves are the keys that move a cursor through a list, every list's.
type Moves struct{ Up, Down, PageUp, PageDown, Top, Bottom key.Binding }

// DefaultMoves returns the grammar's moves.
func DefaultMoves() Moves {
	return Moves{Up: Up(), Down: Down(), PageUp: PageUp(), PageDown: PageDown(), Top: Top(), Bottom: Bottom()}
}

// Bindings are the moves, for help.
func (m Moves) Bindings() []key.Binding {
	return []key.Binding{m.Up, m.Down, m.PageUp, m.PageDown, m.Top, m.Bottom}
}

// Move is where msg takes a cursor at i over n rows, page rows a page
// (kept within the rows); false when msg is no move.
func (m Moves) Move(msg tea.KeyPressMsg, i, n, page int) (int, bool) {
	page = max(page, 1)
	var to int
	switch {
	case key.Matches(msg, m.Up):
		to = i - 1
	case key.Matches(msg, m.Down):
		to = i + 1
	case key.Matches(msg, m.PageUp):
		to = i - page
	case key.Matches(msg, m.PageDown):
		to = i + page
	case key.Matches(msg, m.Top):
		to = 0
	case key.Matches(msg, m.Bottom):
		to = n - 1
	default:
		return i, false
	}
	return max(min(to, n-1), 0), true
}

// Label sets, changes or takes away the label of the item under the
// cursor (the idea it belongs to), asked by ui/components/ask:
// the Video task list, the Image results and gallery, History.
func Label() key.Binding { return Bind("L", "label", "L") }

package tab

// Kind is what a status-bar notice says about what happened, and so its
// mark and how long it stays.
type Kind int

const (
	Done     Kind = iota // it worked: ✓
	Hint                 // what happens next: ·
	Question             // the tab waits for an answer: ?
	Warning              // the key did nothing, and why: !
)

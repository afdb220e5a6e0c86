// Package form is a form of labelled rows generated from a field spec:
// each row shows its rule beside it and, once its field was edited or a
// submit was tried, its violation in the rule's place. The rules are not
// the form's: a Rules function (the client's own validation) reads the
// body the form describes and names what is wrong, by JSON path.
//
// The spec was generalised from the Video tab's form, itself generated
// from the client's endpoint table: text, numbers, choices, booleans,
// lists of strings and lists of objects, each sent as its JSON type.
package form

import "strings"

// Kind is a field's JSON type.
type Kind int

// The kinds of field.
const (
	String     Kind = iota + 1 // a JSON string
	Integer                    // a number without fraction
	Number                     // any number
	Boolean                    // true or false
	StringList                 // an array of strings
	Object                     // one object with the fields in Items
	ObjectList                 // an array of objects with the fields in Items
)

// Field is one field of a form's spec.
type Field struct {
	Name  string // the body's key, and the row's JSON path
	Label string // what the row is called; Name when empty
	Kind  Kind
	Enum  []string // the values a choice cycles through; empty: typed
	Doc   string   // the rule shown beside the row

	Default     string // the service's default, shown while the field is empty
	Unset       string // what an unset choice shows; "default …" or "unset" when ""
	Placeholder string // what an empty text row shows (after Default)
	Empty       string // what an empty text row shows while not focused; Placeholder when ""

	Required bool // with EmptyOK: an empty text is sent as ""
	EmptyOK  bool
	NoUnset  bool // a choice always holds one of Enum (the first at the start)
	Trim     bool // spaces around the text are not sent
	Meta     bool // not part of the body: read with Model.Text

	// Link marks a text that is a URL (the rules may refuse a local file
	// there); Path one that may also name a file on this machine: Body
	// sends it through its file function. PathDoc is put before the rule
	// while it names one.
	Link    bool
	Path    bool
	PathDoc string

	Items []Field // an object's fields, or those of each object of an ObjectList
	Item  *Field  // the field of each item of a StringList

	// Section makes an Object without Items a heading: its label and Doc
	// on a line of their own, which the focus passes over.
	Section bool
	// Secret is typed masked and never drawn: the row shows Shown, else
	// Empty.
	Secret bool
	// Shown is what a text row shows in place of its text while it is not
	// typed into: a status, a summary the caller edits elsewhere.
	Shown string
}

// label is what the row is called.
func (f Field) label() string {
	if f.Label != "" {
		return f.Label
	}
	return f.Name
}

// Violation is a rule broken at a JSON path; a path no row has goes under
// the form. Alone keeps later violations of the same row from being
// added: it is the one thing to fix there.
type Violation struct {
	Field string
	Text  string // may start with "Field: ", which is not repeated
	Alone bool
}

// IsLocal reports whether a path field's text is a file on this machine
// rather than something sent as it is (a URL, a data URI).
func IsLocal(s string) bool {
	return !strings.Contains(s, "://") && !strings.HasPrefix(strings.ToLower(s), "data:")
}

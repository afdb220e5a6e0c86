package list

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/confirm"
	"atelier/ui/components/keys"
)

// KeyMap is the list's keys: the grammar's (ui/components/keys) for every
// list.
type KeyMap struct {
	keys.Moves              // up, down, a page, either end
	Filter      key.Binding // open the filter
	Accept      key.Binding // keep the filter typed, give the keys back to the list
	ClearFilter key.Binding // drop the filter
	Delete      key.Binding // ask to delete the selected item
	Yes, No     key.Binding // answer the question
}

// DefaultKeyMap returns the list's keys.
func DefaultKeyMap() KeyMap {
	answers := confirm.Keys("delete", "keep")
	return KeyMap{
		Moves:       keys.DefaultMoves(),
		Filter:      keys.Filter(),
		Accept:      keys.Bind("enter", "keep filter", "enter"),
		ClearFilter: keys.Bind("esc", "clear filter", "esc"),
		Delete:      keys.Bind("d/delete", "delete", "d", "delete"),
		Yes:         answers.Yes,
		No:          answers.No,
	}
}

// Filtering are the keys while the filter is typed, for help.
func (k KeyMap) Filtering() []key.Binding { return []key.Binding{k.Accept, k.ClearFilter} }

// Question are the answers to a deletion's question, for help.
func (k KeyMap) Question() []key.Binding { return []key.Binding{k.Yes, k.No} }

// Package keys is atelier's grammar of keys: the bindings every tab
// shares, each a verb on one key in every tab (up and down a list, its
// ends and pages, filter, open, one level back, between a form's fields,
// yes and no, withdraw a vote), and the two ways the shell and its tests
// read any binding: Names, the keys a help label names, and Press, the key
// press a key's name stands for (the command palette runs an action by
// it).
//
// The actions themselves are the tabs' key maps, a group a context
// (tab.Help); the shell joins them with its own into the registry its
// help, its command palette (ctrl+p) and the key-grammar test are drawn
// from, and README's key table is held to that registry.
//
// It imports only Bubbles' key bindings and Bubble Tea; every tab and
// component may import it.
package keys

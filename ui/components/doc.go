// Package components holds the pieces the tabs are built from, each shaped
// like a bubbles package: New, an Update returning its own type, a KeyMap
// with DefaultKeyMap, Styles from the background and View.
//
//   - form: labelled rows, each with its rule and its violation, generated
//     from a field spec (client tables convert to it).
//   - list: a cursor over items, a window that follows it, a filter and a
//     delete that waits for confirmation naming the item.
//   - style: the looks every component and tab shares.
//   - keys: the grammar of keys, the verbs every tab shares on one key.
//   - palette: the command palette (ctrl+p).
//   - sharepage: the share key's page, written into the data folder's
//     shares/ (internal/share).
//   - guard: the budget guard, asking before a run whose estimate passes
//     the [budget].
package components

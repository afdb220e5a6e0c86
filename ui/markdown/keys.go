package markdown

import "atelier/ui/components/scroll"

// KeyMap holds the keys that scroll the view: the scroller's, the same in
// every scrolled pane. It feeds both Update and the help bar.
type KeyMap = scroll.KeyMap

// DefaultKeyMap returns pager keys: arrows and j/k by line, page keys by
// screen, home/g and end/G to the ends.
func DefaultKeyMap() KeyMap { return scroll.DefaultKeyMap() }

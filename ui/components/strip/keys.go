package strip

import (
	"charm.land/bubbles/v2/key"

	"atelier/ui/components/keys"
)

// KeyMap is the strip's keys; esc (keys.Back) is the tab's, which closes it.
type KeyMap struct {
	Prev, Next  key.Binding // the previous or next variant
	First, Last key.Binding
	Reload      key.Binding // R: the chosen one's recipe into the Image form
}

// DefaultKeyMap returns the strip's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Prev:   keys.Bind("←/h", "previous variant", "left", "h"),
		Next:   keys.Bind("→/l", "next variant", "right", "l"),
		First:  keys.Bind("home", "first variant", "home"),
		Last:   keys.Bind("end", "last variant", "end"),
		Reload: keys.Reload(),
	}
}

// Bindings are the strip's keys, for help.
func (k KeyMap) Bindings() []key.Binding {
	return []key.Binding{k.Prev, k.Next, k.First, k.Last, k.Reload}
}

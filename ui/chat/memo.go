package chat

// memo is a value last drawn and what it was drawn for. The Model is
// copied at every message and Bubble Tea asks for its view after each;
// most messages change nothing drawn, and a memo held by pointer, shared
// by the copies, keeps the drawing. The key must name everything the
// drawing shows, so that copies drawing different things only miss.
type memo[K comparable, V any] struct {
	key K
	val V
	set bool
}

// get returns what was drawn for key, or draws it with draw and keeps it.
// A nil memo keeps nothing.
func (m *memo[K, V]) get(key K, draw func() V) V {
	if m != nil && m.set && m.key == key {
		return m.val
	}
	v := draw()
	if m != nil {
		m.key, m.val, m.set = key, v, true
	}
	return v
}

package strip

import "slices"

// Cache keeps decoded thumbnails (or why there is none) by file, at most
// kept of them, the oldest dropped first, and the files being decoded, so
// that each is decoded once: the strip's and the Image gallery's.
type Cache[T any] struct {
	kept    int
	byFile  map[string]T
	order   []string // by age, oldest first
	pending map[string]bool
}

// NewCache is an empty cache of at most kept thumbnails.
func NewCache[T any](kept int) *Cache[T] {
	return &Cache[T]{kept: kept, byFile: map[string]T{}, pending: map[string]bool{}}
}

// Want reports whether rel is to be decoded now: neither kept nor under
// way. It marks rel under way when it is.
func (c *Cache[T]) Want(rel string) bool {
	if _, done := c.byFile[rel]; done || c.pending[rel] {
		return false
	}
	c.pending[rel] = true
	return true
}

// Get is rel's thumbnail, if kept.
func (c *Cache[T]) Get(rel string) (T, bool) {
	t, ok := c.byFile[rel]
	return t, ok
}

// Put keeps rel's thumbnail and returns the files dropped to make room,
// whose pictures the caller frees in the terminal.
func (c *Cache[T]) Put(rel string, t T) (dropped []string) {
	delete(c.pending, rel)
	c.byFile[rel] = t
	c.order = append(slices.DeleteFunc(c.order, func(s string) bool { return s == rel }), rel)
	for len(c.order) > c.kept {
		dropped = append(dropped, c.order[0])
		delete(c.byFile, c.order[0])
		c.order = c.order[1:]
	}
	return dropped
}

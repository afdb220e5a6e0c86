package strip

import (
	"slices"
	"testing"
)

func TestCacheDecodesOnceAndDropsTheOldest(t *testing.T) {
	c := NewCache[int](2)
	if !c.Want("a") || c.Want("a") {
		t.Fatal("a is to be decoded once, not again while under way")
	}
	if dropped := c.Put("a", 1); len(dropped) != 0 || c.Want("a") {
		t.Fatalf("a kept: dropped %v, wanted again", dropped)
	}
	c.Want("b")
	c.Put("b", 2)
	c.Put("a", 1) // a seen again is the newest
	c.Want("c")
	if dropped := c.Put("c", 3); !slices.Equal(dropped, []string{"b"}) {
		t.Fatalf("dropped %v, want the oldest, b", dropped)
	}
	if v, ok := c.Get("a"); !ok || v != 1 {
		t.Fatalf("a: %v %v", v, ok)
	}
	if _, ok := c.Get("b"); ok || !c.Want("b") {
		t.Fatal("b, dropped, is neither kept nor under way")
	}
}

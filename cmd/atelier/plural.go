package main

import "strconv"

// count is n and the noun, plural unless n is 1: "1 vote", "3 votes". The
// command line's own, as it imports no screen (ui/tab.Plural is the
// screens').
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

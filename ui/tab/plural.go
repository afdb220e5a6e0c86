package tab

import "strconv"

// Plural is n and the noun, plural unless n is 1: "1 image job",
// "3 image jobs", "0 images". The nouns atelier counts take an s.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

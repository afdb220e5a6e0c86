package main

import "strings"

// rawControl finds a control character a terminal would act on: C0 but
// newline, tab and carriage return, DEL, and C1 (as UTF-8).
func rawControl(s string) int {
	return strings.IndexFunc(s, func(r rune) bool {
		return r < 0x20 && r != '\n' && r != '\t' && r != '\r' || r == 0x7f || r >= 0x80 && r <= 0x9f
	})
}

package clitest

import (
	"os"
	"strings"
	"testing"
)

// Lookup reads a variable of env (NAME=value entries).
func Lookup(env []string) func(string) string {
	return func(k string) string {
		for _, kv := range env {
			if name, v, _ := strings.Cut(kv, "="); name == k {
				return v
			}
		}
		return ""
	}
}

// DataDir is the data folder of env: its ATELIER_HOME.
func DataDir(env []string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "ATELIER_HOME="); ok {
			return v
		}
	}
	return ""
}

// WriteFile writes s to path, failing the test when it cannot.
func WriteFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// RawControl finds a control character a terminal would act on: C0 but
// newline, tab and carriage return, DEL, and C1 (as UTF-8).
func RawControl(s string) int {
	return strings.IndexFunc(s, func(r rune) bool {
		return r < 0x20 && r != '\n' && r != '\t' && r != '\r' || r == 0x7f || r >= 0x80 && r <= 0x9f
	})
}

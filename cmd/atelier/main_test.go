package main

import (
	"os"
	"path/filepath"
	"testing"
)

// These tests run the command line in this process (runIn, capture), or
// this test binary again as atelier in a child (hostile_child_test.go, a
// pty); the tests that run the built program as a person does are in e2e.

func TestMain(m *testing.M) {
	if code, ok := runAsAtelier(); ok { // a child run as atelier
		os.Exit(code)
	}
	go childBinary() // under -race, a build of its own, begun now
	code := m.Run()
	if bin, err := childBinary(); err == nil && bin != os.Args[0] {
		os.RemoveAll(filepath.Dir(bin))
	}
	os.Exit(code)
}

type result struct {
	stdout, stderr string
	code           int
}

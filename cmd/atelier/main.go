// Command atelier is a terminal studio for one AI generation service: a TUI
// with Chat, Compare, Image, Video, History and Settings tabs, and a
// scriptable command line for the same work.
//
// It wires things together (flags and subcommands, configuration, keys,
// the store, the client and the UI) and holds what only the command line
// does: printing and --json output, prompts from stdin, waiting on video
// tasks, and, until issue 21 moves it to a package both share, recording a
// run into history (record*.go) as the TUI does.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr}, os.Getenv)
	stop()
	os.Exit(code)
}

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
	"runtime/debug"
	"syscall"

	"atelier/internal/limits"
)

func main() {
	setMemoryLimit(os.Getenv)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr}, os.Getenv)
	stop()
	os.Exit(code)
}

// memoryLimit is the Go heap atelier aims to stay under (a soft limit: the
// collector works harder near it, and never fails an allocation). Without
// it the heap grows to twice what is live before a collection: a TUI
// drawing an 8 MiB reply as it streams, or a 30 MiB image in one stream
// event, holds 80-150 MiB live with as much garbage again, and peaked at
// 290-340 MB resident (issue 32, item 11). Page tables, the binary and
// SQLite's page cache come on top, hence well under the 150 MB the
// hostile suite holds atelier to.
const memoryLimit = 100 * limits.MiB

// setMemoryLimit sets memoryLimit, unless the person set GOMEMLIMIT, which
// the runtime has read already and which wins.
func setMemoryLimit(getenv func(string) string) {
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}

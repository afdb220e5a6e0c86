// Command atelier is a terminal studio for one AI generation service: a TUI
// with Chat, Compare, Image, Video, History and Settings tabs, and a
// scriptable command line for the same work.
//
// It wires things together (flags and subcommands, configuration, keys,
// the store, the client and the UI) and holds what only the command line
// does: printing and --json output, prompts from stdin, waiting on video
// tasks. A run is recorded into history by store/record, as the TUI records
// it.
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
// event, holds 45-85 MiB live at its peak with as much garbage again, and
// peaked at 290-340 MB resident. The binary, page
// tables and SQLite's memory (C, outside the Go heap: some 30 MiB while an
// 8 MiB reply is folded and indexed) come on top. At 100 MiB the TUI met
// the hostile suite's 150 MiB on a quiet machine but not on a busy one,
// where the collector, short of a core, let the heap run past the limit
// (143-181 MiB); at 64 MiB it peaks at 125-136 MiB with both cores busy.
// A session's ordinary live heap (a history, thumbnails, a reply of a few
// hundred KiB) is well under it, so the collector runs no more often
// there than without a limit.
const memoryLimit = limits.GoHeap

// setMemoryLimit sets memoryLimit, unless the person set GOMEMLIMIT, which
// the runtime has read already and which wins.
func setMemoryLimit(getenv func(string) string) {
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}

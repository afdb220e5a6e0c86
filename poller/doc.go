// Package poller follows video tasks to their end in the background.
//
// A Poller resumes every unfinished task recorded in the store, polls each
// through the client at an adaptive, jittered interval under one request
// budget shared by all tasks, records every change of status, queue
// position and logs, fetches the result of a completed task, downloads its
// video into the data directory (streamed to a partial file, size-checked,
// resumed after a cut, renamed when whole) and marks the task done. Whoever
// listens — the TUI, or `atelier video wait` — reads one channel of updates.
//
// The poller needs both the client and the store, so it is its own package;
// it never imports ui, and nothing here draws anything.
package poller

// Package poller follows video tasks to their end in the background.
//
// A Session, polling with one client, resumes every unfinished task
// recorded in the store, polls each through the client at an adaptive,
// jittered interval under one request budget shared by all tasks, records
// every change of status, queue position and logs, fetches the result of a
// completed task, downloads its video into the data directory (streamed to
// a partial file, size-checked, resumed after a cut, renamed when whole)
// and marks the task done. `atelier video wait` runs one Session and reads
// its channel of updates.
//
// A Poller supervises the sessions of a program whose client changes while
// it runs (the TUI reconnects when the settings or a key change): each new
// client gets a new Session, the old one stops, and every session's updates
// come through the Poller's one channel of events. The goroutines,
// generations and channels live here, so the command line builds a Poller
// without importing a screen.
//
// The poller needs both the client and the store, so it is its own package;
// it never imports ui, and nothing here draws anything.
package poller

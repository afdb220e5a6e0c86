// Package store keeps everything atelier remembers: one SQLite file in the
// data directory holding conversations and comparisons, image jobs and their
// files, video tasks with their full status history, and the native request
// and response JSON of every call, with full-text search over message text and
// prompts. Media (images, videos) are files under the data directory that rows
// refer to by a path relative to it.
//
// It also holds the settings file (settings.go), which lives beside the
// database but never in it: config.toml is written with the same atomic
// writer as the exports and read under a budget as the store reads files,
// and another package would have to copy that writer or export it for one
// caller; the command line and the TUI's Settings tab load it from here.
// API keys are not here: package keyring finds them (the environment, then
// the system keyring), and a key is never written to SQLite, a log, a
// config file or an error.
//
// A streaming reply is checkpointed while it streams (see Reply), so a crash
// leaves the partial reply marked interrupted rather than nothing.
//
// The package imports the client only for the names of the endpoint groups
// (the settings' [headers] tables), never the UI: the recorder, the poller
// and the command line translate between the service's types and these
// rows.
package store

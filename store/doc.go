// Package store keeps everything atelier remembers: one SQLite file in the
// data directory holding conversations and comparisons, image jobs and their
// files, video tasks with their full status history, and the native request
// and response JSON of every call, with full-text search over message text and
// prompts. Media (images, videos) are files under the data directory that rows
// refer to by a path relative to it.
//
// It also holds the two things that live beside the database but never in it:
// the keyring wrapper for API keys (keys.go; a key is never written to SQLite,
// a log, a config file or an error) and the settings file (settings.go).
//
// A streaming reply is checkpointed while it streams (see Reply), so a crash
// leaves the partial reply marked interrupted rather than nothing.
//
// The package imports neither the client nor the UI: the poller and the
// command line translate between the service's types and these rows.
package store

// Package batch runs a set of prompts over a set of targets, several times
// each, and records every reply in history as it finishes.
//
// A batch is planned in a TOML file (Parse): prompts, inline or from files,
// with {{variables}} that expand into cases; a system prompt; targets in
// compare's FAMILY:MODEL[:key=value,...] form; repeats; and checks. The plan
// becomes cells — one per (case, target, repeat) — stored with the batch
// (store/batch.go), so a run that is stopped or killed resumes with the
// cells not done and never sends a finished cell again.
//
// The runner needs both the client and the store, so it is its own package
// beside poller/, with the poller's rule: it never imports ui, and reports
// progress on a channel to whoever listens (the CLI's progress line, the
// TUI's Batch screen).
package batch

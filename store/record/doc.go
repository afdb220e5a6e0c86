// Package record writes into the history what the command line and the
// TUI both record, one way for both: a chat reply from its prompt to how it
// ended, a comparison of 2 to 4 replies, an image job with its files, a
// video submission. It also reads the image files a video submission sends
// inline. It imports client and store, as package poller does; cmd and ui
// import it, and it imports neither.
//
// Recording is best effort for its callers: each function returns its
// error, and the caller says whether that is a warning (the command line)
// or a line in the status bar (the TUI). No write takes the caller's
// cancellation: a reply the person stopped must still be kept, so the
// contexts passed in are used for their values only.
package record

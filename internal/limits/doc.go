// Package limits is the one place where atelier's limits are defined: how
// much of a reply, a stream, a JSON body, a file or stdin is ever held in
// memory, and how long a quiet stream is waited for. Every reader of
// anything that comes from outside (the network, a file, stdin) takes its
// cap from here, so that nothing a server sends or a user types can exhaust
// memory or hang for good. README.md's "Limits" table lists the same values.
//
// It imports only the standard library: the client, the store, the poller,
// the command line and the screens all use it.
package limits

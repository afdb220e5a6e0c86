// Package keys finds each endpoint group's key: its environment variable
// first (ATELIER_ALPHA_KEY and so on), then the system keyring (the Secret
// Service, the Keychain, the Credential Manager) under a timeout, since a
// locked keyring may wait on a prompt and a wedged D-Bus may never answer.
// It stores and deletes keys there too, and says where each key comes from
// without ever showing it. Keys never go to SQLite, the config file, logs
// or the screen.
//
// It was part of the store; it shares nothing with SQLite, so it is its
// own package, and a top-level one beside recorder and poller rather than
// store/keyring: nothing in it stores history. It imports client (the
// groups, and the key set it resolves into) and go-keyring.
package keys

// Package keyring finds each endpoint group's key: its environment variable
// first (ATELIER_ALPHA_KEY and so on), then the system keyring (the Secret
// Service, the Keychain, the Credential Manager) under a timeout, since a
// locked keyring may wait on a prompt and a wedged D-Bus may never answer.
// It stores and deletes keys there too, and says where each key comes from
// without ever showing it. Keys never go to SQLite, the config file, logs
// or the screen.
//
// It sits under store because the design keeps every secret beside the
// rest of what atelier keeps, but it shares nothing with SQLite: package
// store never imports it. It imports client (the groups, and the key set it
// resolves into) and go-keyring.
package keyring

//go:build !(linux || freebsd || netbsd || openbsd || dragonfly)

package keyring

// keyringPrecheck has nothing to check where the keyring is not on D-Bus.
func keyringPrecheck() error { return nil }

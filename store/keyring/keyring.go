package keyring

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/zalando/go-keyring"

	"atelier/client"
)

// KeyringService is the service name atelier's entries carry in the OS
// keyring; the user name is the group.
const KeyringService = "atelier"

// DefaultKeyringTimeout bounds each keyring operation.
const DefaultKeyringTimeout = 3 * time.Second

// SystemKeyring is the OS keyring (the Secret Service on Linux, the
// Keychain on macOS, the Credential Manager on Windows) through go-keyring.
// Every operation runs under a timeout, since a locked keyring may wait on a
// password prompt and a wedged D-Bus may never answer; while an operation
// that timed out is still stuck, later ones fail at once instead of piling
// up behind it.
type SystemKeyring struct {
	Service string        // default KeyringService
	Timeout time.Duration // default DefaultKeyringTimeout

	mu    sync.Mutex
	stuck int // operations that timed out and have not returned yet

	backend  keyringBackend                       // nil: the OS keyring; tests replace it
	precheck func() error                         // nil: keyringPrecheck; tests replace it
	unstuck  func()                               // test hook: a timed-out operation has returned
	expire   func(time.Duration) <-chan time.Time // nil: a real timer; tests end the wait by hand
}

// NewSystemKeyring returns the OS keyring with the default service name
// and timeout.
func NewSystemKeyring() *SystemKeyring {
	return &SystemKeyring{Service: KeyringService, Timeout: DefaultKeyringTimeout}
}

// KeyringError is a keyring that cannot be used, with what to do about it.
type KeyringError struct {
	Reason string // what went wrong
	Err    error  // the underlying error, if any
}

// Error says what went wrong and exactly what the person can do.
func (e *KeyringError) Error() string {
	vars := make([]string, len(client.Groups))
	for i, g := range client.Groups {
		vars[i] = g.EnvVar()
	}
	return e.Reason + "; or set the keys in the environment instead (" + strings.Join(vars, ", ") + ")"
}

// Unwrap returns the underlying error.
func (e *KeyringError) Unwrap() error { return e.Err }

// keyringBackend is the part of go-keyring's API atelier uses.
type keyringBackend interface {
	Get(service, user string) (string, error)
	Set(service, user, password string) error
	Delete(service, user string) error
}

// osKeyring is go-keyring's OS provider.
type osKeyring struct{}

func (osKeyring) Get(service, user string) (string, error) { return keyring.Get(service, user) }
func (osKeyring) Set(service, user, pw string) error       { return keyring.Set(service, user, pw) }
func (osKeyring) Delete(service, user string) error        { return keyring.Delete(service, user) }

func (k *SystemKeyring) be() keyringBackend {
	if k.backend != nil {
		return k.backend
	}
	return osKeyring{}
}

// Get reads a group's key.
func (k *SystemKeyring) Get(g client.Group) (string, error) {
	var v string
	err := k.run("read", g, "", func(svc string) (err error) {
		v, err = k.be().Get(svc, string(g))
		return err
	})
	return v, err
}

// Set stores a group's key, replacing any earlier one.
func (k *SystemKeyring) Set(g client.Group, key string) error {
	return k.run("store", g, key, func(svc string) error { return k.be().Set(svc, string(g), key) })
}

// Delete removes a group's key.
func (k *SystemKeyring) Delete(g client.Group) error {
	return k.run("delete", g, "", func(svc string) error { return k.be().Delete(svc, string(g)) })
}

// Probe tells whether the keyring answers, by looking up an entry that is
// never stored.
func (k *SystemKeyring) Probe(ctx context.Context) error {
	done := make(chan error, 1)
	go func() {
		_, err := k.Get("probe")
		done <- err
	}()
	select {
	case err := <-done:
		if errors.Is(err, ErrNoKey) {
			return nil
		}
		return err
	case <-ctx.Done():
		return &KeyringError{Reason: "the keyring did not answer in time", Err: ctx.Err()}
	}
}

// run performs one keyring operation under the timeout. secret, when set, is
// scrubbed from any error text, should a back end ever echo it.
func (k *SystemKeyring) run(op string, g client.Group, secret string, fn func(service string) error) error {
	check := k.precheck
	if check == nil {
		check = keyringPrecheck
	}
	if err := check(); err != nil {
		return err
	}
	timeout := k.Timeout
	if timeout <= 0 {
		timeout = DefaultKeyringTimeout
	}
	svc := cmp.Or(k.Service, KeyringService)
	k.mu.Lock()
	if k.stuck > 0 {
		k.mu.Unlock()
		return &KeyringError{Reason: "the keyring is not answering (an earlier request is still waiting; it may be locked behind a password prompt): unlock it"}
	}
	k.mu.Unlock()
	done := make(chan error, 1)
	go func() { done <- fn(svc) }()
	expired := k.expire
	if expired == nil {
		timer := time.NewTimer(timeout)
		defer timer.Stop()
		expired = func(time.Duration) <-chan time.Time { return timer.C }
	}
	select {
	case err := <-done:
		return keyringErr(op, g, secret, err)
	case <-expired(timeout):
	}
	k.mu.Lock()
	k.stuck++
	k.mu.Unlock()
	go func() { // let later calls through once the stuck one returns
		<-done
		k.mu.Lock()
		k.stuck--
		k.mu.Unlock()
		if k.unstuck != nil {
			k.unstuck()
		}
	}()
	return &KeyringError{Reason: fmt.Sprintf("the keyring did not answer within %s (it may be locked behind a password prompt): unlock it", timeout)}
}

// keyringErr turns a go-keyring or D-Bus error into ErrNoKey or a
// KeyringError that says what to do.
func keyringErr(op string, g client.Group, secret string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, keyring.ErrNotFound) {
		return ErrNoKey
	}
	msg := err.Error()
	if secret != "" {
		msg = strings.ReplaceAll(msg, secret, "[redacted]")
	}
	switch {
	case strings.Contains(msg, "org.freedesktop.secrets") || strings.Contains(msg, "ServiceUnknown"):
		return &KeyringError{Reason: "no Secret Service found on D-Bus: start gnome-keyring-daemon (gnome-keyring-daemon --start --components=secrets) or enable KeePassXC's Secret Service integration"}
	case strings.Contains(msg, "couldn't determine address of session bus") || strings.Contains(msg, "dbus-launch"):
		return &KeyringError{Reason: "no D-Bus session bus: run atelier inside a desktop session or under dbus-run-session with a Secret Service (gnome-keyring-daemon or KeePassXC)"}
	}
	return &KeyringError{Reason: fmt.Sprintf("could not %s the %s key in the keyring: %s", op, g, msg)}
}

// MemoryKeyring is a keyring in memory, for tests and the demo profile.
type MemoryKeyring struct {
	mu   sync.Mutex
	keys map[client.Group]string
}

// NewMemoryKeyring returns an empty in-memory keyring.
func NewMemoryKeyring() *MemoryKeyring { return &MemoryKeyring{keys: map[client.Group]string{}} }

// Get reads a group's key.
func (m *MemoryKeyring) Get(g client.Group) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.keys[g]
	if !ok {
		return "", ErrNoKey
	}
	return v, nil
}

// Set stores a group's key.
func (m *MemoryKeyring) Set(g client.Group, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.keys[g] = key
	return nil
}

// Delete removes a group's key.
func (m *MemoryKeyring) Delete(g client.Group) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.keys[g]; !ok {
		return ErrNoKey
	}
	delete(m.keys, g)
	return nil
}

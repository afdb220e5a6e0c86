package keyring

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"unicode"

	"atelier/client"
)

// ErrNoKey is returned when a keyring holds no key for a group.
var ErrNoKey = errors.New("no key stored")

// Keyring keeps one key per group. Implementations never put the key in an
// error.
type Keyring interface {
	Get(g client.Group) (string, error) // ErrNoKey when there is none
	Set(g client.Group, key string) error
	Delete(g client.Group) error // ErrNoKey when there is none
}

// KeySource tells where a group's key comes from.
type KeySource string

// Where a key can come from.
const (
	SourceKeyring     KeySource = "keyring"
	SourceEnvironment KeySource = "environment"
	SourceNone        KeySource = "none"
	// SourceMemory is a key the process holds in memory only (the demo's):
	// it is in no keyring and is forgotten at exit.
	SourceMemory KeySource = "memory"
)

// KeyStatus says where a group's key comes from, never what it is.
type KeyStatus struct {
	Group  client.Group
	Source KeySource
	EnvVar string // the variable that would override the keyring
	// Problem explains, with what to do, why the keyring could not be
	// read; empty when it could.
	Problem string
}

// String is the status in one line, as `keys status` prints it.
func (st KeyStatus) String() string {
	s := fmt.Sprintf("%-6s %s", st.Group, st.Source)
	if st.Source == SourceEnvironment {
		s += " (" + st.EnvVar + ")"
	}
	if st.Problem != "" {
		s += " — " + st.Problem
	}
	return s
}

// Keys finds each group's key: its environment variable first, then the
// keyring.
type Keys struct {
	Keyring Keyring             // nil: environment only
	Getenv  func(string) string // nil: os.Getenv
	// InMemory says the Keyring is no OS keyring but this process's memory
	// (the demo's): its keys are told as SourceMemory, not SourceKeyring.
	InMemory bool
}

// NewKeys resolves keys from the environment and the given keyring.
func NewKeys(kr Keyring) *Keys { return &Keys{Keyring: kr} }

func (k *Keys) getenv(name string) string {
	if k.Getenv != nil {
		return k.Getenv(name)
	}
	return os.Getenv(name)
}

// Key returns a group's key and where it came from. No key anywhere is not
// an error (the source is SourceNone); an unreachable keyring is, and says
// what to do.
func (k *Keys) Key(g client.Group) (string, KeySource, error) {
	if v := strings.TrimSpace(k.getenv(g.EnvVar())); v != "" {
		return v, SourceEnvironment, nil
	}
	if k.Keyring == nil {
		return "", SourceNone, nil
	}
	v, err := k.Keyring.Get(g)
	if errors.Is(err, ErrNoKey) {
		return "", SourceNone, nil
	}
	if err != nil {
		return "", SourceNone, err
	}
	if k.InMemory {
		return v, SourceMemory, nil
	}
	return v, SourceKeyring, nil
}

// Resolve finds every group's key. Once the keyring has failed it is not
// asked again, so a missing or wedged keyring costs one timeout at most, and
// the groups left without a key carry the reason.
func (k *Keys) Resolve() (client.Keys, []KeyStatus) {
	var set client.Keys
	sts := make([]KeyStatus, 0, len(client.Groups))
	ask := *k
	problem := ""
	for _, g := range client.Groups {
		key, src, err := ask.Key(g)
		if err != nil {
			problem, ask.Keyring = err.Error(), nil
		}
		st := KeyStatus{Group: g, Source: src, EnvVar: g.EnvVar()}
		if src == SourceNone {
			st.Problem = problem
		}
		set.Set(g, key)
		sts = append(sts, st)
	}
	return set, sts
}

// Status says where every group's key comes from, without the keys.
func (k *Keys) Status() []KeyStatus {
	_, sts := k.Resolve()
	return sts
}

// Set stores a group's key in the keyring. Surrounding space (the newline
// of a key piped on stdin) is trimmed; a key with space or control
// characters inside is refused. The error never holds the key.
func (k *Keys) Set(g client.Group, key string) error {
	key = strings.TrimSpace(key)
	if key == "" {
		return fmt.Errorf("set %s key: the key is empty", g)
	}
	if strings.IndexFunc(key, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return fmt.Errorf("set %s key: the key holds spaces or control characters", g)
	}
	if k.Keyring == nil {
		return fmt.Errorf("set %s key: no keyring; set %s in the environment instead", g, g.EnvVar())
	}
	if err := k.Keyring.Set(g, key); err != nil {
		return fmt.Errorf("set %s key: %w", g, err)
	}
	return nil
}

// Delete removes a group's key from the keyring. Deleting a key that is not
// there is not an error.
func (k *Keys) Delete(g client.Group) error {
	if k.Keyring == nil {
		return nil
	}
	if err := k.Keyring.Delete(g); err != nil && !errors.Is(err, ErrNoKey) {
		return fmt.Errorf("delete %s key: %w", g, err)
	}
	return nil
}

// Probe tells whether the keyring can be reached, with what to do if not.
func (k *Keys) Probe(ctx context.Context) error {
	p, ok := k.Keyring.(interface{ Probe(context.Context) error })
	if !ok {
		if k.Keyring == nil {
			return errors.New("no keyring")
		}
		return nil
	}
	return p.Probe(ctx)
}

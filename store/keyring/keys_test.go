package keyring

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"atelier/client"
)

const secret = "sk-test-1234567890-SECRET"

// bg is the context of calls that are not cancelled.
var bg = context.Background()

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestKeysResolveEnvironmentBeforeKeyring(t *testing.T) {
	kr := NewMemoryKeyring()
	keys := &Keys{Keyring: kr, Getenv: envOf(map[string]string{"ATELIER_BETA_KEY": " env-beta \n", "ATELIER_GAMMA_KEY": "env-gamma"})}
	if err := keys.Set(client.Alpha, secret+"\n"); err != nil {
		t.Fatal(err)
	}
	keys.Set(client.Gamma, "ring-gamma")
	set, sts := keys.Resolve()
	if set.Alpha != secret || set.Beta != "env-beta" || set.Gamma != "env-gamma" || set.Queue != "" {
		t.Fatal("resolved keys differ") // not printed: they are keys
	}
	want := map[client.Group]KeySource{client.Alpha: SourceKeyring, client.Beta: SourceEnvironment, client.Gamma: SourceEnvironment, client.Queue: SourceNone}
	for _, st := range sts {
		if st.Source != want[st.Group] || st.Problem != "" {
			t.Errorf("%s: %+v", st.Group, st)
		}
		if strings.Contains(st.String(), secret) || strings.Contains(st.String(), "env-beta") {
			t.Errorf("status shows a key: %s", st)
		}
	}
	if err := keys.Delete(client.Alpha); err != nil {
		t.Fatal(err)
	}
	if err := keys.Delete(client.Alpha); err != nil {
		t.Fatalf("deleting a missing key: %v", err)
	}
	if _, src, _ := keys.Key(client.Alpha); src != SourceNone {
		t.Fatalf("after delete: %s", src)
	}
}

func TestKeysSetRejectsBadKeysWithoutEchoingThem(t *testing.T) {
	keys := NewKeys(NewMemoryKeyring())
	for _, bad := range []string{"", "  \n", secret + " x", secret + "\x1b[2J", "a\tb"} {
		err := keys.Set(client.Queue, bad)
		if err == nil {
			t.Errorf("accepted %q", bad)
			continue
		}
		if strings.Contains(err.Error(), secret) || (len(strings.TrimSpace(bad)) > 2 && strings.Contains(err.Error(), strings.TrimSpace(bad))) {
			t.Errorf("error echoes the key: %v", err)
		}
	}
	if err := (&Keys{}).Set(client.Alpha, secret); err == nil || !strings.Contains(err.Error(), "ATELIER_ALPHA_KEY") {
		t.Errorf("no keyring: %v", err)
	}
	if _, err := client.ParseGroup("delta"); err == nil {
		t.Error("unknown group accepted")
	}
	if g, _ := client.ParseGroup("QUEUE"); g != client.Queue || g.EnvVar() != "ATELIER_QUEUE_KEY" {
		t.Errorf("%q %s", g, g.EnvVar())
	}
}

// brokenKeyring fails every read, counting how often it is asked.
type brokenKeyring struct{ calls int }

func (b *brokenKeyring) Get(client.Group) (string, error) {
	b.calls++
	return "", &KeyringError{Reason: "no Secret Service found on D-Bus"}
}
func (b *brokenKeyring) Set(client.Group, string) error { return errors.New("unreachable") }
func (b *brokenKeyring) Delete(client.Group) error      { return errors.New("unreachable") }

func TestUnreachableKeyringIsAskedOnceAndSaysWhatToDo(t *testing.T) {
	kr := &brokenKeyring{}
	keys := &Keys{Keyring: kr, Getenv: envOf(map[string]string{"ATELIER_QUEUE_KEY": "q"})}
	set, sts := keys.Resolve()
	if kr.calls != 1 || set.Queue != "q" {
		t.Fatalf("%d keyring calls", kr.calls)
	}
	for _, st := range sts[:3] {
		if st.Source != SourceNone || !strings.Contains(st.Problem, "ATELIER_ALPHA_KEY, ATELIER_BETA_KEY, ATELIER_GAMMA_KEY, ATELIER_QUEUE_KEY") {
			t.Errorf("%s: %s", st.Group, st)
		}
	}
	if sts[3].Source != SourceEnvironment || sts[3].Problem != "" {
		t.Errorf("queue: %s", sts[3])
	}
}

func TestSystemKeyringTimesOutAndFailsFastWhileWedged(t *testing.T) {
	unstuck := make(chan struct{})
	var timers []time.Duration
	k := &SystemKeyring{Timeout: 50 * time.Millisecond, precheck: func() error { return nil },
		unstuck: func() { close(unstuck) },
		expire: func(d time.Duration) <-chan time.Time {
			timers = append(timers, d)
			c := make(chan time.Time, 1)
			if len(timers) == 1 {
				c <- time.Time{} // the first call's timeout passes at once; later ones never do
			}
			return c
		}}
	release := make(chan struct{})
	err := k.run("read", client.Alpha, "", func(string) error {
		<-release // a D-Bus call that does not answer
		return nil
	})
	var ke *KeyringError
	if !errors.As(err, &ke) || !strings.Contains(err.Error(), "did not answer within 50ms") {
		t.Fatalf("err = %v", err)
	}
	if !slices.Equal(timers, []time.Duration{50 * time.Millisecond}) {
		t.Fatalf("timers started: %v, want one of the keyring's Timeout", timers)
	}
	// While the first call is stuck, the next fails at once: without
	// calling the keyring, and without waiting on a timer of its own.
	if err := k.run("read", client.Beta, "", func(string) error { t.Error("called while wedged"); return nil }); err == nil {
		t.Fatal("no error while wedged")
	}
	if len(timers) != 1 {
		t.Fatalf("the call made while wedged started a timer: %v", timers)
	}
	close(release)
	select {
	case <-unstuck:
	case <-time.After(10 * time.Second): // a deadline, not a wait: the stuck call has been released
		t.Fatal("the stuck call returned but the keyring never noticed")
	}
	// Once the stuck call has returned, the keyring is used again.
	called := false
	if err := k.run("read", client.Beta, "", func(string) error { called = true; return nil }); err != nil || !called {
		t.Fatalf("after recovery: err %v, keyring called %v", err, called)
	}
}

// fakeBackend stands in for go-keyring's OS provider, as its own mock
// would, without replacing the provider for the whole test binary.
type fakeBackend struct {
	m   map[string]string
	err error
}

func (f *fakeBackend) Get(service, user string) (string, error) {
	if f.err != nil {
		return "", f.err
	}
	v, ok := f.m[service+"/"+user]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}

func (f *fakeBackend) Set(service, user, pw string) error {
	if f.err != nil {
		return f.err
	}
	f.m[service+"/"+user] = pw
	return nil
}

func (f *fakeBackend) Delete(service, user string) error {
	if _, ok := f.m[service+"/"+user]; !ok || f.err != nil {
		return cmp.Or(f.err, keyring.ErrNotFound)
	}
	delete(f.m, service+"/"+user)
	return nil
}

func TestSystemKeyringOverBackend(t *testing.T) {
	fake := &fakeBackend{m: map[string]string{}}
	k := NewSystemKeyring()
	k.backend, k.precheck = fake, func() error { return nil }
	if _, err := k.Get(client.Alpha); !errors.Is(err, ErrNoKey) {
		t.Fatalf("missing key: %v", err)
	}
	if err := k.Set(client.Alpha, secret); err != nil {
		t.Fatal(err)
	}
	if v, err := k.Get(client.Alpha); err != nil || v != secret || fake.m["atelier/alpha"] != secret {
		t.Fatal("read back failed, or not stored as service atelier, user alpha")
	}
	if err := k.Probe(bg); err != nil {
		t.Fatal(err)
	}
	if err := k.Delete(client.Alpha); err != nil {
		t.Fatal(err)
	}
	if err := k.Delete(client.Alpha); !errors.Is(err, ErrNoKey) {
		t.Fatalf("second delete: %v", err)
	}
	if len(fake.m) != 0 {
		t.Fatalf("entries left: %d", len(fake.m))
	}
	fake.err = errors.New("dbus: " + secret + " rejected")
	err := k.Set(client.Alpha, secret)
	if err == nil || strings.Contains(err.Error(), secret) {
		t.Fatalf("error holds the key: %v", err)
	}
}

func TestKeyringErrorsSayWhatToDo(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"The name org.freedesktop.secrets was not provided by any .service files", "start gnome-keyring-daemon"},
		{"dbus: couldn't determine address of session bus", "dbus-run-session"},
		{"exec: \"dbus-launch\": executable file not found in $PATH", "dbus-run-session"},
		{"Cannot autolaunch D-Bus without X11 $DISPLAY", "could not read the alpha key"},
	} {
		err := keyringErr("read", client.Alpha, "", errors.New(tc.in))
		if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "ATELIER_ALPHA_KEY") {
			t.Errorf("%q -> %v", tc.in, err)
		}
	}
	if !errors.Is(keyringErr("read", client.Alpha, "", keyring.ErrNotFound), ErrNoKey) {
		t.Error("not found is not ErrNoKey")
	}
}

func TestKeyringPrecheckWithoutSessionBus(t *testing.T) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	k := NewSystemKeyring()
	k.expire = func(time.Duration) <-chan time.Time {
		t.Error("a missing bus waited for the keyring's timeout instead of being noticed at once")
		c := make(chan time.Time, 1)
		c <- time.Time{}
		return c
	}
	_, err := k.Get(client.Alpha)
	if err == nil || !strings.Contains(err.Error(), "no D-Bus session bus") || !strings.Contains(err.Error(), "ATELIER_QUEUE_KEY") {
		t.Fatalf("err = %v", err)
	}
	if err := NewKeys(k).Probe(bg); err == nil {
		t.Fatal("probe passed with no bus")
	}
}
